import { maskCnpj } from '@aval/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  admin,
  adminId,
  broker,
  brokerId,
  call,
  holderByName,
  holderUser,
  ok,
  other,
  P,
  t,
  usePolicyHoldersFixture,
} from '../../test/fixtures/policy-holders.js';
import { authHeaders } from '../../test/harness.js';
import { policyHolderNominations } from './policy-holders.table.js';

usePolicyHoldersFixture();

describe('search and visibility', () => {
  it('should sort the list by name, document, economic group or rating, either way, empty values last', async () => {
    const list = (sort: string) =>
      ok('GET', `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?rowsPerPage=200&${sort}`).then(
        (r) =>
          r.Data as {
            Name: string;
            Document: string;
            EconomicGroupName: string | null;
            Rating: string | null;
          }[],
      );
    const sorted = (values: string[], dir: 1 | -1) =>
      [...values].sort((a, b) => dir * (a < b ? -1 : a > b ? 1 : 0));
    const byDocDesc = (await list('orderBy=Document&orderDirection=desc')).map((r) => r.Document);
    expect(byDocDesc.length).toBeGreaterThan(10);
    expect(byDocDesc).toEqual(sorted(byDocDesc, -1));
    const byDocAsc = (await list('orderBy=Document&orderDirection=asc')).map((r) => r.Document);
    expect(byDocAsc).toEqual([...byDocDesc].reverse());
    const byRating = (await list('orderBy=Rating&orderDirection=asc')).map((r) => r.Rating);
    const rated = byRating.filter((r): r is string => r !== null);
    expect(rated.length).toBeGreaterThan(0);
    // Rated first (in order), the ones without a rating last.
    expect(byRating).toEqual([...sorted(rated, 1), ...byRating.filter((r) => r === null)]);
    const byGroup = (await list('orderBy=EconomicGroupName&orderDirection=desc')).map(
      (r) => r.EconomicGroupName,
    );
    const grouped = byGroup.filter((g): g is string => g !== null);
    expect(grouped.length).toBeGreaterThan(0);
    expect(byGroup.slice(0, grouped.length)).toEqual(grouped);
    const bad = await call('GET', `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?orderBy=Senha`, admin);
    expect(bad.status).toBe(400);
  });

  it('should list every policy holder of the company with paging when the user is insurer staff', async () => {
    const page1 = await ok(
      'GET',
      `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?currentPage=1&rowsPerPage=10`,
    );
    expect(page1.Total).toBeGreaterThanOrEqual(30);
    expect(page1.Data).toHaveLength(10);
    expect(page1.CurrentPage).toBe(1);
    const page2 = await ok(
      'GET',
      `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?currentPage=2&rowsPerPage=10`,
    );
    expect(page2.Data[0].Id).not.toBe(page1.Data[0].Id);
    const byName = await ok(
      'GET',
      `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?policyHolderName=horizonte%20azul`,
    );
    expect(byName.Data.map((d: { Name: string }) => d.Name)).toEqual(['Construtora Horizonte Azul Ltda.']);
    const doc = byName.Data[0].Document as string;
    const byDoc = await ok(
      'GET',
      `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?policyHolderDocument=${encodeURIComponent(maskCnpj(doc))}`,
    );
    expect(byDoc.Total).toBe(1);
    // A CNPJ root (8 characters, masked as typed) finds the holder too.
    const byRoot = await ok(
      'GET',
      `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?policyHolderDocument=${encodeURIComponent(maskCnpj(doc).slice(0, 10))}`,
    );
    expect(byRoot.Data.map((d: { Document: string }) => d.Document)).toContain(doc);
    const blocked = await ok(
      'GET',
      `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?isBlocked=true&rowsPerPage=50`,
    );
    expect(blocked.Total).toBeGreaterThanOrEqual(3);
    expect(blocked.Data.every((d: { IsBlocked: boolean }) => d.IsBlocked)).toBe(true);
  });

  it('should list only the approved nominations of its brokerage when the user is a broker', async () => {
    const approved = await t.database.db
      .select({ id: policyHolderNominations.policyHolderId })
      .from(policyHolderNominations)
      .where(
        and(
          eq(policyHolderNominations.companyId, 54),
          eq(policyHolderNominations.brokerId, brokerId),
          eq(policyHolderNominations.statusId, 2),
        ),
      );
    expect(approved.length).toBeGreaterThan(0);
    const res = await ok(
      'GET',
      `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?rowsPerPage=200`,
      undefined,
      broker,
    );
    expect(res.Total).toBe(approved.length);
    expect(new Set(res.Data.map((d: { Id: number }) => d.Id))).toEqual(new Set(approved.map((a) => a.id)));
  });

  it('should show only its own record when the user is a policy holder', async () => {
    const res = await ok('GET', `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged`, undefined, holderUser);
    expect(res.Data.map((d: { Name: string }) => d.Name)).toEqual(['Construtora Horizonte Azul Ltda.']);
    const someoneElse = await holderByName(54, 'Pavimentadora Serra Verde Ltda.');
    const r = await call('GET', `${P}/GetPolicyHolder?UniqueId=${someoneElse.uniqueId}`, holderUser);
    expect(r.status).toBe(404);
  });

  it('should hide another company’s policy holders when the caller belongs to company 325', async () => {
    const mine = await holderByName(54, 'Construtora Horizonte Azul Ltda.');
    expect((await call('GET', `${P}/GetPolicyHolder?UniqueId=${mine.uniqueId}`, other)).status).toBe(404);
    const list = await ok(
      'GET',
      `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?policyHolderDocument=${mine.document}`,
      undefined,
      other,
    );
    expect(list.Total).toBe(0);
    const r = await call(
      'GET',
      `${P}/UpdatePolicyHolderName?PolicyHolderUniqueId=${mine.uniqueId}&Name=Invasor`,
      other,
    );
    expect(r.status).toBe(404);
    expect(
      (await call('GET', `/api/PolicyHolderChangeHistory/Get?policyHolderId=${mine.id}`, other)).status,
    ).toBe(404);
  });

  it('should answer the quick search by name, trade name or document and skip inactive ones on request', async () => {
    const byTrade = await ok('GET', `${P}/SearchPolicyHolder?TextSearch=Serra%20Verde`);
    expect(byTrade[0].Name).toBe('Pavimentadora Serra Verde Ltda.');
    const inactive = await holderByName(54, 'Restauro Patrimônio Histórico Ltda.');
    expect(inactive.isActive).toBe(false);
    const all = await ok('GET', `${P}/SearchPolicyHolder?TextSearch=Restauro`);
    expect(all).toHaveLength(1);
    const active = await ok('GET', `${P}/SearchPolicyHolder?TextSearch=Restauro&IgnoreInactive=true`);
    expect(active).toHaveLength(0);
  });

  it('should refuse with 403 when the user lacks the read permissions and 400 on bad paging', async () => {
    const none = await authHeaders(t, { cid: 54, utp: 1, prm: [26], sub: String(adminId) });
    expect((await call('GET', `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged`, none)).status).toBe(403);
    expect((await call('GET', `${P}/SearchPolicyHolder?TextSearch=a`, none)).status).toBe(403);
    expect(
      (await call('GET', `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?currentPage=0`, admin)).status,
    ).toBe(400);
    expect((await call('GET', `${P}/GetPolicyHolder?UniqueId=nao-e-uuid`, admin)).status).toBe(400);
  });
});
