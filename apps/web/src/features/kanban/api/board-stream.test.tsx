import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const unauthorized = vi.hoisted(() => vi.fn());
vi.mock('../../../app/session/refresh-flow.js', () => ({ handleUnauthorized: unauthorized }));

const { useBoardStream } = await import('./kanban-api.js');

/** An access token the client can read the expiry of (the signature is the server's business). */
const tokenExpiringIn = (ms: number, name: string) => {
  const part = (v: object) => btoa(JSON.stringify(v)).replace(/=+$/, '');
  return `${part({ alg: 'EdDSA' })}.${part({ exp: Math.floor((Date.now() + ms) / 1000), name })}.sig`;
};

type Answer = 'end' | 'open' | 'network' | number;
/**
 * Stubs fetch: the board stream answers `answers` in turn (a stream that ends, one that stays open,
 * a network failure, a status).
 */
const serve = (answers: Answer[], refresh: { status: number; token?: string }) => {
  const streams: string[] = [];
  const refreshes: string[] = [];
  const encoder = new TextEncoder();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/connect/token') {
        refreshes.push(String(init.body));
        return refresh.token
          ? new Response(
              JSON.stringify({
                access_token: refresh.token,
                token_type: 'Bearer',
                expires_in: 900,
                refresh_token: 'r2',
              }),
              { status: refresh.status },
            )
          : new Response(JSON.stringify({ error: 'invalid_grant', error_description: 'Sessão expirada.' }), {
              status: refresh.status,
            });
      }
      streams.push((init.headers as Record<string, string>).Authorization ?? '');
      const answer = answers.shift() ?? 'open';
      if (answer === 'network') throw new TypeError('Failed to fetch');
      if (typeof answer === 'number')
        return new Response(JSON.stringify({ Errors: ['Não.'] }), { status: answer });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(`id: ${streams.length}\ndata: {"id":${streams.length}}\n\n`));
          if (answer === 'end') controller.close();
          init.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return { streams, refreshes };
};

const mount = () => {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useBoardStream(7), { wrapper });
};

/** Signs in with an access token and a refresh token ('r1'; null: none, as a stored session may have). */
const signIn = (accessToken: string, refreshToken: string | null = 'r1') =>
  localStorage.setItem(
    'authData',
    JSON.stringify({ access_token: accessToken, ...(refreshToken && { refresh_token: refreshToken }) }),
  );

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.clear();
  unauthorized.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useBoardStream', () => {
  it('should reconnect after the server ends the stream and, refused with 401, once more with a refreshed token', async () => {
    const old = tokenExpiringIn(600_000, 'old');
    const fresh = tokenExpiringIn(900_000, 'fresh');
    signIn(old);
    const seen = serve(['end', 401, 'open'], { status: 200, token: fresh });
    mount();
    await vi.waitFor(() => expect(seen.streams).toHaveLength(3));
    expect(seen.streams).toEqual([`Bearer ${old}`, `Bearer ${old}`, `Bearer ${fresh}`]);
    expect(seen.refreshes).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('authData')!).access_token).toBe(fresh);
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('should refresh a token that expires within 30 s before connecting', async () => {
    const fresh = tokenExpiringIn(900_000, 'fresh');
    signIn(tokenExpiringIn(10_000, 'old'));
    const seen = serve(['open'], { status: 200, token: fresh });
    mount();
    await vi.waitFor(() => expect(seen.streams).toEqual([`Bearer ${fresh}`]));
    expect(seen.refreshes).toHaveLength(1);
  });

  it('should hand over to the 401 flow when the refresh is refused, and not reconnect', async () => {
    signIn(tokenExpiringIn(600_000, 'ended'));
    const seen = serve([401], { status: 400 });
    mount();
    await vi.waitFor(() => expect(unauthorized).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.streams).toHaveLength(1);
  });

  it('should keep the session and retry when the network fails, also without a refresh token', async () => {
    signIn(tokenExpiringIn(600_000, 'no-refresh'), null);
    const seen = serve(['network', 'network', 'open'], { status: 200 });
    const { result } = mount();
    await vi.waitFor(() => expect(seen.streams).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(7_000);
    await vi.waitFor(() => expect(seen.streams).toHaveLength(3));
    await vi.waitFor(() => expect(result.current).toBe(true));
    expect(unauthorized).not.toHaveBeenCalled();
    expect(seen.refreshes).toHaveLength(0);
    expect(localStorage.getItem('authData')).not.toBeNull();
  });

  it('should keep the session when the refresh itself fails on the network, and retry', async () => {
    signIn(tokenExpiringIn(600_000, 'old'));
    const fresh = tokenExpiringIn(900_000, 'fresh');
    const seen = serve([401, 401, 'open'], { status: 200, token: fresh });
    const realFetch = globalThis.fetch;
    let failRefresh = true;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        if (url === '/connect/token' && failRefresh) {
          failRefresh = false;
          return Promise.reject(new TypeError('Failed to fetch'));
        }
        return realFetch(url, init);
      }),
    );
    mount();
    await vi.waitFor(() => expect(seen.streams).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(4_000);
    // Retried with the stored token: refused again, refreshed this time, then open.
    await vi.waitFor(() => expect(seen.streams).toHaveLength(3));
    expect(seen.streams[2]).toBe(`Bearer ${fresh}`);
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('should hand over to the 401 flow when the stream answers 401 and there is no refresh token', async () => {
    signIn(tokenExpiringIn(600_000, 'ended'), null);
    const seen = serve([401], { status: 200 });
    mount();
    await vi.waitFor(() => expect(unauthorized).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.streams).toHaveLength(1);
  });

  it('should stop reconnecting once the boards are refused (403)', async () => {
    signIn(tokenExpiringIn(600_000, 'revoked'));
    const seen = serve(['end', 403], { status: 200 });
    mount();
    await vi.waitFor(() => expect(seen.streams).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.streams).toHaveLength(2);
    expect(unauthorized).not.toHaveBeenCalled();
  });
});
