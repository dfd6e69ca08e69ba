import { insertCoverage } from '@aval/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useContractCall, useContractMutation } from './use-contract-mutation.js';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dialog: vi.fn() }));
vi.mock('../ui/notify.js', () => ({ notifySuccess: notify.success, notifyError: notify.error }));
vi.mock('../ui/feedback-modals.js', () => ({ openErrorFrom: notify.dialog }));

type Seen = { url: string; body: unknown };
let seen: Seen[] = [];

const reply = (status: number, body: unknown) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      seen.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(body), { status });
    }),
  );
};

const setup = () => {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
};

const coverage = { ModalityId: 1, Name: 'Cobertura' };

beforeEach(() => {
  seen = [];
  for (const f of Object.values(notify)) f.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useContractMutation', () => {
  it('should call the descriptor, notify the success and refresh only the given keys', async () => {
    reply(200, { Response: { Id: 9 } });
    const { client, wrapper } = setup();
    client.setQueryData(['parameterisation', 'modality', 1], 'old');
    client.setQueryData(['brokers', 'list'], 'other');
    const { result } = renderHook(
      () =>
        useContractMutation(insertCoverage, {
          invalidate: [['parameterisation']],
          success: 'Cobertura incluída.',
        }),
      { wrapper },
    );
    let returned: unknown;
    await act(async () => {
      returned = await result.current.mutateAsync({ body: coverage });
    });
    expect(returned).toEqual({ Id: 9 });
    expect(seen).toEqual([{ url: '/api/Core/InsertCoverage', body: coverage }]);
    expect(notify.success).toHaveBeenCalledWith('Cobertura incluída.');
    expect(client.getQueryState(['parameterisation', 'modality', 1])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['brokers', 'list'])?.isInvalidated).toBe(false);
  });

  it('should compute the success message from the result and run onSuccess before refreshing', async () => {
    reply(200, { Response: { Id: 9 } });
    const { client, wrapper } = setup();
    const order: string[] = [];
    const { result } = renderHook(
      () => {
        useQuery({ queryKey: ['x'], queryFn: () => order.push('refetch') });
        return useContractMutation(insertCoverage, {
          invalidate: [['x']],
          success: (r) => `Cobertura ${(r as { Id: number }).Id} incluída.`,
          onSuccess: (r, _req, c) => {
            order.push('onSuccess');
            c.setQueryData(['detail'], r);
          },
        });
      },
      { wrapper },
    );
    await waitFor(() => expect(order).toEqual(['refetch']));
    await act(() => result.current.mutateAsync({ body: coverage }));
    expect(notify.success).toHaveBeenCalledWith('Cobertura 9 incluída.');
    expect(client.getQueryData(['detail'])).toEqual({ Id: 9 });
    expect(order).toEqual(['refetch', 'onSuccess', 'refetch']);
  });

  it('should leave a refusal to the caller by default, with the server messages on the error', async () => {
    reply(400, { Errors: ['Informe o nome da cobertura.'] });
    const { wrapper } = setup();
    const { result } = renderHook(() => useContractMutation(insertCoverage, { success: 'ok' }), { wrapper });
    act(() => result.current.mutate({ body: coverage }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect((result.current.error as { messages?: string[] }).messages).toEqual([
      'Informe o nome da cobertura.',
    ]);
    expect(notify.success).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
    expect(notify.dialog).not.toHaveBeenCalled();
  });

  it('should notify or open the error dialog when asked', async () => {
    reply(422, { Errors: ['Regra violada.'] });
    const { wrapper } = setup();
    const notified = renderHook(() => useContractMutation(insertCoverage, { error: 'notify' }), { wrapper });
    act(() => notified.result.current.mutate({ body: coverage }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Regra violada.'));
    const dialog = renderHook(() => useContractMutation(insertCoverage, { error: 'dialog' }), { wrapper });
    act(() => dialog.result.current.mutate({ body: coverage }));
    await waitFor(() => expect(notify.dialog).toHaveBeenCalledTimes(1));
    expect(notify.dialog).toHaveBeenCalledWith(expect.objectContaining({ messages: ['Regra violada.'] }));
  });
});

describe('useContractCall', () => {
  it('should run, notify and refresh, and throw a refusal to the confirm dialog', async () => {
    reply(200, { Response: { Id: 1 } });
    const { client, wrapper } = setup();
    client.setQueryData(['policy-holders', 'detail', 'a'], 'old');
    const { result } = renderHook(() => useContractCall({ invalidate: [['policy-holders']] }), { wrapper });
    await act(() => result.current(insertCoverage, { body: coverage }, 'Feito.'));
    expect(notify.success).toHaveBeenCalledWith('Feito.');
    expect(client.getQueryState(['policy-holders', 'detail', 'a'])?.isInvalidated).toBe(true);
    reply(409, { Errors: ['Conflito.'] });
    await expect(result.current(insertCoverage, { body: coverage })).rejects.toMatchObject({
      messages: ['Conflito.'],
    });
  });
});
