import {
  type FinancialResultView,
  getProposals,
  type ProposalView,
  searchProposals,
  updateCalculateFinancialData,
} from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { ApiError } from '../../../shared/api/client.js';
import { wholeText } from '../../../test/whole-text.js';
import type { ProposalRow } from '../api/proposals-api.js';
import { stepsWithErrors } from '../pages/proposal-wizard-page.js';
import { coBrokersBody } from './co-brokers-step.js';
import { LimitAmounts } from './limit-line.js';
import { ObligationHelper } from './obligation-helper.js';
import { PriceStep } from './price-step.js';
import { ProposalsList } from './proposals-list.js';

const wrap = (ui: ReactNode) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
};

const row: ProposalRow = {
  Id: 1,
  Number: 42,
  UniqueId: '00000000-0000-4000-8000-000000000042',
  StatusId: 2,
  StatusName: 'Em análise',
  Kind: 'surety',
  ProductId: 3,
  ProductName: 'Licitante',
  ProductBranch: '0775',
  PolicyHolderUniqueId: '00000000-0000-4000-8000-0000000000a1',
  PolicyHolderName: 'Construtora Horizonte Azul Ltda.',
  PolicyHolderDocument: '01366750000144',
  InsuredName: 'Prefeitura Municipal de São Paulo',
  InsuredDocument: '46395000000139',
  BrokerId: 7,
  BrokerName: 'Lopes & Azevedo Corretora',
  CoBrokered: true,
  InsuredAmountValue: '100000.00',
  InsurancePremium: '2500.00',
  StartDate: '2026-11-24',
  EndDate: '2027-11-24',
  AcceptanceDaysLeft: 25,
  AcceptancePaused: false,
  CreatedAt: '2026-11-24T12:00:00.000Z',
  UpdatedAt: '2026-11-24T12:00:00.000Z',
};

const page = { Data: [row], Total: 1, CurrentPage: 1, RowsPerPage: 10 };

describe('proposals lists', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('should show the broker side with status, co-brokerage, money and the days left, and filter by holder', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue(page as never);
    wrap(<ProposalsList side="broker" />);
    expect(await screen.findByText('Construtora Horizonte Azul Ltda.')).toBeTruthy();
    expect(screen.getAllByText('Em análise').some((el) => el.closest('td'))).toBe(true);
    expect(screen.getByText('Cocorretagem')).toBeTruthy();
    expect(screen.getByText('R$ 100.000,00')).toBeTruthy();
    expect(screen.getByText('25 dias')).toBeTruthy();
    expect(screen.getByText('01.366.750/0001-44')).toBeTruthy();
    expect(call.mock.calls[0]?.[0]).toBe(getProposals);
    fireEvent.change(screen.getByLabelText('Tomador'), { target: { value: 'Horizonte' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(() =>
      expect(call.mock.calls.at(-1)?.[1]).toMatchObject({
        query: { PolicyHolderName: 'Horizonte', OrderBy: 'Number', OrderDirection: 'desc', currentPage: 1 },
      }),
    );
  });

  it('should search the insurer side by broker with SearchProposals', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue(page as never);
    wrap(<ProposalsList side="insurer" />);
    expect(await screen.findByText('Lopes & Azevedo Corretora')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Corretora'), { target: { value: 'Lopes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(() =>
      expect(call.mock.calls.at(-1)).toMatchObject([searchProposals, { query: { BrokerName: 'Lopes' } }]),
    );
  });
});

const proposal = {
  UniqueId: row.UniqueId,
  Version: 3,
  CommissionRange: { Min: '10.00', Max: '25.00' },
  ComissionPercentage: null,
  ComissionValue: null,
  InsurancePremium: null,
  NetPremium: null,
  Tax: null,
} as unknown as ProposalView;

const result = (c: string, premium: string): FinancialResultView =>
  ({
    Tax: '0.830000',
    InsurancePremium: premium,
    ComissionValue: '102.74',
    ComissionPercentage: c,
    NetPremium: '308.22',
    MinimumApplied: false,
    CommissionScenarios: [
      {
        ComissionPercentage: '10.00',
        InsurancePremium: '342.47',
        ComissionValue: '34.25',
        Tax: '0.69',
        MinimumApplied: false,
      },
      {
        ComissionPercentage: '25.00',
        InsurancePremium: '410.96',
        ComissionValue: '102.74',
        Tax: '0.83',
        MinimumApplied: false,
      },
    ],
  }) as unknown as FinancialResultView;

describe('price step', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('should price and keep the premium for the commission typed and show how it moves across the range', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue(result('25.000000', '410.96') as never);
    wrap(<PriceStep proposal={proposal} onDone={() => undefined} />);
    expect(screen.getByText('Comissão permitida: de 10,00% a 25,00%.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Calcular' }));
    expect(await screen.findAllByText('R$ 410,96')).toHaveLength(2);
    expect(screen.getByText('R$ 342,47')).toBeTruthy();
    expect(call).toHaveBeenCalledWith(updateCalculateFinancialData, {
      body: expect.objectContaining({ ProposalUniqueId: row.UniqueId, ComissionPercentage: '25' }),
    });
  });

  it('should restore the rollback snapshot on a refusal and send its values as the First ones (spec §4)', async () => {
    const call = vi
      .spyOn(api, 'call')
      .mockResolvedValueOnce(result('25.000000', '410.96') as never)
      .mockResolvedValueOnce({ ...result('10.000000', '342.47'), Tax: '0.690000' } as never);
    wrap(<PriceStep proposal={proposal} onDone={() => undefined} />);
    // First success: the proposal had no price, so that state is no snapshot to keep.
    fireEvent.click(screen.getByRole('button', { name: 'Calcular' }));
    await screen.findAllByText('R$ 410,96');
    // Second: the snapshot is now the first priced state (25 %, R$ 410,96), stored once.
    const commission = screen.getByRole('textbox', { name: 'Comissão' }) as HTMLInputElement;
    await act(async () => {
      // Typed as the browser reports it to the mask (no blur: leaving the field simulates too).
      commission.focus();
      commission.value = '10';
      commission.setSelectionRange(2, 2);
      fireEvent.input(commission);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Calcular' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Resultado do cálculo').textContent).toContain('R$ 342,47'),
    );
    expect(call).toHaveBeenLastCalledWith(updateCalculateFinancialData, {
      body: expect.objectContaining({
        ComissionPercentage: '10',
        FirstComissionPercentage: '25.000000',
        FirstInsurancePremium: '410.96',
        FirstTax: '0.830000',
        CalculatePerComissionPercentage: true,
        CalculatePerRiskRate: false,
      }),
    });
    // A refusal: back to the snapshot (not to the last good 342,47), the engine's message shown.
    const refusal = 'O percentual de comissão 30,00% está fora do intervalo permitido, de 10,00% a 25,00%.';
    call.mockRejectedValueOnce(new ApiError(422, [refusal]));
    fireEvent.click(screen.getByRole('button', { name: 'Calcular' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    const shown = screen.getByLabelText('Resultado do cálculo').textContent;
    expect(shown).toContain('R$ 410,96');
    expect(shown).not.toContain('R$ 342,47');
    // The snapshot stays: the next call still sends the first priced values.
    call.mockResolvedValueOnce(result('25.000000', '410.96') as never);
    fireEvent.click(screen.getByRole('button', { name: 'Calcular' }));
    await waitFor(() =>
      expect(call).toHaveBeenLastCalledWith(updateCalculateFinancialData, {
        body: expect.objectContaining({ FirstInsurancePremium: '410.96', FirstTax: '0.830000' }),
      }),
    );
  });

  it('should keep the last good result and show the engine refusal', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValueOnce(result('25.000000', '410.96') as never);
    wrap(<PriceStep proposal={proposal} onDone={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Calcular' }));
    await screen.findAllByText('R$ 410,96');
    const refusal = 'O percentual de comissão 30,00% está fora do intervalo permitido, de 10,00% a 25,00%.';
    call.mockRejectedValueOnce(new ApiError(422, [refusal]));
    fireEvent.click(screen.getByRole('button', { name: 'Calcular' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getAllByText('R$ 410,96').length).toBeGreaterThan(0);
  });
});

describe('wizard steps', () => {
  it('should mark the steps whose fields are missing', () => {
    const p = {
      Completeness: {
        Missing: [
          { Field: 'InsuredId', Message: 'Informe o segurado.' },
          { Field: 'InsurancePremium', Message: 'Calcule o prêmio da proposta.' },
        ],
      },
    } as unknown as ProposalView;
    expect([...stepsWithErrors(p)]).toEqual([1, 4]);
  });
});

describe('co-brokerage', () => {
  it('should send the main broker as leader with the share the co-brokers leave', () => {
    const p = { UniqueId: row.UniqueId, Version: 4 } as unknown as ProposalView;
    const rows = [
      {
        BrokerId: 9,
        Name: 'Atlas',
        Document: '84367048000122',
        CommissionTypeId: '3',
        Participation: '25.5',
      },
      {
        BrokerId: 11,
        Name: 'Boreal',
        Document: '11222333000181',
        CommissionTypeId: '2',
        Participation: '10',
      },
    ];
    expect(coBrokersBody(p, { rows })).toEqual({
      UniqueId: row.UniqueId,
      Version: 4,
      CoBrokers: [
        { CommissionTypeId: 2, Leader: true, Participation: '64.50' },
        { CoBrokerId: 9, CommissionTypeId: 3, Participation: '25.5' },
        { CoBrokerId: 11, CommissionTypeId: 2, Participation: '10' },
      ],
    });
    expect(coBrokersBody(p, { rows: [] }).CoBrokers).toEqual([]);
  });
});

describe('obligation helper', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('should suggest the labour-court IS (debt + 30 %) and warn when the proposal falls short', () => {
    const use = vi.fn();
    wrap(
      <ObligationHelper
        value={{ TypeId: '3', TierId: null, Value: '100000' }}
        onChange={() => undefined}
        insuredAmount="100000"
        startDate="2026-11-24"
        endDate="2027-11-24"
        onUseSuggestion={use}
      />,
    );
    expect(screen.getByText('R$ 130.000,00')).toBeTruthy();
    expect(
      screen.getByText(
        'A importância segurada deve ser de ao menos R$ 130.000,00 (valor do débito acrescido de 30%).',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/A vigência deve ser de ao menos 3 anos/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Usar a IS sugerida' }));
    expect(use).toHaveBeenCalledWith('130000.00');
  });
});

describe('limit line', () => {
  afterEach(cleanup);

  const usage = (Limit: string, Used: string, Available: string) => ({ Limit, Used, Available });
  const limit = {
    PolicyHolder: usage('5000000.00', '1000000.00', '4000000.00'),
    EconomicGroup: null,
    EffectiveAvailable: '4000000.00',
    InsuredAmountValue: '100000.00',
    Remaining: '3900000.00',
    PolicyHolderRemaining: '3900000.00',
    GroupRemaining: null,
    Exceeds: false,
    Message: null,
  } satisfies ProposalView['Limit'];

  it('should show what the holder has and what the proposal leaves, and each side when the holder is in a group', () => {
    const { unmount } = wrap(<LimitAmounts limit={limit} />);
    expect(screen.getByText(wholeText('R$ 4.000.000,00 · após esta proposta: R$ 3.900.000,00'))).toBeTruthy();
    expect(screen.queryByText(/grupo/)).toBeNull();
    unmount();
    wrap(
      <LimitAmounts
        limit={{
          ...limit,
          EconomicGroup: { ...usage('6000000.00', '4500000.00', '1500000.00'), Name: 'Grupo Horizonte' },
          EffectiveAvailable: '1500000.00',
          Remaining: '1400000.00',
          GroupRemaining: '1400000.00',
        }}
      />,
    );
    expect(screen.getByText(wholeText('R$ 1.500.000,00 · após esta proposta: R$ 1.400.000,00'))).toBeTruthy();
    expect(
      screen.getByText(wholeText('Tomador: R$ 4.000.000,00 · grupo Grupo Horizonte: R$ 1.500.000,00')),
    ).toBeTruthy();
    // Every amount whole on its line.
    for (const el of screen.getAllByText(/^R\$ /)) expect(el.style.whiteSpace).toBe('nowrap');
  });
});
