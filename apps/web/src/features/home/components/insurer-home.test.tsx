import { getHomeSummary, Permission, UserType } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { userWith } from '../../../test/signed-in.js';
import { InsurerHome } from './insurer-home.js';

const summary = {
  ProposalsByStatus: [],
  AcceptanceDue: [
    {
      UniqueId: '00000000-0000-4000-8000-0000000000c1',
      Kind: 'surety',
      Number: 321,
      PolicyHolderName: 'Construtora Horizonte Azul Ltda.',
      BrokerName: 'Corretora Aurora',
      StatusName: 'Em análise',
      DaysLeft: 3,
      IsOverdue: false,
      IsPaused: false,
    },
  ],
  AcceptanceDueTotal: 1,
  PolicyHolderLimits: [],
  PendingDocuments: [],
  PendingDocumentsTotal: 0,
};

const renderHome = async (permissions: number[]) => {
  vi.spyOn(api, 'call').mockImplementation((async (def: unknown) => {
    if (def === getHomeSummary) return summary;
    throw new Error('unexpected call');
  }) as never);
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <InsurerHome user={userWith(UserType.INSURANCE, permissions)} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Issue 30 item 4: the acceptance deadlines open the insurer's proposals (31/32). */
describe('InsurerHome acceptance deadlines', () => {
  it('should list them, linking to the insurer proposal, for who sees the insurer proposals (32)', async () => {
    await renderHome([Permission.VISUALIZAR_PROPOSTAS_SEGURADORA]);
    const link = await screen.findByRole('link', {
      name: 'Proposta nº 321 · Construtora Horizonte Azul Ltda.',
    });
    expect(link.getAttribute('href')).toBe(
      '/propostas-seguradora/proposta/surety/00000000-0000-4000-8000-0000000000c1',
    );
    expect(screen.getByRole('link', { name: /Propostas perto do prazo de aceitação/ })).toBeTruthy();
  });

  it('should not offer them to insurer staff without 31/32, whom those pages refuse', async () => {
    await renderHome([Permission.GERENCIAR_PROPOSTAS]);
    expect(screen.queryByText(/Propostas perto do prazo de aceitação/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Prazo de aceitação (25 dias) terminando' })).toBeNull();
    expect(screen.queryByText(/Proposta nº 321/)).toBeNull();
  });
});
