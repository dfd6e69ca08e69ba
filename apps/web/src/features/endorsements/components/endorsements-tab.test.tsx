import {
  type EndorsementView,
  listEndorsementsByPolicy,
  Permission,
  type PolicyBrief,
  UserType,
  validateCanRequestEndorsementType,
} from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { signInAs, signOut } from '../../../test/signed-in.js';
import { EndorsementsTab } from './endorsements-tab.js';

const policy = { UniqueId: '00000000-0000-4000-8000-0000000000a1' } as PolicyBrief;

const endorsement = {
  EndorsementId: 1,
  ProposalUniqueId: '00000000-0000-4000-8000-0000000000e1',
  Number: 7,
  EndorsementTypeName: 'Alteração',
  ReasonName: 'Aumento de IS',
  StatusId: 5,
  StatusName: 'Emitido',
  InsuredAmountValue: '150000.00',
  PremiumDifference: { Kind: 'extra', ExtraPremium: '120.00', Restitution: '0.00' },
  RequestedAt: '2026-02-01T12:00:00.000Z',
} as unknown as EndorsementView;

/** Renders the tab; returns the calls made (by descriptor). */
const renderTab = async () => {
  const call = vi.spyOn(api, 'call').mockImplementation((async (def: unknown) => {
    if (def === listEndorsementsByPolicy) return [endorsement];
    if (def === validateCanRequestEndorsementType) return { CanRequest: true, Message: null };
    throw new Error('unexpected call');
  }) as never);
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <EndorsementsTab policy={policy} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  expect(await screen.findByText('Aumento de IS')).toBeTruthy();
  return call;
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  signOut();
});

/** Issue 30 item 4: requesting and opening an endorsement need 25 (the pages' calls refuse others). */
describe('EndorsementsTab by permission', () => {
  it('should offer the requests and link each endorsement to who requests endorsements (25)', async () => {
    signInAs(UserType.BROKER, [Permission.SOLICITAR_ENDOSSO]);
    await renderTab();
    expect(await screen.findByRole('link', { name: 'Endosso de alteração' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '7' }).getAttribute('href')).toBe(
      `/apolices/endossos/emissao/${endorsement.ProposalUniqueId}?apolice=${policy.UniqueId}`,
    );
  });

  it('should list the endorsements as text, with no request and no request check, to who only views policies (24)', async () => {
    signInAs(UserType.BROKER, [Permission.VISUALIZAR_APOLICES]);
    const call = await renderTab();
    expect(screen.queryByRole('link', { name: 'Endosso de alteração' })).toBeNull();
    expect(screen.queryByRole('link', { name: '7' })).toBeNull();
    expect(screen.getByText('7')).toBeTruthy();
    expect(call.mock.calls.some(([def]) => def === validateCanRequestEndorsementType)).toBe(false);
  });
});
