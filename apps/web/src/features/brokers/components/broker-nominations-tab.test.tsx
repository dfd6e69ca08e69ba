import { Permission, UserType } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { signInAs, signOut } from '../../../test/signed-in.js';
import { BrokerNominationsTab } from './broker-nominations-tab.js';

const nominations = [
  {
    UniqueId: '00000000-0000-4000-8000-0000000000e1',
    PolicyHolderUniqueId: '00000000-0000-4000-8000-0000000000e2',
    PolicyHolderName: 'Pavimentadora Serra Verde Ltda.',
    PolicyHolderDocument: '11222333000181',
    StatusName: 'Aprovada',
    CreatedAt: '2026-11-02T12:00:00Z',
    DecidedAt: '2026-11-03T12:00:00Z',
  },
];

const renderTab = async (permissions: number[]) => {
  signInAs(UserType.INSURANCE, permissions);
  vi.spyOn(api, 'call').mockResolvedValue(nominations as never);
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <BrokerNominationsTab brokerUniqueId="00000000-0000-4000-8000-0000000000e3" />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  await screen.findByText('Pavimentadora Serra Verde Ltda.');
};

afterEach(() => {
  cleanup();
  signOut();
  vi.restoreAllMocks();
});

/** Issue 30 item 4: a nominated holder's name opens its page only for who may read holders (29/30). */
describe('BrokerNominationsTab', () => {
  it("should link the holder's page for staff who read holders", async () => {
    await renderTab([Permission.VISUALIZAR_CORRETORES, Permission.VISUALIZAR_TOMADORES_SEGURADORA]);
    expect(screen.getByRole('link', { name: 'Pavimentadora Serra Verde Ltda.' }).getAttribute('href')).toBe(
      '/tomador/00000000-0000-4000-8000-0000000000e2',
    );
  });

  it('should show the name as text to staff who only see brokers', async () => {
    await renderTab([Permission.VISUALIZAR_CORRETORES]);
    expect(screen.queryByRole('link', { name: 'Pavimentadora Serra Verde Ltda.' })).toBeNull();
  });
});
