import type { KanbanCard, ProposalCardInfo } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUserInfo, type UserInfo } from '../../../app/session/user-info.js';
import { wholeText } from '../../../test/whole-text.js';
import { kanbanKeys } from '../api/kanban-api.js';
import { CardDetail } from './card-detail.js';
import { isProposalCard } from './proposal-card-view.js';

const ref = '5b0c8a51-6a3e-4d2f-9f0e-2f1d8a7c9e11';

const card: KanbanCard = {
  id: 77,
  pipeId: 6,
  stepId: 61,
  cardType: 'PROPOSTA_SUBSCRICAO',
  cardRef: ref,
  cardData: {
    header: 'Proposta nº 52 · Tecnologia Vigia Sistemas Ltda.',
    body: 'Subscrição manual',
    footer: 'Licitante · IS R$ 1.500.000,00',
  },
  cpfCnpj: '11222333000181',
  enteredStepAt: new Date().toISOString(),
  dueAt: null,
  sla: 'ok',
  assigneeUserId: null,
  approvalBlockers: [],
  version: 1,
  closed: false,
  createdAt: new Date().toISOString(),
};

const log = (
  id: number,
  engine: string,
  outcome: string,
  message: string,
  cardType: string | null = null,
) => ({
  Id: id,
  EngineExecutionTypeId: id,
  EngineExecutionTypeName: engine,
  Approved: outcome === 'APROVADO',
  Message: message,
  CreatedAt: '2026-11-24T12:00:00.000Z',
  Outcome: outcome,
  CardType: cardType,
  Round: 1,
  CreatedByName: null,
  Inputs: { InsuredAmount: '1500000.00', AutomaticApprovalLimit: '1000000.00' },
});

const address = (Id: number, AddressName: string, number: string) => ({
  Id,
  ZipCode: '01001000',
  AddressName,
  Number: number,
  Complement: null,
  Neighborhood: null,
  StateProvinceId: 35,
  StateCode: 'SP',
  CityId: 3550308,
  CityName: 'São Paulo',
  IsMain: true,
});

const info = {
  Proposal: {
    UniqueId: ref,
    Number: 52,
    Kind: 'surety',
    StatusId: 2,
    StatusName: 'Em análise',
    Version: 4,
    ProductName: 'Licitante',
    ProductBranch: '0775',
    PolicyHolderName: 'Tecnologia Vigia Sistemas Ltda.',
    PolicyHolderDocument: '11222333000181',
    PolicyHolderBranch: {
      Id: 8,
      UniqueId: 'br-8',
      BranchCnpj: '11222333000262',
      Branch: '0002-62',
      CreatedAt: '2026-01-01T00:00:00Z',
    },
    Insured: { Name: 'Prefeitura de Teste', Document: '11444777000161' },
    InsuredLocation: address(3, 'Praça da Sé', '1'),
    Beneficiaries: [
      {
        Id: 1,
        BeneficiaryId: 70,
        Name: 'Banco de Fomento do Sul',
        Document: '11444777000161',
        IsNaturalPerson: false,
        Location: address(4, 'Rua da Praia', '5'),
      },
    ],
    CoverageLimits: [
      { Name: 'Cobertura Básica', IsAdditional: false, InsuredAmountValue: '1500000.00', Franchises: [] },
      {
        Name: 'Multas Contratuais',
        IsAdditional: true,
        InsuredAmountValue: '300000.00',
        Franchises: [{ Text: '10,00% dos prejuízos indenizáveis com mínimo de R$ 5.000,00' }],
      },
    ],
    PackageCoverages: [{ ModalityName: 'Adiantamento de Pagamento', InsuredAmountValue: '200000.00' }],
    BrokerName: 'Lopes & Azevedo Corretora',
    StartDate: '2026-11-24',
    EndDate: '2027-05-23',
    InsuredAmountValue: '1500000.00',
    Limit: { EffectiveAvailable: '12884800.00', Remaining: '11384800.00', EconomicGroup: null },
    InsurancePremium: '4623.29',
    TotalPremium: '4623.29',
    Tax: '0.500000',
    SpecialLoading: null,
    LossHistory: null,
    ComissionPercentage: '20.00',
    ProposalSpecialClause: 'A garantia cobre também as multas do edital.',
    ProposalParticularClause: [
      {
        Id: 1,
        ParticularClauseId: 3,
        Title: 'Cláusula de Retroatividade',
        Text: '<p>Cobre desde <strong>01/11/2026</strong>.</p>',
      },
    ],
    QARs: [],
    RequestDocuments: [],
    DeletedRequestDocuments: [],
    ProposalEngineExecutionLogs: [
      log(9, 'PEP', 'APROVADO', 'Nenhuma pessoa politicamente exposta encontrada.'),
      log(
        6,
        'Subscrição',
        'PENDENTE',
        'Subscrição manual: importância segurada acima do limite de aprovação automática.',
        'PROPOSTA_SUBSCRICAO',
      ),
    ],
  },
  Analysis: {
    Round: 1,
    PassedEngineIds: [9, 3, 8],
    WaitingEngineId: 6,
    WaitingEngineName: 'Subscrição',
    WaitingCardType: 'PROPOSTA_SUBSCRICAO',
    CessionPlan: null,
  },
  RiskChange: { HasRiskChange: false },
} as unknown as ProposalCardInfo;

const wrap = (children: ReactNode) => {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(kanbanKeys.proposalCard(ref), info);
  client.setQueryData([...kanbanKeys.proposalCard(ref), 'documents'], { RequestDocuments: [] });
  client.setQueryData(kanbanKeys.history(card.id), { card, moves: [] });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
};

afterEach(() => {
  cleanup();
  setUserInfo(undefined);
  vi.unstubAllGlobals();
});

// The drawer renders the whole proposal: seconds on a loaded machine.
describe('proposal cards on the board', { timeout: 30_000 }, () => {
  it('should tell a proposal card by its type, or by its header when the type is shared with a registry owner', () => {
    expect(isProposalCard(card)).toBe(true);
    const limit = { ...card, cardType: 'REQUEST_LIMIT' };
    expect(isProposalCard(limit)).toBe(true);
    expect(
      isProposalCard({ ...limit, cardData: { header: 'Construtora X', body: 'Revisão', footer: null } }),
    ).toBe(false);
    expect(isProposalCard({ ...card, cardType: 'NOMEACAO_TOMADOR' })).toBe(false);
  });

  it('should show why the proposal stopped, its price and engine log, and send it to the broker', async () => {
    // An underwriter: insurer staff with the proposals' management (31).
    setUserInfo({
      UserInfoId: 5,
      UserId: 5,
      UserTypeId: 1,
      Menus: [{ MenuFuncionalities: [{ Id: 31 }] }],
    } as unknown as UserInfo);
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    wrap(<CardDetail card={card} canManage onClose={vi.fn()} />);
    expect(screen.getByText('Detalhes da Proposta')).toBeTruthy();
    expect(screen.getByText('Aguarda: Subscrição')).toBeTruthy();
    expect(screen.getByText('Por que parou em Subscrição')).toBeTruthy();
    expect(screen.getAllByText('R$ 1.500.000,00').length).toBeGreaterThan(0);
    // The holder's limit and what this proposal leaves of it, as on the detail.
    expect(
      screen.getByText(wholeText('R$ 12.884.800,00 · após esta proposta: R$ 11.384.800,00')),
    ).toBeTruthy();
    expect(screen.getByText(wholeText('Tecnologia Vigia Sistemas Ltda. · 11.222.333/0001-81'))).toBeTruthy();
    // The holder's branch, the risk location, the beneficiaries with their addresses, the extra
    // coverages with their franchises, the complementary modalities and the clauses.
    expect(screen.getByText(wholeText('Filial 0002-62 · 11.222.333/0002-62'))).toBeTruthy();
    expect(screen.getByText(wholeText('Praça da Sé, 1 · São Paulo/SP · CEP 01001-000'))).toBeTruthy();
    expect(
      screen.getByText(
        wholeText(
          'Banco de Fomento do Sul · 11.444.777/0001-61 · Rua da Praia, 5 · São Paulo/SP · CEP 01001-000',
        ),
      ),
    ).toBeTruthy();
    expect(screen.getByText(wholeText('Multas Contratuais (R$ 300.000,00)'))).toBeTruthy();
    expect(
      screen.getByText(
        wholeText('Multas Contratuais: 10,00% dos prejuízos indenizáveis com mínimo de R$ 5.000,00'),
      ),
    ).toBeTruthy();
    expect(screen.getByText(wholeText('Adiantamento de Pagamento (R$ 200.000,00)'))).toBeTruthy();
    const scope = within(screen.getByLabelText('Partes e coberturas'));
    expect(scope.getByText('Cláusula de Retroatividade')).toBeTruthy();
    expect(scope.getByText('A garantia cobre também as multas do edital.')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Validações automáticas' })).toBeTruthy();
    expect(screen.getByText('Pendente')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recalcular prêmio' })).toBeTruthy();
    // The underwriter edits a particular clause's text as formatted text, never as raw HTML.
    const clause = screen.getByRole('textbox', { name: 'Cláusula de Retroatividade' });
    expect(clause.textContent).toBe('Cobre desde 01/11/2026.');
    expect(clause.querySelector('strong')?.textContent).toBe('01/11/2026');
    expect(screen.queryByDisplayValue(/<p>/)).toBeNull();
    const send = screen.getByRole('button', { name: 'Enviar ao corretor' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('O que o corretor deve ver ou fazer'), {
      target: { value: 'Agravo de 25% pela subscrição.' },
    });
    fireEvent.click(send);
    // The card also reads the proposal's legal rules: the send is the call to the broker's endpoint.
    const calls = () => fetch.mock.calls as unknown as [string, RequestInit][];
    await waitFor(() =>
      expect(calls().some(([u]) => String(u).includes('/api/kanban/KanbanProposalSendToBroker'))).toBe(true),
    );
    const [, init] = calls().find(([u]) => String(u).includes('/api/kanban/KanbanProposalSendToBroker'))!;
    expect(JSON.parse(String(init.body))).toEqual({
      ProposalUniqueId: ref,
      Reason: 'Agravo de 25% pela subscrição.',
    });
  });

  it('should only read the proposal to who may only view the pipe', () => {
    wrap(<CardDetail card={card} onClose={vi.fn()} />);
    expect(screen.getByText('Por que parou em Subscrição')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Recalcular prêmio' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enviar ao corretor' })).toBeNull();
    // Who only reads still sees the clauses and the franchises (the editor is for who manages the pipe).
    expect(screen.queryByRole('button', { name: 'Salvar cláusulas' })).toBeNull();
    expect(screen.getByText('Cláusula de Retroatividade')).toBeTruthy();
    expect(screen.getByText('A garantia cobre também as multas do edital.')).toBeTruthy();
    expect(screen.getByText(/^Multas Contratuais: 10,00% dos prejuízos/)).toBeTruthy();
  });
});
