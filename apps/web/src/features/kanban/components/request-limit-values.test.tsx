import type { RequestLimitCardInfo } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestLimitValuesForm } from './request-limit-values.js';

const limitUsage = { Limit: '0.00', Used: '0.00', Available: '0.00' };
const request = {
  UniqueId: '3f7a1c52-0d1e-4c39-9a61-1c1f6b2a3499',
  StatusId: 1,
  StatusName: 'Pendente',
  CurrentLimits: {
    Modalities: [
      { ModalityId: 7, ModalityName: 'Licitante', Rate: '1.200000', ...limitUsage },
      { ModalityId: 8, ModalityName: 'Executante', Rate: null, ...limitUsage },
    ],
  },
  Calculated: {
    Rating: 'A',
    Score: '8.50',
    Limit: '15000000.00',
    Rates: [
      { ModalityId: 7, Rate: '0.900000' },
      { ModalityId: 8, Rate: '1.100000' },
    ],
  },
} as unknown as RequestLimitCardInfo;

/** Types text into a masked field the way the browser reports it, then leaves it. */
const enter = async (input: HTMLInputElement, text: string) => {
  await act(async () => {
    input.focus();
    input.value = text;
    input.setSelectionRange(text.length, text.length);
    fireEvent.input(input);
  });
  await act(async () => {
    fireEvent.change(input);
    fireEvent.blur(input);
  });
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RequestLimitValuesForm (Revisão de Limite)', () => {
  it('should start from the calculated limit and rate and send the values the analyst typed', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <RequestLimitValuesForm request={request} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const limit = screen.getByRole('textbox', { name: 'Limite' }) as HTMLInputElement;
    const rate = screen.getByRole('textbox', { name: 'Taxa' }) as HTMLInputElement;
    await waitFor(() => expect(limit.value).toBe('R$ 15.000.000,00'));
    expect(rate.value).toBe('0,9000');
    await enter(limit, 'R$ 2.500.000,00');
    await enter(rate, '1,05');
    fireEvent.change(screen.getByLabelText('Justificativa (opcional)'), {
      target: { value: 'Limite do comitê.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Aprovar com estes valores' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/kanban/KanbanRequestLimitApproveWithValues');
    expect(JSON.parse(String(init.body))).toEqual({
      RequestUniqueId: request.UniqueId,
      Limit: '2500000',
      ModalityId: 7,
      Rate: '1.05',
      Justification: 'Limite do comitê.',
    });
  });
});
