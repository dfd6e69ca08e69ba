import { Permission, type SroRegistration, UserType } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { signInAs, signOut } from '../../../test/signed-in.js';
import { awaitingAnswer } from '../components/sro-actions.js';
import { sroDeadlineLabel } from '../components/sro-labels.js';
import { SroRegistrationsPage } from './sro-registrations-page.js';

const rejected: SroRegistration = {
  UniqueId: '00000000-0000-4000-8000-0000000000c1',
  PolicyUniqueId: '00000000-0000-4000-8000-0000000000a1',
  PolicyNumber: '0776.2026.0000001-1',
  EventType: 'EMISSAO',
  EventName: 'Emissão da apólice',
  EventDay: '2026-12-01',
  StatusId: 4,
  StatusName: 'Rejeitada',
  Late: true,
  Deadline: '2026-12-03',
  BusinessDaysLeft: -2,
  Protocol: null,
  // Two co-brokers at fault: one code, a reason naming each brokerage.
  Rejections: [
    { Code: 'SRO-031', Message: 'Corretora Alfa Ltda (código SUSEP 10.2001234.5): código não consta.' },
    { Code: 'SRO-031', Message: 'Corretora Beta Ltda (código SUSEP 10.2009876.5): código não consta.' },
  ],
  Attempts: 1,
  LastError: null,
  Version: 1,
  Manual: false,
  SentAt: '2026-12-01T13:00:00.000Z',
  RegisteredAt: null,
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  signOut();
});

describe('SRO registrations', () => {
  it('should say the deadline clock in business days', () => {
    const at = (BusinessDaysLeft: number | null, Late = false, StatusId = 1) =>
      sroDeadlineLabel({ BusinessDaysLeft, Late, StatusId });
    expect(at(1)).toBe('vence em 1 dia útil');
    expect(at(2)).toBe('vence em 2 dias úteis');
    expect(at(0)).toBe('vence hoje');
    expect(at(-1, true)).toBe('atrasada há 1 dia útil');
    expect(at(-2, true)).toBe('atrasada há 2 dias úteis');
    expect(at(null, false, 3)).toBe('—');
  });

  it('should reload only while a registration sent or resent waits for the registradora', () => {
    const row = (StatusId: number, Attempts: number) => ({ ...rejected, StatusId, Attempts });
    // Resent (Pendente again after a send) or Enviada: its answer comes through the queue.
    expect(awaitingAnswer([row(3, 1), row(1, 1)])).toBe(3_000);
    expect(awaitingAnswer([row(2, 1)])).toBe(3_000);
    // Never sent (no registradora, or behind its policy's earlier operation), answered, refused.
    expect(awaitingAnswer([row(1, 0), row(3, 1), row(4, 1)])).toBe(false);
    expect(awaitingAnswer([])).toBe(false);
  });

  it('should list a rejected registration with its status label, reasons in pt-BR and Reenviar', async () => {
    signInAs(UserType.INSURANCE, [Permission.GERENCIAR_REGISTROS_SRO]);
    vi.spyOn(api, 'call').mockResolvedValue({
      Data: [rejected],
      Total: 1,
      CurrentPage: 1,
      RowsPerPage: 10,
    } as never);
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <SroRegistrationsPage />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(
      await screen.findByText(
        'Corretora Alfa Ltda (código SUSEP 10.2001234.5): código não consta. (SRO-031)',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Corretora Beta Ltda (código SUSEP 10.2009876.5): código não consta. (SRO-031)'),
    ).toBeTruthy();
    expect(screen.getByText('Rejeitada · atrasada')).toBeTruthy();
    expect(screen.getByText('atrasada há 2 dias úteis')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reenviar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retificar' })).toBeNull();
  });
});
