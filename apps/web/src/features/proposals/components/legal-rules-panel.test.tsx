import { getProposalLegalRules, type ProposalLegalRules } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { LegalRulesPanel } from './legal-rules-panel.js';

const breach = {
  Code: 'InsuredAmountAboveLegalShare',
  Message:
    'A importância segurada de R$ 250.000,00 excede 1% do valor estimado da contratação: o máximo é R$ 100.000,00 (Lei 14.133/2021, art. 58).',
};

const renderPanel = async (rules: ProposalLegalRules) => {
  vi.spyOn(api, 'call').mockImplementation((async (def: unknown) => {
    if (def === getProposalLegalRules) return rules;
    throw new Error('unexpected call');
  }) as never);
  render(
    <MantineProvider>
      <ModalsProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <LegalRulesPanel uniqueId="00000000-0000-4000-8000-0000000000a1" number={62} />
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('LegalRulesPanel', () => {
  it('should say why the proposal cannot be sent and offer the release only to who may give it', async () => {
    await renderPanel({ Breaches: [breach], Blocking: [breach], Override: null, CanOverride: false });
    expect(await screen.findByText('Regra legal: a proposta não pode ser enviada assim')).toBeTruthy();
    expect(screen.getByText(breach.Message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Liberar com justificativa' })).toBeNull();
  });

  it('should offer the release to insurer staff with permission 27', async () => {
    await renderPanel({ Breaches: [breach], Blocking: [breach], Override: null, CanOverride: true });
    expect(await screen.findByRole('button', { name: 'Liberar com justificativa' })).toBeTruthy();
  });

  it('should show a release: who, when, why and the rules', async () => {
    await renderPanel({
      Breaches: [breach],
      Blocking: [],
      Override: {
        Rules: [breach.Message],
        Justification: 'O edital admite 2,5%.',
        ByName: 'Rafael Moreira',
        At: '2026-12-02T12:00:00Z',
      },
      CanOverride: false,
    });
    expect(await screen.findByText('Regra legal liberada pela seguradora')).toBeTruthy();
    expect(screen.getByText(/^Rafael Moreira em 02\/12\/2026 .*“O edital admite 2,5%.”$/)).toBeTruthy();
    expect(screen.queryByText('Regra legal: a proposta não pode ser enviada assim')).toBeNull();
  });
});
