import type { RequestLimitCardInfo } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUserInfo, type UserInfo } from '../../../app/session/user-info.js';
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
  setUserInfo(undefined);
});

const renderForm = () =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RequestLimitValuesForm request={request} />
      </QueryClientProvider>
    </MantineProvider>,
  );

/** An insurer user holding these permission ids. */
const signedInWith = (ids: number[]) =>
  setUserInfo({
    UserInfoId: 5,
    UserId: 5,
    UserTypeId: 1,
    Menus: [{ MenuFuncionalities: ids.map((Id) => ({ Id })) }],
  } as unknown as UserInfo);

const aboveBound =
  'O limite informado (R$ 50.000.000,00) passa do teto de R$ 20.000.000,00: o menor entre 3× o limite calculado (R$ 15.000.000,00) e 2× o patrimônio líquido (R$ 10.000.000,00).';

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

  it('should show the refusal above the bound beside the form, with no override for an analyst', async () => {
    signedInWith([1, 35]);
    const fetch = vi.fn(async () => new Response(JSON.stringify({ Errors: [aboveBound] }), { status: 422 }));
    vi.stubGlobal('fetch', fetch);
    renderForm();
    const limit = screen.getByRole('textbox', { name: 'Limite' }) as HTMLInputElement;
    await waitFor(() => expect(limit.value).toBe('R$ 15.000.000,00'));
    await enter(limit, 'R$ 50.000.000,00');
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Aprovar com estes valores' }));
    expect((await screen.findByRole('alert')).textContent).toContain(aboveBound);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).not.toHaveProperty('ConfirmAboveBound');
  });

  it('should let a user with permission 48 confirm above the bound with a justification', async () => {
    signedInWith([1, 35, 48]);
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderForm();
    const limit = screen.getByRole('textbox', { name: 'Limite' }) as HTMLInputElement;
    await waitFor(() => expect(limit.value).toBe('R$ 15.000.000,00'));
    await enter(limit, 'R$ 50.000.000,00');
    fireEvent.click(screen.getByRole('checkbox', { name: /Aprovar acima do teto/ }));
    const button = screen.getByRole('button', { name: 'Aprovar com estes valores' }) as HTMLButtonElement;
    // A justification of at least 10 characters is asked before the call.
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Justificativa \(obrigatória/), {
      target: { value: 'Garantia real aprovada pelo comitê.' },
    });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      Limit: '50000000',
      Justification: 'Garantia real aprovada pelo comitê.',
      ConfirmAboveBound: true,
    });
  });
});
