import {
  type EndpointDef,
  getAllCompanyBranch,
  getModalitiesByBranch,
  getModality,
  type ModalityDetail,
  Permission,
  type PolicyHolderValidation,
  type ProposalView,
  registerPolicyHolderNomeationRequest,
  UserType,
  updateProposal,
  validateBeneficiaryByDocument,
  validatePolicyHolderByCNPJToNewProposal,
} from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { modalsHostMounted } from '../../../app/layout/modals-host-state.js';
import { ApiError } from '../../../shared/api/client.js';
import { signInAs, signOut } from '../../../test/signed-in.js';
import { wholeText } from '../../../test/whole-text.js';
import { BeneficiariesStep, beneficiariesBody } from './beneficiaries-step.js';
import { ClearQuoteButton, clearQuoteMessage } from './clear-quote-button.js';
import { CoveragesStep, coveragesBody, coveragesDraftOf, coveragesFieldOf } from './coverages-step.js';
import { ProposalScope } from './proposal-scope.js';
import { StartStep, startStepReasons } from './start-step.js';

const wrap = (ui: ReactNode) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  modalsHostMounted();
  return render(
    <MantineProvider>
      <ModalsProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter>{ui}</MemoryRouter>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
};

const coverage = (Id: number, Name: string, IsAdditional: boolean, pct = '100') => ({
  Id,
  UniqueId: `c-${Id}`,
  ModalityId: 5,
  Name,
  Description: null,
  IsAdditional,
  InsuredAmountPercentage: pct,
  Rate: IsAdditional ? '0.300000' : '0',
  IsActive: true,
  Order: Id,
});

const modality = {
  Id: 5,
  Name: 'Executante Construtor',
  CanHaveBeneficiaryPF: false,
  Coverages: [coverage(1, 'Cobertura Básica', false)],
  AdditionalCoverages: [coverage(2, 'Multas Contratuais', true, '30')],
  ComplementaryModalities: [
    {
      Id: 1,
      ModalityId: 5,
      ModalityName: 'Executante Construtor',
      ComplementaryModalityId: 9,
      ComplementaryModalityUniqueId: 'm-9',
      ComplementaryModalityName: 'Adiantamento de Pagamento',
      IsActive: true,
    },
  ],
  ParticularClauses: [
    {
      Id: 31,
      Title: 'Cláusula de Retroatividade',
      Text: '<p>Retroatividade para [TOMADOR], até [VALOR_IS], segurado [SEGURADO].</p>',
      PreviewHtml: '<p>Retroatividade para Construtora Exemplo Ltda.</p>',
      IsActive: true,
    },
    { Id: 32, Title: 'Cláusula Inativa', Text: '<p>x</p>', PreviewHtml: '<p>x</p>', IsActive: false },
  ],
} as unknown as ModalityDetail;

const proposal = {
  UniqueId: '00000000-0000-4000-8000-000000000042',
  Version: 7,
  Kind: 'surety',
  ProductId: 5,
  PolicyHolder: { Id: 3, UniqueId: 'h-3', Name: 'Engenharia Real Ltda.', Document: '11222333000181' },
  InsuredAmountValue: '100000.00',
  InsuredId: null,
  Insured: null,
  InsuredLocation: null,
  InsuredLocations: [],
  CoverageLimits: [],
  PackageCoverages: [],
  QARs: [],
  Beneficiaries: [],
  ProposalParticularClause: [],
  ProposalSpecialClause: null,
} as unknown as ProposalView;

/** Types into a masked field the way the browser reports it, then leaves it. */
const typeInto = async (input: HTMLInputElement, text: string) => {
  await act(async () => {
    input.focus();
    input.value = text;
    input.setSelectionRange(text.length, text.length);
    fireEvent.input(input);
  });
  await act(async () => {
    fireEvent.change(input);
    fireEvent.blur(input);
  });
};

/** api.call answering by descriptor. */
const answer = (replies: Map<EndpointDef, (request: unknown) => unknown>) =>
  vi.spyOn(api, 'call').mockImplementation((async (def: EndpointDef, request: unknown) => {
    const reply = replies.get(def);
    if (!reply) throw new Error(`unexpected call ${def.path}`);
    return reply(request);
  }) as never);

describe('coverages step', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('should send the main coverage, the chosen additional one with its franchise, the package and the clauses', () => {
    const d = coveragesDraftOf(proposal, modality);
    expect(d.Coverages.map((c) => [c.Name, c.Selected, c.InsuredAmountValue])).toEqual([
      ['Cobertura Básica', true, '100000.00'],
      ['Multas Contratuais', false, '30000.00'],
    ]);
    d.Coverages[1] = {
      ...d.Coverages[1]!,
      Selected: true,
      FranchiseTypeId: '1',
      FranchisePercent: '10',
      FranchiseValueStart: '5000',
    };
    d.Packages[0] = { ...d.Packages[0]!, Selected: true, InsuredAmountValue: '20000' };
    d.ClauseIds = ['31'];
    d.Qars[0]!.Quantity = '3';
    const body = coveragesBody(proposal, d);
    expect(body).toEqual({
      UniqueId: proposal.UniqueId,
      Version: 7,
      CoverageLimits: [
        {
          CoverageId: 1,
          FranchiseTypeId: null,
          FranchisePercent: null,
          FranchiseValueStart: null,
          FranchiseValueEnd: null,
          FranchiseDays: null,
          FranchiseRequireInsuredParticipation: false,
        },
        {
          CoverageId: 2,
          InsuredAmountValue: '30000.00',
          FranchiseTypeId: 1,
          FranchisePercent: '10',
          FranchiseValueStart: '5000',
          FranchiseValueEnd: null,
          FranchiseDays: null,
          FranchiseRequireInsuredParticipation: false,
        },
      ],
      PackageCoverages: [{ ModalityId: 9, InsuredAmountValue: '20000' }],
      ProposalParticularClauseIds: [31],
      ProposalSpecialClause: null,
    });
    // QARs go only with property proposals.
    expect(coveragesBody({ ...proposal, Kind: 'property' }, d).QARs).toEqual([{ QARItemId: 1, Quantity: 3 }]);
    // The server's paths of the filtered lists land on the rows shown.
    const at = coveragesFieldOf(d);
    expect(at('CoverageLimits.1.FranchiseValueEnd')).toBe('Coverages.1.FranchiseValueEnd');
    expect(at('PackageCoverages.0.ModalityId')).toBe('Packages.0.Name');
    expect(at('ProposalParticularClauseIds.0')).toBe('ClauseIds');
  });

  it('should ask for the IS of a package, show the franchise in words and save the step', async () => {
    const saved = vi.fn((r: unknown) => ({ ...proposal, Version: 8, request: r }));
    answer(
      new Map<EndpointDef, (r: unknown) => unknown>([
        [getModality, () => modality],
        [updateProposal, saved],
      ]),
    );
    const done = vi.fn();
    wrap(<CoveragesStep proposal={proposal} onDone={done} />);
    const additional = await screen.findByRole('checkbox', { name: 'Multas Contratuais' });
    expect(screen.queryByText('Cláusula Inativa')).toBeNull();
    // The clause reads with this proposal's holder and IS, not the editor's sample parties; the
    // insured, not chosen yet, shows as its label.
    const clause = screen.getByText(/Retroatividade para/);
    expect(clause.textContent).toContain('Engenharia Real Ltda.');
    expect(clause.textContent).toContain('R$ 100.000,00');
    expect(clause.textContent).not.toContain('Construtora Exemplo');
    expect(clause.textContent).toContain('Nome do Segurado');
    fireEvent.click(additional);
    expect(await screen.findByLabelText('Importância segurada de Multas Contratuais')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Adiantamento de Pagamento' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cláusula de Retroatividade' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    expect(
      await screen.findByText('Informe a importância segurada de Adiantamento de Pagamento.'),
    ).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
    await typeInto(
      screen.getByLabelText(/Importância segurada de Adiantamento/) as HTMLInputElement,
      '20000',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(saved.mock.calls[0]?.[0]).toMatchObject({
      body: {
        CoverageLimits: [{ CoverageId: 1 }, { CoverageId: 2, InsuredAmountValue: '30000.00' }],
        PackageCoverages: [{ ModalityId: 9, InsuredAmountValue: '20000' }],
        ProposalParticularClauseIds: [31],
      },
    });
  });

  it('should show a stored franchise in words and a refusal of the server on its coverage', async () => {
    const stored = {
      ...proposal,
      CoverageLimits: [
        {
          CoverageId: 2,
          IsAdditional: true,
          InsuredAmountValue: '30000.00',
          FranchiseTypeId: 1,
          FranchisePercent: '10.000000',
          FranchiseValueStart: '5000.00',
          FranchiseValueEnd: null,
          FranchiseDays: null,
          FranchiseRequireInsuredParticipation: false,
        },
      ],
    } as unknown as ProposalView;
    answer(
      new Map<EndpointDef, (r: unknown) => unknown>([
        [getModality, () => modality],
        [
          updateProposal,
          () => {
            throw new ApiError(422, ['Cobertura inválida para esta modalidade.'], {
              Fields: [
                { Field: 'CoverageLimits.1.CoverageId', Message: 'Cobertura inválida para esta modalidade.' },
              ],
            });
          },
        ],
      ]),
    );
    wrap(<CoveragesStep proposal={stored} onDone={() => undefined} />);
    expect(
      await screen.findByText('Franquia: 10,00% dos prejuízos indenizáveis com mínimo de R$ 5.000,00'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    const card = screen.getByRole('region', { name: 'Multas Contratuais' });
    expect(await within(card).findByText('Cobertura inválida para esta modalidade.')).toBeTruthy();
  });
});

describe('beneficiaries step', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('should register a new beneficiary by CNPJ and send the list with the risk location', async () => {
    const beneficiary = {
      Id: 77,
      UniqueId: 'b-77',
      Name: 'Banco de Fomento do Sul',
      Document: '11222333000181',
      IsNaturalPerson: false,
      Locations: [],
    };
    const lookups: unknown[] = [];
    const saved = vi.fn(() => ({ ...proposal, Version: 8 }));
    answer(
      new Map<EndpointDef, (r: unknown) => unknown>([
        [getModality, () => modality],
        [
          validateBeneficiaryByDocument,
          (r) => {
            lookups.push(r);
            const named = (r as { body: { Name?: string } }).body.Name;
            return named
              ? { CanProceed: true, IsNew: true, Message: null, Beneficiary: beneficiary }
              : {
                  CanProceed: false,
                  IsNew: true,
                  Message: 'Beneficiário não cadastrado. Informe o nome para cadastrá-lo.',
                  Beneficiary: null,
                };
          },
        ],
        [updateProposal, saved],
      ]),
    );
    const done = vi.fn();
    wrap(<BeneficiariesStep proposal={proposal} onDone={done} />);
    expect(
      await screen.findByText('Esta modalidade admite somente beneficiário pessoa jurídica (CNPJ).'),
    ).toBeTruthy();
    expect(
      screen.getByText('Escolha o segurado na etapa anterior para indicar o local do risco.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('CNPJ do beneficiário'), { target: { value: '11222333000181' } });
    fireEvent.click(screen.getByRole('button', { name: 'Incluir beneficiário' }));
    expect(
      await screen.findByText('Beneficiário não cadastrado. Informe o nome para cadastrá-lo.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nome do beneficiário'), {
      target: { value: 'Banco de Fomento do Sul' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar beneficiário' }));
    const table = await screen.findByRole('table', { name: 'Beneficiários da proposta' });
    expect(within(table).getByText('Banco de Fomento do Sul')).toBeTruthy();
    expect(within(table).getByText('11.222.333/0001-81')).toBeTruthy();
    expect(within(table).getByText('Sem endereço')).toBeTruthy();
    expect(lookups.at(-1)).toMatchObject({
      body: { Document: '11.222.333/0001-81', CanHaveBeneficiaryPF: false, Name: 'Banco de Fomento do Sul' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(saved).toHaveBeenCalledWith({
      body: beneficiariesBody(proposal, {
        InsuredLocationId: null,
        Beneficiaries: [{ BeneficiaryId: 77, Name: '', Document: '', LocationId: null, Locations: [] }],
      }),
    });
  });
});

describe('beneficiary addresses', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const place = (Id: number, AddressName: string, IsMain: boolean) => ({
    Id,
    ZipCode: '90010000',
    AddressName,
    Number: '10',
    Complement: null,
    Neighborhood: null,
    StateProvinceId: 43,
    StateCode: 'RS',
    CityId: 4314902,
    CityName: 'Porto Alegre',
    IsMain,
  });

  it("should offer the beneficiary's registered addresses, send the one chosen and show a refusal on it", async () => {
    const withAddresses = {
      ...proposal,
      Beneficiaries: [
        {
          Id: 1,
          BeneficiaryId: 77,
          Name: 'Banco de Fomento do Sul',
          Document: '11222333000181',
          IsNaturalPerson: false,
          Location: place(10, 'Rua da Praia', true),
          LocationId: null,
          Locations: [place(10, 'Rua da Praia', true), place(11, 'Avenida Borges de Medeiros', false)],
        },
      ],
    } as unknown as ProposalView;
    const saved = vi.fn((_r: unknown) => {
      throw new ApiError(422, ['Endereço inválido: escolha um endereço cadastrado deste beneficiário.'], {
        Fields: [
          {
            Field: 'Beneficiaries.0.LocationId',
            Message: 'Endereço inválido: escolha um endereço cadastrado deste beneficiário.',
          },
        ],
      });
    });
    answer(
      new Map<EndpointDef, (r: unknown) => unknown>([
        [getModality, () => modality],
        [updateProposal, saved],
      ]),
    );
    wrap(<BeneficiariesStep proposal={withAddresses} onDone={() => undefined} />);
    const table = await screen.findByRole('table', { name: 'Beneficiários da proposta' });
    expect(selectInput('Endereço de Banco de Fomento do Sul').value).toBe(
      'Rua da Praia, 10 · Porto Alegre/RS · CEP 90010-000',
    );
    await pick(
      'Endereço de Banco de Fomento do Sul',
      'Avenida Borges de Medeiros, 10 · Porto Alegre/RS · CEP 90010-000',
    );
    expect(
      within(table).getByRole('button', { name: 'Novo endereço de Banco de Fomento do Sul' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(saved.mock.calls[0]![0]).toMatchObject({
      body: { Beneficiaries: [{ BeneficiaryId: 77, LocationId: 11 }] },
    });
    expect(
      await screen.findByText('Endereço inválido: escolha um endereço cadastrado deste beneficiário.'),
    ).toBeTruthy();
  });
});

describe('partial clear', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('should confirm what stays and what goes, then clear the quote through UpdateProposal', async () => {
    const cleared = vi.fn(() => ({ ...proposal, Version: 8, StatusId: 8 }));
    answer(new Map<EndpointDef, (r: unknown) => unknown>([[updateProposal, cleared]]));
    const done = vi.fn();
    wrap(<ClearQuoteButton proposal={{ ...proposal, StatusId: 1 }} onCleared={done} />);
    fireEvent.click(screen.getByRole('button', { name: 'Limpar cotação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Limpar cotação' });
    expect(within(dialog).getByText(clearQuoteMessage)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Limpar cotação' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(cleared).toHaveBeenCalledWith({
      body: { UniqueId: proposal.UniqueId, Version: 7, Action: 'ClearQuote' },
    });
  });

  it('should not offer the clear once the proposal left the quote statuses', () => {
    wrap(<ClearQuoteButton proposal={{ ...proposal, StatusId: 6 }} onCleared={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Limpar cotação' })).toBeNull();
  });
});

/** The input of a Mantine Select by its label (its listbox carries the same label). */
const selectInput = (label: string) =>
  screen.getAllByLabelText(new RegExp(`^${label}`)).find((e) => e.tagName === 'INPUT') as HTMLInputElement;

/** Opens a Mantine Select by its label and picks the option. */
const pick = async (label: string, option: string) => {
  fireEvent.click(selectInput(label));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
};

/** A broker who quotes, sees and manages its policy holders (6, 14, 13). */
const quotingBroker = [
  Permission.GERENCIAR_PROPOSTAS,
  Permission.VISUALIZAR_TOMADORES,
  Permission.GERENCIAR_TOMADORES,
];

describe("policy holder's branch", { timeout: 30_000 }, () => {
  beforeEach(() => signInAs(UserType.BROKER, quotingBroker));
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    signOut();
  });

  const branch = {
    Id: 501,
    UniqueId: 'br-501',
    BranchCnpj: '11222333000262',
    Branch: '0002-62',
    CreatedAt: '2026-01-01T00:00:00Z',
  };

  it('should offer the head office and the registered branches and start the quote with the branch chosen', async () => {
    const created = vi.fn(() => ({ ...proposal, UniqueId: proposal.UniqueId }));
    answer(
      new Map<EndpointDef, (r: unknown) => unknown>([
        [getAllCompanyBranch, () => [{ Id: 2, Code: '0776', Name: 'Segurado privado', IsActive: true }]],
        [getModalitiesByBranch, () => [{ Id: 5, Name: 'Executante Construtor', IsActive: true }]],
        [
          validatePolicyHolderByCNPJToNewProposal,
          () => ({
            Found: true,
            PolicyHolderUniqueId: 'h-1',
            Name: 'Construtora Alfa Ltda.',
            Document: '11222333000181',
            IsNominated: true,
            NominationPending: false,
            AvailableLimit: '500000.00',
            CanProceed: true,
            Messages: [],
            Branches: [branch],
            Rates: [{ ModalityId: 5, Rate: '2.000000' }],
          }),
        ],
        [updateProposal, created],
      ]),
    );
    wrap(<StartStep />);
    await pick('Ramo', '0776 - Segurado privado');
    await pick('Modalidade', 'Executante Construtor');
    fireEvent.change(selectInput('CNPJ do tomador'), { target: { value: '11222333000181' } });
    fireEvent.click(screen.getByRole('button', { name: 'Consultar tomador' }));
    expect(await screen.findByText('Construtora Alfa Ltda.')).toBeTruthy();
    // The holder's limit and its rate for the modality chosen.
    expect(screen.getByText('Limite disponível: R$ 500.000,00')).toBeTruthy();
    expect(screen.getByText('Taxa do tomador para Executante Construtor: 2,00% a.a.')).toBeTruthy();
    expect(selectInput('Estabelecimento do tomador')).toHaveProperty('value', 'Matriz · 11.222.333/0001-81');
    await pick('Estabelecimento do tomador', 'Filial 0002-62 · 11.222.333/0002-62');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar cotação' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(created).toHaveBeenCalledWith({
      body: { ProductId: 5, PolicyHolderUniqueId: 'h-1', PolicyHolderBranchId: 501 },
    });
  });

  const holderCheck = (over: Partial<PolicyHolderValidation>): PolicyHolderValidation => ({
    Found: true,
    PolicyHolderUniqueId: 'h-2',
    Name: 'Construtora Beta Ltda.',
    Document: '11444777000161',
    IsBlocked: false,
    IsRestrictiveBlocked: false,
    IsActive: true,
    IsNominated: true,
    NominationPending: false,
    LimitStatus: 'Disponivel',
    AvailableLimit: '300000.00',
    CanProceed: true,
    Messages: [],
    Branches: [],
    Rates: [],
    ...over,
  });
  const catalogue = (DefaultRate: string | null) =>
    new Map<EndpointDef, (r: unknown) => unknown>([
      [getAllCompanyBranch, () => [{ Id: 2, Code: '0776', Name: 'Segurado privado', IsActive: true }]],
      [getModalitiesByBranch, () => [{ Id: 5, Name: 'Executante Construtor', IsActive: true, DefaultRate }]],
    ]);
  const checkHolder = async () => {
    wrap(<StartStep />);
    await pick('Ramo', '0776 - Segurado privado');
    await pick('Modalidade', 'Executante Construtor');
    fireEvent.change(selectInput('CNPJ do tomador'), { target: { value: '11444777000161' } });
    fireEvent.click(screen.getByRole('button', { name: 'Consultar tomador' }));
  };

  it("should say the modality's default rate applies when the holder has none, and when neither exists", async () => {
    const cases = [
      [
        '1.500000',
        'Sem taxa do tomador para Executante Construtor: vale a taxa padrão da modalidade, 1,50% a.a.',
      ],
      [
        null,
        'Sem taxa do tomador para Executante Construtor e sem taxa padrão da modalidade: o preço depende da revisão de limite e taxa do tomador.',
      ],
    ] as const;
    for (const [defaultRate, line] of cases) {
      const replies = catalogue(defaultRate);
      replies.set(validatePolicyHolderByCNPJToNewProposal, () => holderCheck({}));
      answer(replies);
      await checkHolder();
      expect(await screen.findByText(line)).toBeTruthy();
      cleanup();
      vi.restoreAllMocks();
    }
  });

  it('should offer the nomination request for a holder the broker is not nominated for, and not start the quote', async () => {
    const nominate = vi.fn(() => true);
    const replies = catalogue('1.500000');
    replies.set(validatePolicyHolderByCNPJToNewProposal, () =>
      holderCheck({
        PolicyHolderUniqueId: null,
        Name: null,
        IsBlocked: null,
        IsRestrictiveBlocked: null,
        IsActive: null,
        IsNominated: false,
        LimitStatus: null,
        AvailableLimit: null,
        CanProceed: false,
        Messages: ['Sua corretora não está nomeada por este tomador. Solicite a nomeação.'],
      }),
    );
    replies.set(registerPolicyHolderNomeationRequest, nominate);
    answer(replies);
    await checkHolder();
    expect(
      await screen.findByText('Sua corretora não está nomeada por este tomador. Solicite a nomeação.'),
    ).toBeTruthy();
    // Nothing of the holder (limit, rate) is shown to a broker it has not nominated.
    expect(screen.queryByText(/^Limite disponível/)).toBeNull();
    expect(screen.queryByText(/taxa/i)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar cotação' }));
    expect(await screen.findByText('Consulte um tomador que possa receber a proposta.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar nomeação' }));
    await waitFor(() => expect(nominate).toHaveBeenCalledWith({ body: { Cnpj: '11.444.777/0001-61' } }));
    expect(await screen.findByText('Nomeação aguardando a seguradora.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Solicitar nomeação' })).toBeNull();
  });

  it('should show the branch, the risk location, the beneficiaries, the extra coverages with their franchises and the clauses, never breaking a CNPJ, an amount or a CEP', () => {
    const location = {
      Id: 9,
      ZipCode: '01310100',
      AddressName: 'Avenida Paulista',
      Number: '1000',
      Complement: null,
      Neighborhood: null,
      StateProvinceId: 35,
      StateCode: 'SP',
      CityId: 3550308,
      CityName: 'São Paulo',
      IsMain: true,
    };
    wrap(
      <ProposalScope
        p={{
          PolicyHolderDocument: '11222333000181',
          PolicyHolderBranch: branch,
          InsuredLocation: location,
          Beneficiaries: [
            {
              Id: 1,
              BeneficiaryId: 77,
              Name: 'Banco de Fomento do Sul',
              Document: '11222333000181',
              IsNaturalPerson: false,
              Location: { ...location, Id: 10, AddressName: 'Rua da Praia', Number: '5' },
              LocationId: 10,
              Locations: [],
            },
          ],
          CoverageLimits: [
            {
              Name: 'Cobertura Básica',
              IsAdditional: false,
              InsuredAmountValue: '100000.00',
              Franchises: [],
            },
            {
              Name: 'Multas Contratuais',
              IsAdditional: true,
              InsuredAmountValue: '30000.00',
              Franchises: [{ Text: '10,00% dos prejuízos indenizáveis com mínimo de R$ 5.000,00' }],
            },
          ] as never,
          PackageCoverages: [
            { ModalityName: 'Adiantamento de Pagamento', InsuredAmountValue: '20000.00' },
          ] as never,
          ProposalParticularClause: [
            { Id: 1, ParticularClauseId: 3, Title: 'Cláusula de Retroatividade', Text: '…' },
          ],
          ProposalSpecialClause: 'A garantia cobre também as multas do edital.',
          QARs: [],
        }}
      />,
    );
    expect(screen.getByText(wholeText('Filial 0002-62 · 11.222.333/0002-62'))).toBeTruthy();
    expect(screen.getByText(wholeText('Avenida Paulista, 1000 · São Paulo/SP · CEP 01310-100'))).toBeTruthy();
    expect(
      screen.getByText(
        wholeText(
          'Banco de Fomento do Sul · 11.222.333/0001-81 · Rua da Praia, 5 · São Paulo/SP · CEP 01310-100',
        ),
      ),
    ).toBeTruthy();
    expect(screen.getByText(wholeText('Multas Contratuais (R$ 30.000,00)'))).toBeTruthy();
    expect(screen.queryByText(/Cobertura Básica/)).toBeNull();
    expect(
      screen.getByText(
        wholeText('Multas Contratuais: 10,00% dos prejuízos indenizáveis com mínimo de R$ 5.000,00'),
      ),
    ).toBeTruthy();
    expect(screen.getByText(wholeText('Adiantamento de Pagamento (R$ 20.000,00)'))).toBeTruthy();
    expect(screen.getByText('Cláusula de Retroatividade')).toBeTruthy();
    expect(screen.getByText('A garantia cobre também as multas do edital.')).toBeTruthy();
    // A CNPJ, an amount and a CEP each lie in one unbroken span: a narrow column wraps around them.
    for (const value of ['11.222.333/0001-81', 'R$ 30.000,00', 'R$ 5.000,00', 'CEP 01310-100'])
      for (const el of screen.getAllByText(value))
        expect([value, el.style.whiteSpace]).toEqual([value, 'nowrap']);
  });
});

/** Issue 30 item 4: the start step offers only the calls the user may make. */
describe('start step by permission', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    signOut();
  });

  const notNominated: PolicyHolderValidation = {
    Found: true,
    PolicyHolderUniqueId: null,
    Name: null,
    Document: '11444777000161',
    IsBlocked: null,
    IsRestrictiveBlocked: null,
    IsActive: null,
    IsNominated: false,
    NominationPending: false,
    LimitStatus: null,
    AvailableLimit: null,
    CanProceed: false,
    Messages: ['Sua corretora não está nomeada por este tomador. Solicite a nomeação.'],
    Branches: [],
    Rates: [],
  };
  const consult = async () => {
    answer(
      new Map<EndpointDef, (r: unknown) => unknown>([
        [getAllCompanyBranch, () => []],
        [validatePolicyHolderByCNPJToNewProposal, () => notNominated],
      ]),
    );
    wrap(<StartStep />);
    fireEvent.change(selectInput('CNPJ do tomador'), { target: { value: '11444777000161' } });
    fireEvent.click(screen.getByRole('button', { name: 'Consultar tomador' }));
    expect(await screen.findByText(notNominated.Messages[0]!)).toBeTruthy();
  };

  it('should offer the nomination request to a broker who manages policy holders', async () => {
    signInAs(UserType.BROKER, quotingBroker);
    await consult();
    expect(screen.getByRole('button', { name: 'Solicitar nomeação' })).toBeTruthy();
    expect(screen.queryByText(startStepReasons.nominate)).toBeNull();
  });

  it('should say why, instead of offering the nomination, to a broker without 13 and to insurer staff', async () => {
    for (const [type, permissions] of [
      [UserType.BROKER, [Permission.GERENCIAR_PROPOSTAS, Permission.VISUALIZAR_TOMADORES]],
      [
        UserType.INSURANCE,
        [
          Permission.GERENCIAR_PROPOSTAS,
          Permission.VISUALIZAR_TOMADORES_SEGURADORA,
          Permission.GERENCIAR_TOMADORES_SEGURADORA,
        ],
      ],
    ] as const) {
      signInAs(type, permissions);
      await consult();
      expect(screen.queryByRole('button', { name: 'Solicitar nomeação' })).toBeNull();
      expect(screen.getByText(startStepReasons.nominate)).toBeTruthy();
      cleanup();
      vi.restoreAllMocks();
    }
  });

  it('should disable the policy holder lookup, with the reason, for a user who may not see policy holders', () => {
    signInAs(UserType.BROKER, [Permission.GERENCIAR_PROPOSTAS]);
    answer(new Map<EndpointDef, (r: unknown) => unknown>([[getAllCompanyBranch, () => []]]));
    wrap(<StartStep />);
    expect(screen.getByRole('button', { name: 'Consultar tomador' })).toHaveProperty('disabled', true);
    expect(selectInput('CNPJ do tomador')).toHaveProperty('disabled', true);
    expect(screen.getByText(startStepReasons.check)).toBeTruthy();
  });
});
