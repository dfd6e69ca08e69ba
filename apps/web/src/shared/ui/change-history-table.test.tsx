import {
  type ChangeHistoryEntry,
  formatDateTime,
  getBrokerChangeHistory,
  getInsuredChangeHistory,
} from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../app/api.js';
import { ChangeHistoryTable, shortHistoryValue } from './change-history-table.js';

const entry = (over: Partial<ChangeHistoryEntry> = {}): ChangeHistoryEntry => ({
  Id: 1,
  Entity: 'Coverage',
  EntityLabel: 'Cobertura',
  EntityId: 10,
  ScopeId: 3,
  Field: 'Rate',
  FieldLabel: 'Taxa',
  OldValue: '0,15%',
  NewValue: '0,25%',
  ChangedBy: 7,
  ChangedByName: 'Helena Duarte',
  ChangedAt: '2026-03-05T13:04:05.000Z',
  ...over,
});

const renderWithProviders = (node: ReactNode) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </MantineProvider>,
  );
};

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());

describe('ChangeHistoryTable', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('should show date/time, user, item, field, old and new value for every entry', () => {
    renderWithProviders(
      <ChangeHistoryTable
        entries={[
          entry(),
          entry({
            Id: 2,
            EntityLabel: 'Modalidade',
            Field: 'Created',
            FieldLabel: 'Inclusão',
            OldValue: null,
          }),
        ]}
      />,
    );
    expect(headers()).toEqual(['Data/hora', 'Usuário', 'Item', 'Campo', 'Valor anterior', 'Novo valor']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      formatDateTime('2026-03-05T13:04:05.000Z'),
      'Helena Duarte',
      'Cobertura',
      'Taxa',
      '0,15%',
      '0,25%',
    ]);
    expect(within(rows[1]!).getAllByRole('cell')[4]!.textContent).toBe('—');
  });

  it('should show rich text without tags and cut long values, keeping the whole text in the title', () => {
    const long = `<p>${'Condições gerais da apólice '.repeat(10)}</p>`;
    renderWithProviders(
      <ChangeHistoryTable entries={[entry({ OldValue: '<p>Texto <b>antigo</b></p>', NewValue: long })]} />,
    );
    expect(screen.getByText('Texto antigo')).toBeTruthy();
    const cut = screen.getByText(/…$/);
    expect(cut.textContent).toHaveLength(118);
    expect(cut.getAttribute('title')).toBe(long);
    expect(shortHistoryValue('  ')).toBe('—');
  });

  it('should say there is no change when the history is empty', () => {
    renderWithProviders(<ChangeHistoryTable entries={[]} />);
    expect(screen.getAllByText('Nenhuma alteração registrada').length).toBeGreaterThan(0);
  });

  it('should fetch a list call with its query and show the server message when it fails', async () => {
    const call = vi
      .spyOn(api, 'call')
      .mockResolvedValueOnce([entry({ EntityLabel: 'Segurado', FieldLabel: 'Nome' })]);
    renderWithProviders(
      <ChangeHistoryTable
        endpoint={getInsuredChangeHistory}
        query={{ insuredId: 5 }}
        queryKey={['t', 'ok']}
      />,
    );
    expect(await screen.findByText('Segurado')).toBeTruthy();
    expect(call).toHaveBeenCalledWith(getInsuredChangeHistory, { query: { insuredId: 5 } });

    cleanup();
    vi.spyOn(api, 'call').mockRejectedValueOnce(new Error('Segurado não encontrado.'));
    renderWithProviders(
      <ChangeHistoryTable
        endpoint={getInsuredChangeHistory}
        query={{ insuredId: 6 }}
        queryKey={['t', 'ko']}
      />,
    );
    expect((await screen.findAllByText('Segurado não encontrado.')).length).toBeGreaterThan(0);
  });

  it('should page a paged call on the server with the same columns', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue({
      Data: [entry({ EntityLabel: 'Corretora', FieldLabel: 'Cadastro', NewValue: 'Aprovado' })],
      Total: 11,
      CurrentPage: 1,
      RowsPerPage: 10,
    });
    renderWithProviders(
      <ChangeHistoryTable
        endpoint={getBrokerChangeHistory}
        query={{ brokerId: 4 }}
        queryKey={['t', 'paged']}
      />,
    );
    expect(await screen.findByText('Aprovado')).toBeTruthy();
    expect(headers()).toEqual(['Data/hora', 'Usuário', 'Item', 'Campo', 'Valor anterior', 'Novo valor']);
    expect(call).toHaveBeenCalledWith(getBrokerChangeHistory, {
      query: { brokerId: 4, currentPage: 1, rowsPerPage: 10 },
    });
    await waitFor(() => expect(screen.getByText(/de 11$/)).toBeTruthy());
  });
});
