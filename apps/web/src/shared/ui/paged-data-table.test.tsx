import { searchPoliciesRelatedToLoggedUser } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../app/api.js';
import { PagedDataTable } from './paged-data-table.js';

const renderTable = () =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PagedDataTable
          endpoint={searchPoliciesRelatedToLoggedUser}
          idAccessor="UniqueId"
          columns={[{ accessor: 'PolicyNumber', title: 'Número' }]}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('PagedDataTable', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const page = (Total: number, TotalIsCapped: boolean) => ({
    Data: Array.from({ length: 10 }, (_, i) => ({ UniqueId: `id-${i}`, PolicyNumber: `0100.2026.${i}` })),
    Total,
    TotalIsCapped,
    CurrentPage: 1,
    RowsPerPage: 10,
  });

  it('should say "mais de" when the server stopped counting', async () => {
    vi.spyOn(api, 'call').mockResolvedValue(page(1000, true));
    renderTable();
    expect(await screen.findByText('1–10 de mais de 1.000')).toBeTruthy();
  });

  it('should give the exact total otherwise', async () => {
    vi.spyOn(api, 'call').mockResolvedValue(page(1234, false));
    renderTable();
    expect(await screen.findByText('1–10 de 1.234')).toBeTruthy();
  });
});
