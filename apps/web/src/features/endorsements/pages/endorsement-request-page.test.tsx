import {
  type EndpointDef,
  getEndorsementType,
  getPolicyEndorsementRequestDocument,
  getPolicyShortBrief,
  getReasonEndorsementRequest,
  type PolicyBrief,
  validateEndorsement,
} from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { EndorsementRequestPage } from './endorsement-request-page.js';

const policyUniqueId = '00000000-0000-4000-8000-0000000000a1';
const brief = {
  UniqueId: policyUniqueId,
  PolicyNumber: '0776.2026.0000001-9',
  PolicyHolderName: 'Engenharia Real Ltda.',
  StartDate: '2026-10-01',
  EndDate: '2027-10-01',
  InsuredAmountValue: '100000.00',
  InsurancePremium: '2000.00',
} as unknown as PolicyBrief;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('EndorsementRequestPage', () => {
  it('should send the effective date the broker types with the validation (issue 31)', async () => {
    const sent: unknown[] = [];
    vi.spyOn(api, 'call').mockImplementation((async (def: EndpointDef, request: { body?: unknown }) => {
      if (def === getPolicyShortBrief) return brief;
      if (def === getEndorsementType)
        return [
          { Id: 1, Name: 'Alteração', CardType: 'x', ChangeTypes: [{ Id: 1, Name: 'Importância segurada' }] },
        ];
      if (def === getReasonEndorsementRequest) return [{ Id: 1, Name: 'Aditivo contratual de valor' }];
      if (def === getPolicyEndorsementRequestDocument) return [];
      if (def === validateEndorsement) {
        sent.push(request.body);
        throw new Error('A data de efeito pode retroagir no máximo 0 dias (limite da modalidade).');
      }
      throw new Error('unexpected call');
    }) as never);
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={[`/apolices/endossos/alteracao/${policyUniqueId}/1`]}>
            <Routes>
              <Route
                path="/apolices/endossos/alteracao/:policyUniqueId/:typeId"
                element={<EndorsementRequestPage />}
              />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    const field = (await screen.findByRole('textbox', { name: 'Data de efeito' })) as HTMLInputElement;
    expect(screen.getByText(/o prêmio é proporcional aos dias desde ela/)).toBeTruthy();
    await act(async () => {
      field.focus();
      fireEvent.change(field, { target: { value: '15/12/2026' } });
    });
    await act(async () => {
      fireEvent.blur(field);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Calcular diferença de prêmio' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ PolicyUniqueId: policyUniqueId, EffectiveDate: '2026-12-15' });
  });
});
