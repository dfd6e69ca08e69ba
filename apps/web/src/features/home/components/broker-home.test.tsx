import { getHomeSummary, Permission, UserType } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { userWith } from '../../../test/signed-in.js';
import { BrokerHome } from './broker-home.js';

const summary = {
  ProposalsByStatus: [],
  AcceptanceDue: [],
  AcceptanceDueTotal: 0,
  PolicyHolderLimits: [
    {
      UniqueId: '00000000-0000-4000-8000-0000000000d1',
      Name: 'Construtora Horizonte Azul Ltda.',
      Document: '01366750000144',
      Limit: '1000000.00',
      Used: '250000.00',
      Available: '750000.00',
      UsedPercent: 25,
    },
  ],
  PendingDocuments: [],
  PendingDocumentsTotal: 0,
};

const renderHome = async (permissions: number[]) => {
  vi.spyOn(api, 'call').mockImplementation((async (def: unknown) => {
    if (def === getHomeSummary) return summary;
    return { Data: [], TotalRecords: 0, CurrentPage: 1, RowsPerPage: 5 };
  }) as never);
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <BrokerHome user={userWith(UserType.BROKER, permissions)} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  await screen.findByText('Limites dos tomadores');
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Issue 30 item 4: "Ver tomadores" opens /tomadores, whose list needs 13/14 (29/30). */
describe('BrokerHome policy holders link', () => {
  it('should offer "Ver tomadores" to a broker who may list the holders', async () => {
    await renderHome([Permission.GERENCIAR_PROPOSTAS, Permission.VISUALIZAR_TOMADORES]);
    expect(screen.getByRole('link', { name: 'Ver tomadores' }).getAttribute('href')).toBe('/tomadores');
  });

  it('should not offer it to a broker without the holders permissions', async () => {
    await renderHome([Permission.GERENCIAR_PROPOSTAS]);
    expect(screen.queryByRole('link', { name: 'Ver tomadores' })).toBeNull();
  });
});
