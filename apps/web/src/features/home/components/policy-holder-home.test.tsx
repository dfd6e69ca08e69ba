import { getHomeSummary, Permission, searchPoliciesRelatedToLoggedUser, UserType } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { userWith } from '../../../test/signed-in.js';
import { PolicyHolderHome } from './policy-holder-home.js';

const summary = {
  ProposalsByStatus: [],
  AcceptanceDue: [],
  AcceptanceDueTotal: 0,
  PolicyHolderLimits: [
    {
      UniqueId: '00000000-0000-4000-8000-0000000000f1',
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
  const calls: unknown[] = [];
  vi.spyOn(api, 'call').mockImplementation((async (def: unknown) => {
    calls.push(def);
    if (def === getHomeSummary) return summary;
    return { Data: [], Total: 0, TotalRecords: 0, CurrentPage: 1, RowsPerPage: 5 };
  }) as never);
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <PolicyHolderHome user={userWith(UserType.POLICY_HOLDER, permissions)} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  await screen.findByText('Do limite utilizado');
  return calls;
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Issue 30 item 4: the holder's home offers only the lists its profile may open. */
describe('PolicyHolderHome', () => {
  it("should show proposals, policies and the holder's page to the default 'Tomador' profile", async () => {
    await renderHome([
      Permission.VISUALIZAR_PROPOSTAS,
      Permission.VISUALIZAR_TOMADORES,
      Permission.VISUALIZAR_APOLICES,
    ]);
    expect(await screen.findByText('Suas propostas', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Suas apólices em vigor')).toBeTruthy();
    expect(screen.getByText('Do limite utilizado').closest('a')?.getAttribute('href')).toBe(
      '/tomador/00000000-0000-4000-8000-0000000000f1',
    );
  });

  it('should leave out the policies, and not call for them, when the profile lacks 24', async () => {
    const calls = await renderHome([Permission.VISUALIZAR_PROPOSTAS]);
    expect(screen.queryByText('Suas apólices em vigor')).toBeNull();
    expect(screen.queryByText('Apólices em vigor')).toBeNull();
    expect(calls).toContain(getHomeSummary);
    expect(calls).not.toContain(searchPoliciesRelatedToLoggedUser);
    // The limit is read, not opened: the holder's page needs 14.
    expect(screen.getByText('Do limite utilizado').closest('a')).toBeNull();
  });
});
