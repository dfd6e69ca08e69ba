import { Permission, UserType } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { signInAs, signOut } from '../../../test/signed-in.js';
import { LateSroPage, registerSroReason } from './late-sro-page.js';

const late = {
  UniqueId: '00000000-0000-4000-8000-0000000000a1',
  Number: '0776.2026.0000001-1',
  ProposalUniqueId: '00000000-0000-4000-8000-0000000000b1',
  ProposalNumber: 123,
  PolicyHolderName: 'Construtora Horizonte Azul Ltda.',
  ModalityName: 'Executante Construtor',
  InsuredAmountValue: '100000.00',
  IssuedAt: '2026-01-05T12:00:00.000Z',
  SroDeadline: '2026-01-07',
};

const renderPage = async () => {
  vi.spyOn(api, 'call').mockResolvedValue({
    Data: [late],
    Total: 1,
    CurrentPage: 1,
    RowsPerPage: 10,
  } as never);
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <LateSroPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  expect(await screen.findByText('Construtora Horizonte Azul Ltda.')).toBeTruthy();
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  signOut();
});

/** Issue 30 item 4: RegisterPolicySro needs 31; the insurer's proposal page needs 31 or 32. */
describe('LateSroPage by permission', () => {
  it('should offer the registration and the proposal link to who manages the insurer proposals (31)', async () => {
    signInAs(UserType.INSURANCE, [Permission.GERENCIAR_PROPOSTAS_SEGURADORA]);
    await renderPage();
    expect(screen.getByRole('button', { name: 'Registrar' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Protocolo do SRO' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'nº 123' })).toBeTruthy();
    expect(screen.queryByText(registerSroReason)).toBeNull();
  });

  it('should list without the registration, saying why, to who only views policies (24)', async () => {
    signInAs(UserType.INSURANCE, [Permission.VISUALIZAR_APOLICES]);
    await renderPage();
    expect(screen.queryByRole('button', { name: 'Registrar' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Protocolo do SRO' })).toBeNull();
    expect(screen.getByText(registerSroReason)).toBeTruthy();
    // The proposal number stays, as text: the insurer's proposal page would refuse this user.
    expect(screen.queryByRole('link', { name: 'nº 123' })).toBeNull();
    expect(screen.getByText('nº 123')).toBeTruthy();
  });

  it('should link the proposal but not register for who views the insurer proposals (32)', async () => {
    signInAs(UserType.INSURANCE, [Permission.VISUALIZAR_PROPOSTAS_SEGURADORA]);
    await renderPage();
    expect(screen.queryByRole('button', { name: 'Registrar' })).toBeNull();
    expect(screen.getByRole('link', { name: 'nº 123' })).toBeTruthy();
  });
});
