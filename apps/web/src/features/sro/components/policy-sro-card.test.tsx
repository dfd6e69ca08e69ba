import { Permission, type SroRegistration, UserType } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { signInAs, signOut } from '../../../test/signed-in.js';
import { PolicySroCard } from './policy-sro-card.js';

/** What the delivery records on a registration it holds (the API's text, deliver-sro-registration.ts). */
const held =
  'Não enviado: falta o código SUSEP da seguradora, que a identifica no SRO. O administrador o informa em Parametrização › Dados da seguradora, e o registro é enviado em seguida.';

const registration = (over: Partial<SroRegistration>): SroRegistration => ({
  UniqueId: '00000000-0000-4000-8000-0000000000c1',
  PolicyUniqueId: '00000000-0000-4000-8000-0000000000a1',
  PolicyNumber: '0776.2026.0000001-1',
  EventType: 'EMISSAO',
  EventName: 'Emissão da apólice',
  EventDay: '2026-12-01',
  StatusId: 3,
  StatusName: 'Registrada',
  Late: false,
  Deadline: '2026-12-03',
  BusinessDaysLeft: null,
  Protocol: 'SRO2026120112345678',
  Rejections: [],
  Attempts: 1,
  LastError: null,
  Version: 1,
  Manual: false,
  SentAt: '2026-12-01T13:00:00.000Z',
  RegisteredAt: '2026-12-01T13:00:01.000Z',
  ...over,
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  signOut();
});

describe('the policy SRO card', () => {
  it('should say why a registration is held unsent, as the staff list does, to staff who only view policies', async () => {
    signInAs(UserType.INSURANCE, [Permission.VISUALIZAR_APOLICES]);
    vi.spyOn(api, 'call').mockResolvedValue([
      registration({}),
      registration({
        UniqueId: '00000000-0000-4000-8000-0000000000c2',
        EventType: 'LIQUIDACAO_PREMIO',
        EventName: 'Liquidação de prêmio',
        StatusId: 1,
        StatusName: 'Pendente',
        BusinessDaysLeft: 2,
        Protocol: null,
        Attempts: 0,
        LastError: held,
        SentAt: null,
        RegisteredAt: null,
      }),
    ] as never);
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <PolicySroCard policyUniqueId="00000000-0000-4000-8000-0000000000a1" />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const row = (await screen.findByText('Liquidação de prêmio')).closest('tr')!;
    expect(within(row).getByText('Pendente')).toBeTruthy();
    expect(within(row).getByText(held)).toBeTruthy();
    // The registered issuance says nothing more; viewing staff get no actions.
    expect(screen.getByText('Emissão da apólice').closest('tr')!.textContent).not.toContain('Não enviado');
    expect(screen.queryByRole('button', { name: 'Reenviar' })).toBeNull();
  });
});
