import { Permission, UserType } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { signInAs, signOut } from '../../../test/signed-in.js';
import { PolicyHoldersPage } from './policy-holders-page.js';

const renderPage = () => {
  vi.spyOn(api, 'call').mockResolvedValue({ Data: [], Total: 0, CurrentPage: 1, RowsPerPage: 10 } as never);
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <PolicyHoldersPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  signOut();
});

/** Issue 30 item 4: the nomination request (a CNPJ lookup, then RegisterPolicyHolderNomeationRequest). */
describe('PolicyHoldersPage nomination request', () => {
  it('should offer it to a broker who sees and manages policy holders', () => {
    signInAs(UserType.BROKER, [Permission.VISUALIZAR_TOMADORES, Permission.GERENCIAR_TOMADORES]);
    renderPage();
    expect(screen.getByRole('button', { name: 'Solicitar nomeação' })).toBeTruthy();
  });

  it('should not offer it to a broker who cannot look the CNPJ up (13 without 14)', () => {
    signInAs(UserType.BROKER, [Permission.GERENCIAR_TOMADORES]);
    renderPage();
    expect(screen.queryByRole('button', { name: 'Solicitar nomeação' })).toBeNull();
  });

  it('should not offer it to insurer staff nor to a broker who only sees policy holders', () => {
    signInAs(UserType.INSURANCE, [
      Permission.VISUALIZAR_TOMADORES_SEGURADORA,
      Permission.GERENCIAR_TOMADORES,
    ]);
    renderPage();
    expect(screen.queryByRole('button', { name: 'Solicitar nomeação' })).toBeNull();
    cleanup();
    signInAs(UserType.BROKER, [Permission.VISUALIZAR_TOMADORES]);
    renderPage();
    expect(screen.queryByRole('button', { name: 'Solicitar nomeação' })).toBeNull();
  });
});
