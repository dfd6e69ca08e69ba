import { getCompanyByKey, successBody } from '@aval/contracts';
import { cachedLookup } from '@aval/transport';
import type { KanbanCompany } from './context.js';

const reply = successBody(getCompanyByKey);

/**
 * Resolves a CompanyKey through the API's public `GET /api/Application/GetCompany` (the kanban
 * service reads no table of the API), keeping answers for a minute and unknown keys for 5 s.
 */
export const remoteCompanyLookup = (
  apiUrl: string,
  options: { ttlMs?: number; fetch?: typeof fetch } = {},
): ((key: string) => Promise<KanbanCompany | undefined>) => {
  const doFetch = options.fetch ?? fetch;
  const url = new URL(getCompanyByKey.path, apiUrl).toString();
  return cachedLookup(
    async (key: string) => {
      const res = await doFetch(url, { headers: { CompanyKey: key, accept: 'application/json' } });
      if (res.status === 401 || res.status === 404) return undefined;
      if (!res.ok) throw new Error(`company lookup answered ${res.status}`);
      const body = reply.parse(await res.json()) as { Response: { CompanyId: number } };
      return { id: body.Response.CompanyId };
    },
    { ttlMs: options.ttlMs ?? 60_000, missTtlMs: 5_000 },
  );
};
