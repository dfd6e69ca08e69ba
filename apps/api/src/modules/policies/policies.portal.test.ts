import { createHash } from 'node:crypto';
import {
  downloadLastEndorsementDocument,
  downloadPolicyDocument,
  getNumberOfDaysToCancelPolicy,
  getPolicyHistory,
  getPolicyShortBrief,
  internalCancelPolicy,
  Permission as P,
  searchPoliciesRelatedToInsured,
  searchPoliciesRelatedToLoggedUser,
  searchPoliciesRelatedToPolicyHolder,
  UserType,
  validateRestore,
  verifyPolicy,
} from '@aval/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/client.js';
import type { Caller } from '../../test/call.js';
import { createArchive, uniqueCnpj, uniqueTag } from '../../test/factories.js';
import { createTestApp, demoUser, type TestApp } from '../../test/harness.js';
import { createPolicy, inDays, today } from '../../test/policies.js';
import { demoBrokerId, type QuoteSetup, quoteSetup } from '../../test/proposals.js';
import { users } from '../users/users.table.js';
import { byPrefixRange, type PolicyFilters, searchPolicies } from './policies.query.repository.js';
import { issuanceDocuments, policies } from './policies.table.js';

let t: TestApp;
let s: QuoteSetup;
beforeAll(async () => {
  t = await createTestApp();
  s = await quoteSetup(t);
});
afterAll(() => t.close());

const staff = { cid: 54, utp: UserType.INSURANCE, prm: [P.VISUALIZAR_APOLICES] };
const canceller = {
  cid: 54,
  utp: UserType.INSURANCE,
  prm: [P.VISUALIZAR_APOLICES, P.CANCELAR_APOLICE_MANUALMENTE],
};
const search = (as: Caller, query: Record<string, unknown>) =>
  t.data(searchPoliciesRelatedToLoggedUser, { as, query });

describe('policies search', () => {
  it('should find by name fragment without accents or case, by document prefix, by number', async () => {
    const tag = uniqueTag();
    const holderName = `Construções Açaí ${tag} Ltda.`;
    const doc = uniqueCnpj();
    const a = await createPolicy(t, s, { policyHolderName: holderName, policyHolderDocument: doc });
    const b = await createPolicy(t, s, { insuredName: `Prefeitura de São João ${tag}` });
    const byName = await search('admin', { policyHolderName: `construcoes acai ${tag}` });
    expect(byName.Data.map((p) => p.UniqueId)).toEqual([a.uniqueId]);
    expect(byName).toMatchObject({ Total: 1, TotalIsCapped: false, CurrentPage: 1, RowsPerPage: 10 });
    // A page past the end is empty and still counts the matches.
    const pastEnd = await search('admin', { policyHolderName: `construcoes acai ${tag}`, currentPage: 3 });
    expect(pastEnd).toMatchObject({ Data: [], Total: 1, TotalIsCapped: false, CurrentPage: 3 });
    const masked = `${doc.slice(0, 2)}.${doc.slice(2, 5)}.${doc.slice(5, 8)}/`;
    const byDoc = await search('admin', { policyHolderDocument: masked });
    expect(byDoc.Data.map((p) => p.UniqueId)).toContain(a.uniqueId);
    expect(byDoc.Data.every((p) => p.PolicyHolderDocument.startsWith(doc.slice(0, 8)))).toBe(true);
    const byInsured = await search('admin', { insuredName: `SAO JOAO ${tag}` });
    expect(byInsured.Data.map((p) => p.UniqueId)).toEqual([b.uniqueId]);
    const byNumber = await search('admin', { policyNumber: a.number });
    expect(byNumber.Data.map((p) => p.UniqueId)).toEqual([a.uniqueId]);
    expect(byNumber.Data[0]).toMatchObject({
      PolicyNumber: a.number,
      StatusId: 2,
      StatusName: 'Emitida',
      InsuredAmountValue: '100000.00',
      DaysToEnd: 365,
    });
    // LIKE wildcards are taken literally.
    expect((await search('admin', { policyHolderName: `%${tag}` })).Total).toBe(0);
  });

  it('should filter by status and period (DD/MM/YYYY), flags, broker and the "a vencer" windows', async () => {
    const tag = uniqueTag();
    const name = `Tomador Filtros ${tag}`;
    const soon = await createPolicy(t, s, {
      policyHolderName: name,
      startDate: inDays(-300),
      endDate: inDays(20),
    });
    const sixty = await createPolicy(t, s, {
      policyHolderName: name,
      startDate: inDays(-300),
      endDate: inDays(55),
      enableToSteppin: true,
    });
    const later = await createPolicy(t, s, {
      policyHolderName: name,
      startDate: '2027-01-10',
      endDate: '2028-01-10',
      enableToMonitoring: true,
      enableToBigRisk: true,
    });
    const cancelled = await createPolicy(t, s, { policyHolderName: name, endDate: inDays(10), statusId: 3 });
    const ids = async (q: Record<string, unknown>) =>
      (await search('admin', { policyHolderName: tag, rowsPerPage: 50, ...q })).Data.map(
        (p) => p.UniqueId,
      ).sort();
    expect(await ids({ expiringInDays: 30 })).toEqual([soon.uniqueId]);
    expect(await ids({ expiringInDays: 60 })).toEqual([soon.uniqueId, sixty.uniqueId].sort());
    expect(await ids({ statusId: 3 })).toEqual([cancelled.uniqueId]);
    expect(await ids({ startDate: '01/01/2027', endDate: '31/01/2028' })).toContain(later.uniqueId);
    expect(await ids({ startDate: '11/01/2027' })).not.toContain(later.uniqueId);
    expect(await ids({ enableToSteppin: 'true' })).toEqual([sixty.uniqueId]);
    expect(await ids({ enableToMonitoring: 'true', enableToBigRisk: 'true' })).toEqual([later.uniqueId]);
    expect((await ids({ enableToSteppin: 'false' })).length).toBe(3);
    expect(await ids({ brokerName: 'demo' })).toHaveLength(4);
    expect(await ids({ brokerName: 'nenhuma corretora' })).toEqual([]);
    // Sorting and paging.
    const byEnd = await search('admin', {
      policyHolderName: tag,
      orderBy: 'EndDate',
      orderDirection: 'asc',
      rowsPerPage: 2,
      currentPage: 2,
    });
    expect(byEnd).toMatchObject({ Total: 4, CurrentPage: 2, RowsPerPage: 2 });
    expect(byEnd.Data.map((p) => p.UniqueId)).toEqual([sixty.uniqueId, later.uniqueId]);
  });

  it('should page and count a prefix search alike under the count cap (one statement) and past it', async () => {
    const doc = uniqueCnpj();
    const now = Date.now();
    const made = [];
    for (const hoursAgo of [3, 1, 2]) {
      made.push(
        await createPolicy(t, s, {
          policyHolderDocument: doc,
          issuedAt: new Date(now - hoursAgo * 3_600_000),
        }),
      );
    }
    const [older, newest, middle] = made.map((p) => p!.uniqueId);
    const find = (f: Partial<PolicyFilters>, cap: number) =>
      withTenant(t.database.db, 54, (tx) =>
        searchPolicies(
          tx,
          54,
          { all: true },
          { policyHolderDocument: doc, page: 1, rows: 2, ...f },
          { count: cap },
        ),
      );
    const ids = (r: Awaited<ReturnType<typeof find>>) => r.rows.map((p) => p.uniqueId);
    // Under the cap the count bounds the page's read; past it the page runs on its own.
    for (const cap of [5, 2]) {
      const first = await find({}, cap);
      expect(ids(first), `cap ${cap}`).toEqual([newest, middle]);
      expect(first.rows[0]?.issuedAt).toBeInstanceOf(Date);
      expect(await find({ direction: 'asc' }, cap).then(ids), `cap ${cap}`).toEqual([older, middle]);
      expect(await find({ page: 2 }, cap).then(ids), `cap ${cap}`).toEqual([older]);
      expect(await find({ number: made[1]!.number }, cap).then(ids), `cap ${cap}`).toEqual([newest]);
    }
    expect(await find({}, 5)).toMatchObject({ total: 3, capped: false });
    expect(await find({}, 2)).toMatchObject({ total: 2, capped: true });
    // A page past the end is empty and still counts.
    expect(await find({ page: 3 }, 5)).toMatchObject({ rows: [], total: 3, capped: false });
    expect(await find({ page: 3 }, 2)).toMatchObject({ rows: [], total: 2, capped: true });
    expect(await find({ policyHolderDocument: `${doc}9` }, 5)).toMatchObject({ rows: [], total: 0 });
  });

  it('should plan once only the searches by prefixes alone over the whole company', () => {
    const all = { all: true } as const;
    const paging = { page: 1, rows: 10, orderBy: 'EndDate', direction: 'asc' } as const;
    expect(byPrefixRange(all, { ...paging, policyHolderDocument: '10.432.' })).toBe(true);
    expect(
      byPrefixRange(all, { ...paging, number: ' 0776.2026 ', insuredDocument: '1', statusId: undefined }),
    ).toBe(true);
    // Another filter, a broker's or a holder's scope: another index may be the better one.
    expect(byPrefixRange(all, { ...paging, policyHolderDocument: '104', statusId: 2 })).toBe(false);
    expect(byPrefixRange(all, { ...paging, number: '0776', steppin: false })).toBe(false);
    expect(byPrefixRange(all, { ...paging, number: '0776', policyHolderName: 'conceic' })).toBe(false);
    const broker = { all: false, brokerIds: [7], policyHolderIds: [] } as const;
    expect(byPrefixRange(broker, { ...paging, policyHolderDocument: '104' })).toBe(false);
    // No prefix, an empty one, or one that is not an index range (a non-ASCII ending).
    expect(byPrefixRange(all, paging)).toBe(false);
    expect(byPrefixRange(all, { ...paging, policyHolderDocument: './-' })).toBe(false);
    expect(byPrefixRange(all, { ...paging, number: '0776.çã' })).toBe(false);
  });

  it('should refuse bad input with 400', async () => {
    for (const query of [
      { startDate: '31/02/2026' },
      { expiringInDays: 45 },
      { statusId: 9 },
      { rowsPerPage: 500 },
    ]) {
      const res = await t.call(searchPoliciesRelatedToLoggedUser, { as: 'admin', query });
      expect(res.status).toBe(400);
    }
    const res = await t.call(searchPoliciesRelatedToLoggedUser, {
      as: 'admin',
      query: { startDate: 'ontem' },
    });
    expect(res.body).toMatchObject({ Errors: ['Data inicial inválida.'] });
  });

  it('should show each user type its own policies: broker own and co-brokered, policy holder own', async () => {
    const tag = uniqueTag();
    const own = await createPolicy(t, s, { policyHolderName: `Visib ${tag}` });
    const otherBroker = await demoBrokerId(t, 'corretor2');
    const foreign = await createPolicy(t, s, { policyHolderName: `Visib ${tag}`, brokerId: otherBroker });
    const coBrokered = await createPolicy(t, s, {
      policyHolderName: `Visib ${tag}`,
      brokerId: otherBroker,
      coBrokers: [
        {
          BrokerId: await demoBrokerId(t),
          Name: 'Corretora Demo',
          Document: '',
          SUSEP: '',
          Leader: false,
          Participation: '50',
        },
      ],
    });
    const [tomador] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, 54), eq(users.username, demoUser('tomador'))));
    const holderOwn = await createPolicy(t, s, {
      policyHolderName: `Visib ${tag}`,
      policyHolderId: tomador!.policyHolderId!,
      brokerId: otherBroker,
    });
    const seen = async (as: Caller) =>
      (await search(as, { policyHolderName: `visib ${tag}`, rowsPerPage: 50 })).Data.map(
        (p) => p.UniqueId,
      ).sort();
    expect(await seen('admin')).toHaveLength(4);
    expect(await seen('corretor')).toEqual([own.uniqueId, coBrokered.uniqueId].sort());
    expect(await seen('corretor2')).toEqual(
      [foreign.uniqueId, coBrokered.uniqueId, holderOwn.uniqueId].sort(),
    );
    expect(
      await seen({
        cid: 54,
        sub: String(tomador!.id),
        utp: UserType.POLICY_HOLDER,
        prm: [P.VISUALIZAR_APOLICES],
      }),
    ).toEqual([holderOwn.uniqueId]);
    // An advisor on its own identity (not acting as a broker) sees none.
    expect(await seen({ cid: 54, utp: UserType.ADVISOR, prm: [P.VISUALIZAR_APOLICES] })).toEqual([]);
    // The broker cannot open another brokerage's policy.
    const brief = await t.call(getPolicyShortBrief, {
      as: 'corretor',
      query: { policyUniqueId: foreign.uniqueId },
    });
    expect(brief.status).toBe(404);
  });

  it('should refuse without permission (403) and keep companies apart', async () => {
    const p = await createPolicy(t, s);
    const noPerm = await t.call(searchPoliciesRelatedToLoggedUser, {
      as: { cid: 54, utp: UserType.INSURANCE, prm: [P.VISUALIZAR_PROPOSTAS] },
    });
    expect(noPerm.status).toBe(403);
    const other = await t.data(searchPoliciesRelatedToLoggedUser, {
      as: { user: 'admin', company: 325 },
      query: { policyNumber: p.number },
    });
    expect(other.Total).toBe(0);
    const brief = await t.call(getPolicyShortBrief, {
      as: { user: 'admin', company: 325 },
      query: { policyUniqueId: p.uniqueId },
    });
    expect(brief.status).toBe(404);
  });

  it("should search name fragments in the caller's company only, with visibility, through search.policies", async () => {
    const tag = uniqueTag();
    const otherBroker = await demoBrokerId(t, 'corretor2');
    const own = await createPolicy(t, s, { policyHolderName: `Isolada ${tag}`, insuredName: `Órgão ${tag}` });
    const foreign = await createPolicy(t, s, {
      policyHolderName: `Isolada ${tag}`,
      insuredName: `Órgão ${tag}`,
      brokerId: otherBroker,
    });
    // The same names in another company (written as the owner, as issuance would there).
    const elsewhere = await createPolicy(t, s, {
      companyId: 325,
      policyHolderName: `Isolada ${tag}`,
      insuredName: `Órgão ${tag}`,
    });
    const ids = async (as: Caller, query: Record<string, unknown>) =>
      (await search(as, { ...query, rowsPerPage: 50 })).Data.map((p) => p.UniqueId).sort();
    for (const query of [
      { policyHolderName: `isolada ${tag}` },
      { insuredName: `orgao ${tag}` },
      { policyHolderName: `ISOLADA ${tag}`, insuredName: `Órgão ${tag}` },
    ]) {
      expect(await ids('admin', query)).toEqual([own.uniqueId, foreign.uniqueId].sort());
      expect(await ids('corretor', query)).toEqual([own.uniqueId]);
      expect(await ids({ user: 'admin', company: 325 }, query)).toEqual([elsewhere.uniqueId]);
    }
    // Both names must match: a holder fragment with another policy's insured finds nothing.
    expect(await ids('admin', { policyHolderName: `isolada ${tag}`, insuredName: `outro ${tag}` })).toEqual(
      [],
    );
    // The view itself, as the app role: only the request's company, nothing without one, and
    // nothing but reading.
    const asApp = <T>(companyId: number | undefined, fn: (tx: typeof t.database.db) => Promise<T>) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(
          companyId === undefined
            ? sql`select set_config('role', 'aval_app', true)`
            : sql`select set_config('app.company_id', ${String(companyId)}, true), set_config('role', 'aval_app', true)`,
        );
        return fn(tx as unknown as typeof t.database.db);
      });
    const matching = (companyId: number | undefined) =>
      asApp(companyId, async (tx) => {
        const r = await tx.execute(
          sql`select id from search.policies where translate(lower(policy_holder_name), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn') like ${`%isolada ${tag.toLowerCase()}%`} order by id`,
        );
        return (r as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
      });
    expect(await matching(54)).toEqual([own.id, foreign.id].sort((x, y) => x - y));
    expect(await matching(325)).toEqual([elsewhere.id]);
    expect(await matching(undefined)).toEqual([]);
    const write = await asApp(54, (tx) =>
      tx.execute(sql`update search.policies set cancel_reason = 'x' where id = ${own.id}`),
    ).catch((err: Error) => err);
    expect(String((write as Error & { cause?: Error }).cause?.message)).toMatch(/permission denied/);
  });

  it('should keep search.policies with the columns of policies, in their order', async () => {
    const columns = async (schema: string) =>
      (
        (await t.database.db.execute(
          sql`select column_name, data_type from information_schema.columns where table_schema = ${schema} and table_name = 'policies' order by ordinal_position`,
        )) as unknown as { rows: { column_name: string; data_type: string }[] }
      ).rows;
    const table = await columns('public');
    expect(table.length).toBeGreaterThan(40);
    expect(await columns('search')).toEqual(table);
  });

  it('should list the policies of a policy holder and of an insured', async () => {
    const p = await createPolicy(t, s);
    const byHolder = await t.data(searchPoliciesRelatedToPolicyHolder, {
      as: 'admin',
      query: { PolicyHolderUniqueId: s.holder.uniqueId, rowsPerPage: 200 },
    });
    expect(byHolder.Data.map((x) => x.UniqueId)).toContain(p.uniqueId);
    expect(byHolder.Data.every((x) => x.PolicyHolderUniqueId === s.holder.uniqueId)).toBe(true);
    const byInsured = await t.data(searchPoliciesRelatedToInsured, {
      as: 'admin',
      query: { UniqueId: s.insured.UniqueId, rowsPerPage: 200 },
    });
    expect(byInsured.Data.map((x) => x.UniqueId)).toContain(p.uniqueId);
    const bad = await t.call(searchPoliciesRelatedToInsured, { as: 'admin', query: { UniqueId: 'x' } });
    expect(bad.status).toBe(400);
    const unknown = await t.call(searchPoliciesRelatedToPolicyHolder, {
      as: 'admin',
      query: { PolicyHolderUniqueId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    const otherCompany = await t.call(searchPoliciesRelatedToInsured, {
      as: { user: 'admin', company: 325 },
      query: { UniqueId: s.insured.UniqueId },
    });
    expect(otherCompany.status).toBe(404);
    const noPerm = await t.call(searchPoliciesRelatedToPolicyHolder, {
      as: { cid: 54, utp: UserType.INSURANCE, prm: [P.VISUALIZAR_TOMADORES] },
      query: { PolicyHolderUniqueId: s.holder.uniqueId },
    });
    expect(noPerm.status).toBe(403);
  });
});

describe('policy detail and documents', () => {
  it('should give the short brief', async () => {
    const p = await createPolicy(t, s, { enableToBigRisk: true });
    const brief = await t.data(getPolicyShortBrief, { as: staff, query: { policyUniqueId: p.uniqueId } });
    expect(brief).toMatchObject({
      UniqueId: p.uniqueId,
      PolicyNumber: p.number,
      StatusName: 'Emitida',
      SroStatusId: 1,
      SroStatusName: 'Pendente',
      HasDocument: false,
      EnableToBigRisk: true,
      TotalPremium: '2147.60',
      CanCancel: false,
      VerificationPath: `/verificar/${encodeURIComponent(p.number)}?codigo=${p.verificationCode}`,
    });
    expect(p.verificationCode).toMatch(/^[0-9a-f]{16}$/);
    expect(
      (await t.data(getPolicyShortBrief, { as: canceller, query: { policyUniqueId: p.uniqueId } })).CanCancel,
    ).toBe(true);
    const bad = await t.call(getPolicyShortBrief, { as: 'admin', query: { policyUniqueId: 'nope' } });
    expect(bad.status).toBe(400);
  });

  it('should download the policy PDF, with or without the endorsement option when there is no endorsement', async () => {
    const p = await createPolicy(t, s);
    const none = await t.call(downloadLastEndorsementDocument, {
      as: 'admin',
      query: { ProposalUniqueId: p.proposalUniqueId },
    });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ Errors: ['A apólice não tem endossos.'] });

    const pdf = await createArchive(t);
    await t.database.db
      .update(policies)
      .set({ documentArchiveId: pdf.uniqueIdentifier, documentSha256: 'a'.repeat(64) })
      .where(eq(policies.id, p.id));
    const link = await t.data(downloadPolicyDocument, {
      as: 'corretor',
      query: { ProposalUniqueId: p.proposalUniqueId },
    });
    // One name: the policy number as printed (the name the issued PDF is stored under).
    expect(link.FileName).toBe(`apolice-${p.number}.pdf`);
    const file = await t.app.inject({
      method: 'GET',
      url: link.UrlToDownload.replace(/^https?:\/\/[^/]+/, ''),
    });
    expect(file.statusCode).toBe(200);
    // Without endorsements, endorsement=true still gives the policy's PDF.
    const withEndorsement = await t.data(downloadPolicyDocument, {
      as: 'admin',
      query: { ProposalUniqueId: p.proposalUniqueId, endorsement: 'true' },
    });
    expect(withEndorsement.FileName).toBe(link.FileName);

    // The endorsement PDF is kept on the endorsement itself (endorsements.test.ts downloads it).
    const stillNone = await t.call(downloadLastEndorsementDocument, {
      as: 'corretor',
      query: { ProposalUniqueId: p.proposalUniqueId },
    });
    expect(stillNone.status).toBe(404);
    const other = await t.call(downloadPolicyDocument, {
      as: { user: 'admin', company: 325 },
      query: { ProposalUniqueId: p.proposalUniqueId },
    });
    expect(other.status).toBe(404);
    const broker2 = await t.call(downloadPolicyDocument, {
      as: 'corretor2',
      query: { ProposalUniqueId: p.proposalUniqueId },
    });
    expect(broker2.status).toBe(404);
  });

  /** A seeded policy (the demo seed writes none of their PDFs) that has no document yet. */
  const seededWithoutDocument = async (skip: number) => {
    const [row] = await t.database.db
      .select()
      .from(policies)
      .where(and(eq(policies.companyId, 54), isNull(policies.documentArchiveId)))
      .orderBy(asc(policies.id))
      .offset(skip)
      .limit(1);
    if (!row) throw new Error('the seed has no policy without a document');
    return row;
  };
  const fetchFile = async (url: string) => {
    const file = await t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });
    expect(file.statusCode).toBe(200);
    return file.rawPayload;
  };
  const storedPolicyDocuments = (policyId: number) =>
    t.database.db
      .select()
      .from(issuanceDocuments)
      .where(and(eq(issuanceDocuments.policyId, policyId), eq(issuanceDocuments.kind, 'policy')));

  it('should render a seeded policy PDF on its first downloads, store one document and show its SHA-256 on the authenticity page', async () => {
    const p = await seededWithoutDocument(0);
    // Two first requests at once: one renders and stores, the other waits for it (row lock).
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        t.call(downloadPolicyDocument, { as: 'admin', query: { ProposalUniqueId: p.proposalUniqueId } }),
      ),
    );
    expect([a!.status, b!.status]).toEqual([200, 200]);
    const pdf = await fetchFile(a!.data.UrlToDownload);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await fetchFile(b!.data.UrlToDownload)).toEqual(pdf);
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const stored = await storedPolicyDocuments(p.id);
    expect(stored.map((d) => d.sha256)).toEqual([sha256]);
    const [after] = await t.database.db.select().from(policies).where(eq(policies.id, p.id));
    expect(after).toMatchObject({ documentArchiveId: stored[0]!.archiveId, documentSha256: sha256 });
    const verified = await t.data(verifyPolicy, { query: { number: p.number, code: p.verificationCode } });
    expect(verified.DocumentSha256).toBe(sha256);
    // Later downloads give the stored one.
    const again = await t.data(downloadPolicyDocument, {
      as: 'admin',
      query: { ProposalUniqueId: p.proposalUniqueId },
    });
    expect(await fetchFile(again.UrlToDownload)).toEqual(pdf);
    expect(await storedPolicyDocuments(p.id)).toHaveLength(1);
  });

  it('should render a seeded policy PDF when the public authenticity page asks first', async () => {
    const p = await seededWithoutDocument(1);
    const verified = await t.data(verifyPolicy, { query: { number: p.number, code: p.verificationCode } });
    expect(verified.DocumentSha256).toMatch(/^[0-9a-f]{64}$/);
    const link = await t.data(downloadPolicyDocument, {
      as: 'admin',
      query: { ProposalUniqueId: p.proposalUniqueId },
    });
    const pdf = await fetchFile(link.UrlToDownload);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(verified.DocumentSha256);
    const stored = await storedPolicyDocuments(p.id);
    expect(stored).toHaveLength(1);
    // Rendered by the system (no user on a public page).
    expect(stored[0]!.createdByUserId).toBeNull();
    // A wrong code renders nothing.
    const other = await seededWithoutDocument(1);
    expect(
      (await t.call(verifyPolicy, { query: { number: other.number, code: '0000000000000000' } })).status,
    ).toBe(404);
    expect(await storedPolicyDocuments(other.id)).toHaveLength(0);
  });

  it('should verify a policy publicly with its number and code only', async () => {
    const cpf = '12345678909';
    const pdf = await createArchive(t);
    const p = await createPolicy(t, s, {
      insuredDocument: cpf,
      documentArchiveId: pdf.uniqueIdentifier,
      documentSha256: 'c'.repeat(64),
    });
    const ok = await t.data(verifyPolicy, { query: { number: p.number, code: p.verificationCode } });
    expect(ok).toEqual({
      PolicyNumber: p.number,
      StatusId: 2,
      StatusName: 'Emitida',
      PolicyHolderName: p.policyHolderName,
      PolicyHolderDocument: p.policyHolderDocument,
      InsuredName: p.insuredName,
      InsuredDocument: '***.456.789-**',
      InsuredAmountValue: '100000.00',
      StartDate: p.startDate,
      EndDate: p.endDate,
      DocumentSha256: 'c'.repeat(64),
    });
    const wrong = await t.call(verifyPolicy, { query: { number: p.number, code: '0000000000000000' } });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject({ Errors: ['Apólice não encontrada.'] });
    const otherCompany = await t.call(verifyPolicy, {
      companyKey: 325,
      query: { number: p.number, code: p.verificationCode },
    });
    expect(otherCompany.status).toBe(404);
    const bad = await t.call(verifyPolicy, { query: { number: p.number } as never });
    expect(bad.status).toBe(400);
  });
});

describe('internal cancellation', () => {
  it('should give the window of days', async () => {
    expect(await t.data(getNumberOfDaysToCancelPolicy, { as: canceller })).toBe(30);
    expect((await t.call(getNumberOfDaysToCancelPolicy, { as: staff })).status).toBe(403);
    expect((await t.call(getNumberOfDaysToCancelPolicy, { as: 'corretor' })).status).toBe(403);
  });

  it('should simulate, then cancel with the pro-rata restitution, and record it in the history', async () => {
    // 365 days, started 65 days ago: 300 days left. 2000 × 300/365 = 1643.84, of which the insurer
    // keeps its acquisition cost, the policy's 20% commission (328.77); IOF 147.60 × 300/365 = 121.32 comes back in full:
    // 1643.84 − 328.77 + 121.32 = 1436.39.
    const p = await createPolicy(t, s, { startDate: inDays(-65), endDate: inDays(300) });
    const body = { Reason: 'Contrato rescindido pelo segurado', Simulate: true };
    const sim = await t.data(internalCancelPolicy, {
      as: canceller,
      query: { policyNumber: p.number },
      body,
    });
    expect(sim).toMatchObject({
      Simulated: true,
      StatusId: 2,
      Restitution: {
        CancelDate: today(),
        TotalDays: 365,
        RemainingDays: 300,
        // 2.000 × 300/365 = 1.643,84; its 20% commission kept = 328,77; IOF 147,60 × 300/365 = 121,32
        UnearnedPremium: '1643.84',
        AcquisitionCostPercentage: '20.000000',
        AcquisitionCostsKept: '328.77',
        IofRestitution: '121.32',
        TotalRestitution: '1436.39',
      },
    });
    // One rule: a cancellation endorsement on the same day would give back the same figure.
    const endorsement = await t.data(validateRestore, { as: 'admin', body: { PolicyUniqueId: p.uniqueId } });
    expect(endorsement.PremiumDifference).toMatchObject({
      EffectiveDate: today(),
      UnearnedPremium: '1643.84',
      AcquisitionCostsKept: '328.77',
      Restitution: '1436.39',
    });
    const done = await t.data(internalCancelPolicy, {
      as: canceller,
      query: { policyNumber: p.number },
      body: { Reason: body.Reason },
    });
    expect(done).toMatchObject({
      Simulated: false,
      StatusId: 3,
      Restitution: { TotalRestitution: '1436.39' },
    });
    const brief = await t.data(getPolicyShortBrief, { as: 'admin', query: { policyUniqueId: p.uniqueId } });
    expect(brief).toMatchObject({
      StatusId: 3,
      StatusName: 'Cancelada',
      CancelReason: body.Reason,
      CancelRestitution: '1436.39',
      CanCancel: false,
    });
    const h = await t.data(getPolicyHistory, { as: 'admin', query: { policyUniqueid: p.uniqueId } });
    expect(h.map((e) => [e.FieldLabel, e.NewValue])).toEqual(
      expect.arrayContaining([
        ['Situação', 'Cancelada'],
        ['Motivo do cancelamento', body.Reason],
        ['Restituição de prêmio', 'R$ 1.436,39'],
      ]),
    );
    const again = await t.call(internalCancelPolicy, {
      as: canceller,
      query: { policyNumber: p.number },
      body: { Reason: body.Reason },
    });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ Errors: ['Somente apólices emitidas podem ser canceladas.'] });
  });

  it('should refuse brokers, staff without permission 23, bad dates, short reasons and other companies', async () => {
    const p = await createPolicy(t, s);
    const body = { Reason: 'Pedido do tomador' };
    const q = { policyNumber: p.number };
    expect((await t.call(internalCancelPolicy, { as: staff, query: q, body })).status).toBe(403);
    expect(
      (
        await t.call(internalCancelPolicy, {
          as: { cid: 54, utp: UserType.BROKER, prm: [P.CANCELAR_APOLICE_MANUALMENTE, P.VISUALIZAR_APOLICES] },
          query: q,
          body,
        })
      ).status,
    ).toBe(403);
    const short = await t.call(internalCancelPolicy, { as: canceller, query: q, body: { Reason: 'x' } });
    expect(short.status).toBe(400);
    const future = await t.call(internalCancelPolicy, {
      as: canceller,
      query: q,
      body: { ...body, CancelDate: inDays(3) },
    });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ Errors: ['A data do cancelamento não pode ser futura.'] });
    const old = await t.call(internalCancelPolicy, {
      as: canceller,
      query: q,
      body: { ...body, CancelDate: inDays(-31) },
    });
    expect(old.status).toBe(400);
    const other = await t.call(internalCancelPolicy, {
      as: { cid: 325, utp: UserType.INSURANCE, prm: [P.CANCELAR_APOLICE_MANUALMENTE] },
      query: q,
      body,
    });
    expect(other.status).toBe(404);
    const [row] = await t.database.db.select().from(policies).where(eq(policies.id, p.id));
    expect(row!.statusId).toBe(2);
  });
});
