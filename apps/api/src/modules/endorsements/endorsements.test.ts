import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import {
  approveEndorsement,
  createEndorsement,
  downloadEndorsementArchive,
  downloadEndorsementDocument,
  downloadLastEndorsementDocument,
  downloadPolicyDocument,
  type EndorsementView,
  executeAutomaticCreditApprovalEndorsementPolicy,
  executeAutomaticRegistrationEndorsementPolicy,
  executeAutomaticReinsuranceEndorsementPolicy,
  executeAutomaticSubscriptionEndorsementPolicy,
  getCardEndorsementInfo,
  getCardObservations,
  getCompareChanges,
  getEndorsementRequestDocumentArchives,
  getEndorsementType,
  getPolicyEndorsementRequestDocument,
  getReasonEndorsementRequest,
  listEndorsementAttachments,
  listEndorsementsByPolicy,
  navigateKanbanCard,
  validateCanRequestEndorsementType,
  validateEndorsement,
  validateRestore,
} from '@aval/contracts';
import {
  addDays,
  cancellationPremiumDifference,
  changePremiumDifference,
  cnpjFromBase,
  formatDate,
  formatMoney,
  maskCnpj,
  Permission,
  parseDigitableLine,
  UserType,
} from '@aval/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withTenant } from '../../db/client.js';
import { addBusinessDays } from '../../lib/business-days.js';
import type { Caller } from '../../test/call.js';
import { consumerElements, fetchSignedFile, insurerOf } from '../../test/documents.js';
import { createArchive } from '../../test/factories.js';
import { createTestApp, SAMPLE_PDF, type TestApp } from '../../test/harness.js';
import { changeInsurerRecord, leaveInsurerRecordIncomplete } from '../../test/insurer-record.js';
import { findCard, pipeByToken } from '../../test/kanban.js';
import { decodeItf, pdfQrCodes, pdfText } from '../../test/pdf.js';
import { createDraft, type QuoteSetup, quoteSetup, today } from '../../test/proposals.js';
import { until } from '../../test/wait.js';
import { changeHistory } from '../change-history/change-history.table.js';
import { modalities } from '../parameterisation/parameterisation.table.js';
import { renderBarcodePng } from '../policies/bank-slip.js';
import { policies, policyInstallments } from '../policies/policies.table.js';
import * as policyHolders from '../policy-holders/policy-holders.service.js';
import { proposals } from '../proposals/proposals.table.js';
import { sroRegistrations } from '../sro/sro.table.js';
import { ENDORSEMENT_DOCUMENTS_QUEUE, effectiveDateFor } from './endorsements.service.js';
import { endorsements } from './endorsements.table.js';

/**
 * Endorsements (issue 16) on a real database with the job workers on: a broker files a change or a
 * cancellation of an issued policy, the automatic steps run in a durable job and open the card,
 * insurer staff approve (call or board) and the policy changes.
 */
let t: TestApp;
let s: QuoteSetup;
beforeAll(async () => {
  t = await createTestApp({ jobWorkers: true });
  s = await quoteSetup(t);
}, 120_000);
afterAll(() => t.close());

let sequence = 0;
/**
 * An issued policy of the demo broker (issuance is another module: the row is written as issuance
 * writes it): IS R$ 100.000,00 at 2% a year, started 65 days ago, 365 days, premium R$ 2.000,00,
 * commission 20%.
 */
const issuedPolicy = async (overrides: Partial<typeof policies.$inferInsert> = {}) => {
  const draft = await createDraft(t, s);
  const [proposal] = await t.database.db
    .select()
    .from(proposals)
    .where(eq(proposals.uniqueId, draft.UniqueId));
  sequence += 1;
  const start = addDays(today(), -65);
  const [row] = await t.database.db
    .insert(policies)
    .values({
      companyId: 54,
      number: `0776.2026.${String(9_000_000 + sequence).padStart(7, '0')}-${sequence % 10}`,
      branchCode: '0776',
      sequence: 9_000_000 + sequence,
      proposalId: proposal!.id,
      proposalUniqueId: proposal!.uniqueId,
      proposalNumber: proposal!.number,
      branchId: proposal!.branchId!,
      modalityId: s.modality.Id,
      modalityName: 'Modalidade de teste',
      modalityGroupName: 'Grupo',
      policyHolderId: s.holder.id,
      policyHolderUniqueId: s.holder.uniqueId,
      policyHolderName: 'Tomador do Endosso Ltda.',
      policyHolderDocument: '11222333000181',
      insuredId: s.insured.Id,
      insuredUniqueId: s.insured.UniqueId,
      insuredName: 'Segurado do Endosso',
      insuredDocument: '11444777000161',
      brokerId: s.brokerId,
      brokerName: 'Corretora Demo',
      brokerDocument: '00000000000191',
      brokerSusep: '123456',
      objectText: 'Execução das obras do contrato 12/2026',
      startDate: start,
      endDate: addDays(start, 365),
      deadlineDays: 365,
      insuredAmount: '100000.00',
      insurancePremium: '2000.00',
      comissionPercentage: '20',
      comissionValue: '400.00',
      tax: '2',
      totalPremium: '2000.00',
      sroDeadline: addDays(start, 2),
      ...overrides,
    })
    .returning();
  // Issued policies hold their IS in the policy holder's exposure ledger.
  await withTenant(t.database.db, 54, (tx) =>
    policyHolders.convertToPolicy(
      { db: tx, company: { id: 54, key: '', name: '' } },
      {
        proposalId: proposal!.id,
        policyId: row!.id,
        policyHolderId: s.holder.id,
        modalityId: s.modality.Id,
        amount: row!.insuredAmount,
      },
    ),
  );
  return row!;
};

const outstanding = (policyId: number) =>
  withTenant(t.database.db, 54, (tx) =>
    policyHolders.policyOutstanding({ db: tx, company: { id: 54, key: '', name: '' } }, policyId),
  );

const policyRow = async (id: number) =>
  (await t.database.db.select().from(policies).where(eq(policies.id, id)))[0]!;

const isIncrease = (policyUniqueId: string, amount = '150000.00') => ({
  PolicyUniqueId: policyUniqueId,
  EndorsementTypeId: 1,
  ReasonEndorsementRequestId: 1,
  EndorsementChangeTypeIds: [1],
  InsuredAmountValue: amount,
});

const withDocuments = async (names: string[]) =>
  Promise.all(
    names.map(async (Name) => ({
      Name,
      ArchiveUniqueIds: [(await createArchive(t, { as: 'corretor' })).uniqueIdentifier],
    })),
  );

const awaitingApproval = (uniqueId: string) =>
  until(async () => {
    const info = await t.data(getCardEndorsementInfo, { as: 'admin', query: { ProposalUniqueId: uniqueId } });
    return info.StatusId === 3 ? info : undefined;
  }, 'the automatic steps');

const file = (body: Record<string, unknown>) =>
  t.data(createEndorsement, { as: 'corretor', body: body as never });

/** An IS increase of the policy filed with its document, its automatic steps run: awaiting approval. */
const increaseAwaitingApproval = async (policy: { uniqueId: string }) => {
  const filed = await file({
    ...isIncrease(policy.uniqueId),
    Documents: await withDocuments(['Aditivo contratual']),
  });
  await awaitingApproval(filed.ProposalUniqueId);
  return filed;
};

/** An approval that was refused changed nothing: still awaiting it, the policy as before, no boleto, no PDF. */
const expectUndecided = async (uniqueId: string, policyBefore: typeof policies.$inferSelect) => {
  expect(await policyRow(policyBefore.id)).toEqual(policyBefore);
  const [row] = await t.database.db.select().from(endorsements).where(eq(endorsements.uniqueId, uniqueId));
  expect(row).toMatchObject({ statusId: 3, decidedAt: null, documentArchiveId: null, issuedInsurer: null });
  expect(
    await t.database.db
      .select()
      .from(policyInstallments)
      .where(eq(policyInstallments.endorsementId, row!.id)),
  ).toEqual([]);
};

/** Waits for the documents job to store the PDF of the policy's newest endorsement. */
const endorsementDocumentStored = (policy: { uniqueId: string }) =>
  until(async () => {
    const [e] = await t.data(listEndorsementsByPolicy, {
      as: 'corretor',
      query: { policyUniqueId: policy.uniqueId },
    });
    return e?.HasDocument ? e : undefined;
  }, 'the endorsement PDF rendered by the documents job');

/** The bytes behind a signed URL (served by the app itself). */
const fetchFile = (url: string) => fetchSignedFile(t, url);

const noEndorsement = { cid: 54, utp: UserType.BROKER, prm: [Permission.VISUALIZAR_PROPOSTAS] };

describe('endorsement catalogues', () => {
  it('should list the two types, the reasons of a type and the documents of a request', async () => {
    const types = await t.data(getEndorsementType, { as: 'corretor' });
    expect(types.map((x) => x.CardType)).toEqual(['ENDOSSO_ALTERACAO', 'ENDOSSO_CANCELAMENTO']);
    expect(types[0]!.ChangeTypes.map((c) => c.Id)).toEqual([1, 2, 3, 4]);
    const reasons = await t.data(getReasonEndorsementRequest, {
      as: 'corretor',
      query: { PolicyEndorsementTypeId: 2 },
    });
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.every((r) => r.PolicyEndorsementTypeId === 2)).toBe(true);
    const docs = await t.data(getPolicyEndorsementRequestDocument, {
      as: 'corretor',
      query: { endorsementTypeId: 1, endorsementReasonId: 1, endorsementChangeTypeIds: '1,3' },
    });
    expect(docs.filter((d) => d.IsRequired).map((d) => d.Name)).toEqual([
      'Aditivo contratual',
      'Documento do novo objeto',
    ]);
    expect(docs.every((d) => d.RequestDocumentTypeId === 4)).toBe(true);
  });

  it('should refuse callers without permission 25 and bad input', async () => {
    expect((await t.call(getEndorsementType, { as: noEndorsement })).status).toBe(403);
    expect(
      (
        await t.call(getReasonEndorsementRequest, {
          as: noEndorsement,
          query: { PolicyEndorsementTypeId: 1 },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call(getPolicyEndorsementRequestDocument, {
          as: noEndorsement,
          query: { endorsementTypeId: 1 },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call(getReasonEndorsementRequest, { as: 'corretor', query: { PolicyEndorsementTypeId: 3 } }))
        .status,
    ).toBe(400);
    expect(
      (
        await t.call(getPolicyEndorsementRequestDocument, {
          as: 'corretor',
          query: { endorsementTypeId: 1, endorsementChangeTypeIds: 'x' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('validation before filing', () => {
  it('should show the extra premium of an IS increase pro rata to the remaining days and only the changed fields', async () => {
    const policy = await issuedPolicy();
    const can = await t.data(validateCanRequestEndorsementType, {
      as: 'corretor',
      query: { policyUniqueId: policy.uniqueId, type: 1 },
    });
    expect(can).toEqual({ CanRequest: true, Message: null });
    const v = await t.data(validateEndorsement, { as: 'corretor', body: isIncrease(policy.uniqueId) });
    const expected = changePremiumDifference(
      { ...policy, tax: '2', comissionPercentage: '20' },
      {
        effectiveDate: today(),
        insuredAmount: '150000.00',
        acquisitionCostPercentage: '20',
      },
    );
    // 50.000 × 2% × 300/365 = 821,92
    expect(v.PremiumDifference).toMatchObject({
      Kind: 'extra',
      RemainingDays: 300,
      ExtraPremium: '821.92',
      CommissionOnExtra: expected.commissionOnExtra.toFixed(2),
      NewInsurancePremium: '2821.92',
    });
    expect(v.Changes).toEqual([
      {
        Field: 'InsuredAmountValue',
        Label: 'Importância segurada',
        OldValue: '100000.00',
        NewValue: '150000.00',
      },
    ]);
    expect(v.RequiredDocuments.find((d) => d.IsRequired)?.Name).toBe('Aditivo contratual');
  });

  it('should show the restitution of a cancellation net of the acquisition costs kept', async () => {
    const policy = await issuedPolicy();
    const r = await t.data(validateRestore, { as: 'corretor', body: { PolicyUniqueId: policy.uniqueId } });
    const expected = cancellationPremiumDifference(
      { ...policy, tax: '2', comissionPercentage: '20' },
      { effectiveDate: today(), acquisitionCostPercentage: '20' },
    );
    // 2.000 × 300/365 = 1.643,84; its 20% commission kept = 328,77; restitution 1.315,07
    expect(r).toMatchObject({ CanRestore: true, Message: null });
    expect(r.PremiumDifference).toMatchObject({
      Kind: 'restitution',
      UnearnedPremium: '1643.84',
      AcquisitionCostsKept: '328.77',
      Restitution: '1315.07',
    });
    expect(r.PremiumDifference.Restitution).toBe(expected.restitution.toFixed(2));
  });

  it('should refuse what changes nothing, a reason of the other type, a shorter term and bad input', async () => {
    const policy = await issuedPolicy();
    const nothing = await t.call(validateEndorsement, {
      as: 'corretor',
      body: { ...isIncrease(policy.uniqueId, '100000.00') },
    });
    expect(nothing.status).toBe(422);
    expect(nothing.errors).toEqual(['Informe ao menos uma alteração.']);
    const reason = await t.call(validateEndorsement, {
      as: 'corretor',
      body: { ...isIncrease(policy.uniqueId), ReasonEndorsementRequestId: 5 },
    });
    expect(reason.errors).toEqual(['O motivo informado não pertence a este tipo de endosso.']);
    const shorter = await t.call(validateEndorsement, {
      as: 'corretor',
      body: {
        ...isIncrease(policy.uniqueId),
        EndorsementChangeTypeIds: [2],
        EndDate: addDays(policy.endDate, -10),
      },
    });
    expect(shorter.status).toBe(422);
    const bad = await t.call(validateEndorsement, {
      as: 'corretor',
      body: { ...isIncrease(policy.uniqueId), InsuredAmountValue: 'abc' },
    });
    expect(bad.status).toBe(400);
    expect(
      (await t.call(validateEndorsement, { as: noEndorsement, body: isIncrease(policy.uniqueId) })).status,
    ).toBe(403);
    expect(
      (await t.call(validateRestore, { as: noEndorsement, body: { PolicyUniqueId: policy.uniqueId } }))
        .status,
    ).toBe(403);
  });

  it("should price from the effective date asked, within the vigência and the modality's limits, and keep the modality's bounds", async () => {
    const policy = await issuedPolicy();
    const at = (days: number) => ({ ...isIncrease(policy.uniqueId), EffectiveDate: addDays(today(), days) });
    // 10 days ahead: 50.000 × 2% × 290/365 = 794,52 (the premium runs from the effective date).
    const ahead = await t.data(validateEndorsement, { as: 'corretor', body: at(10) });
    expect(ahead.PremiumDifference).toMatchObject({ RemainingDays: 290, ExtraPremium: '794.52' });
    // Beyond the modality's 30 future days, before its start, retroactive where the modality says 0.
    expect((await t.call(validateEndorsement, { as: 'corretor', body: at(40) })).errors).toEqual([
      'A data de efeito pode ser no máximo 30 dias à frente (limite da modalidade).',
    ]);
    expect((await t.call(validateEndorsement, { as: 'corretor', body: at(-70) })).errors?.[0]).toMatch(
      /^A data de efeito deve estar dentro da vigência da apólice \(de \d{2}\/\d{2}\/\d{4} a /,
    );
    expect((await t.call(validateEndorsement, { as: 'corretor', body: at(-5) })).errors).toEqual([
      'A modalidade não aceita endosso com data de efeito retroativa.',
    ]);
    // Retroactive within the modality's 10 days: 50.000 × 2% × 305/365 = 835,62.
    await t.database.db
      .update(modalities)
      .set({ retroactiveDays: 10 })
      .where(eq(modalities.id, s.modality.Id));
    try {
      const back = await t.data(validateEndorsement, { as: 'corretor', body: at(-5) });
      expect(back.PremiumDifference).toMatchObject({ RemainingDays: 305, ExtraPremium: '835.62' });
    } finally {
      await t.database.db
        .update(modalities)
        .set({ retroactiveDays: 0 })
        .where(eq(modalities.id, s.modality.Id));
    }
    // Year 9999 is no date at all (400, as on every call); an end date in 2199 passes the
    // modality's maximum term (422); an IS above its maximum too.
    const [m] = await t.database.db.select().from(modalities).where(eq(modalities.id, s.modality.Id));
    const year9999 = await t.call(validateEndorsement, {
      as: 'corretor',
      body: { ...isIncrease(policy.uniqueId), EndorsementChangeTypeIds: [2], EndDate: '9999-12-31' },
    });
    expect(year9999.status).toBe(400);
    expect(year9999.errors).toEqual(['A data deve estar entre 01/01/1900 e 31/12/2199.']);
    const forever = await t.call(validateEndorsement, {
      as: 'corretor',
      body: { ...isIncrease(policy.uniqueId), EndorsementChangeTypeIds: [2], EndDate: '2199-12-31' },
    });
    expect(forever.errors).toEqual([
      `A vigência endossada não pode passar de ${m!.maxPeriodDays} dias (prazo máximo da modalidade).`,
    ]);
    await t.database.db
      .update(modalities)
      .set({ maxInsuredAmount: '120000.00' })
      .where(eq(modalities.id, s.modality.Id));
    try {
      const above = await t.call(validateEndorsement, { as: 'corretor', body: isIncrease(policy.uniqueId) });
      expect(above.errors).toEqual([
        `A importância segurada endossada não pode passar de ${formatMoney('120000')} (limite da modalidade).`,
      ]);
    } finally {
      await t.database.db
        .update(modalities)
        .set({ maxInsuredAmount: m!.maxInsuredAmount })
        .where(eq(modalities.id, s.modality.Id));
    }
  });

  it('should take effect at the start of a policy whose vigência has not begun when no date is asked', async () => {
    const start = addDays(today(), 1);
    const policy = await issuedPolicy({ startDate: start, endDate: addDays(start, 365) });
    // 50.000 × 2% × 365/365 = 1.000,00: the whole term, from its first day.
    const v = await t.data(validateEndorsement, { as: 'corretor', body: isIncrease(policy.uniqueId) });
    expect(v.PremiumDifference).toMatchObject({ RemainingDays: 365, ExtraPremium: '1000.00' });
    // A day asked before the start is still outside the vigência.
    const before = await t.call(validateEndorsement, {
      as: 'corretor',
      body: { ...isIncrease(policy.uniqueId), EffectiveDate: today() },
    });
    expect(before.errors?.[0]).toMatch(/^A data de efeito deve estar dentro da vigência da apólice/);
  });

  it('should not show another brokerage nor another company the policy', async () => {
    const policy = await issuedPolicy();
    const other = await t.call(validateCanRequestEndorsementType, {
      as: 'corretor2',
      query: { policyUniqueId: policy.uniqueId, type: 1 },
    });
    expect(other.status).toBe(404);
    const tenant = await t.call(validateEndorsement, {
      as: { user: 'admin', company: 325 },
      body: isIncrease(policy.uniqueId),
    });
    expect(tenant.status).toBe(404);
    expect(
      (
        await t.call(listEndorsementsByPolicy, {
          as: { user: 'corretor', company: 325 },
          query: { policyUniqueId: policy.uniqueId },
        })
      ).status,
    ).toBe(404);
  });

  it('should say a cancelled or expired policy cannot be endorsed', async () => {
    const cancelled = await issuedPolicy({ statusId: 3 });
    const r = await t.data(validateCanRequestEndorsementType, {
      as: 'corretor',
      query: { policyUniqueId: cancelled.uniqueId, type: 2 },
    });
    expect(r).toEqual({
      CanRequest: false,
      Message: 'Só é possível endossar uma apólice emitida e vigente.',
    });
  });
});

describe('an IS increase from filing to approval', () => {
  it('should file with the required documents, run the steps in a job, open the card and change the policy when approved', async () => {
    const policy = await issuedPolicy();
    const missing = await t.call(createEndorsement, {
      as: 'corretor',
      body: { ...isIncrease(policy.uniqueId) },
    });
    expect(missing.status).toBe(422);
    expect(missing.errors).toEqual(['Anexe os documentos obrigatórios: Aditivo contratual.']);

    const filed = await file({
      ...isIncrease(policy.uniqueId),
      Documents: await withDocuments(['Aditivo contratual']),
    });
    expect(filed).toMatchObject({ StatusId: 2, Number: 1, ComplementaryInsuredAmountValue: '50000.00' });
    expect(filed.PremiumDifference.ExtraPremium).toBe('821.92');

    // One endorsement at a time.
    const again = await t.call(validateCanRequestEndorsementType, {
      as: 'corretor',
      query: { policyUniqueId: policy.uniqueId, type: 1 },
    });
    expect(again.data.CanRequest).toBe(false);

    const info = await awaitingApproval(filed.ProposalUniqueId);
    expect(info.Steps.map((x) => [x.Step, x.Approved])).toEqual([
      ['registration', true],
      ['credit', false],
      ['reinsurance', true],
      ['subscription', true],
    ]);
    expect(info.Changes.map((c) => c.Field)).toEqual(['InsuredAmountValue']);
    expect(info.Documents[0]).toMatchObject({ Name: 'Aditivo contratual', IsRequired: true });

    // The card is on the subscription board.
    const pipe = await pipeByToken(t, 'subscricao', 'admin');
    const card = await until(
      () => findCard(t, pipe.id, filed.ProposalUniqueId, { as: 'admin' }),
      'the ENDOSSO_ALTERACAO card',
    );
    expect(card.cardType).toBe('ENDOSSO_ALTERACAO');

    // Brokers do not approve; insurer staff do.
    const byBroker = await t.call(approveEndorsement, {
      as: 'corretor',
      body: { ProposalUniqueId: filed.ProposalUniqueId },
    });
    expect(byBroker.status).toBe(403);
    const approved = await t.data(approveEndorsement, {
      as: 'admin',
      body: { ProposalUniqueId: filed.ProposalUniqueId },
    });
    expect(approved).toMatchObject({ StatusId: 5, StatusName: 'Emitido', InsuredAmountValue: '150000.00' });
    expect(approved.DecidedByName).toBeTruthy();

    const after = await policyRow(policy.id);
    expect(after.insuredAmount).toBe('150000.00');
    expect(after.insurancePremium).toBe('2821.92');
    // The extra premium is recorded over the days it was priced for (the restitution reads each).
    expect(after.premiumMovements).toEqual([
      { Amount: policy.insurancePremium, From: policy.startDate, To: policy.endDate, Source: 'Emissão' },
      { Amount: '821.92', From: today(), To: policy.endDate, Source: 'Endosso nº 1' },
    ]);
    expect(await outstanding(policy.id)).toBe('150000.00');
    // The SRO: the endorsement recorded in the approval's transaction, due in 2 business days.
    const [sro] = await t.database.db
      .select()
      .from(sroRegistrations)
      .where(and(eq(sroRegistrations.policyId, policy.id), eq(sroRegistrations.eventType, 'ENDOSSO')));
    expect(sro).toMatchObject({ eventDay: today(), deadline: addBusinessDays(today(), 2), statusId: 1 });
    expect(sro!.payload).toMatchObject({
      tipoOperacao: 'ENDOSSO',
      endosso: { numeroEndosso: '1' },
      coberturas: [{ importanciaSegurada: '150000.00' }],
    });
    const history = await t.database.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.ownerType, 'Policy'), eq(changeHistory.ownerId, policy.id)));
    expect(history.map((h) => h.field)).toEqual(expect.arrayContaining(['Endosso', 'Importância segurada']));
    // Amounts as people read them (issue 31), never "2821.92".
    const premium = history.find((h) => h.field === 'Prêmio')!;
    expect(premium.newValue).toMatch(/^R\$\s2\.821,92$/);
    for (const h of history) expect(`${h.oldValue ?? ''} ${h.newValue ?? ''}`).not.toMatch(/\b\d+\.\d{2}\b/);

    const twice = await t.call(approveEndorsement, {
      as: 'admin',
      body: { ProposalUniqueId: filed.ProposalUniqueId },
    });
    expect(twice.status).toBe(422);

    // The comparison, attachments and their files.
    const compared = await t.data(getCompareChanges, {
      as: 'corretor',
      query: { proposalUniqueId: filed.ProposalUniqueId },
    });
    expect(compared).toHaveLength(1);
    const attached = await t.data(listEndorsementAttachments, {
      as: 'corretor',
      query: { endorsementId: String(filed.EndorsementId) },
    });
    expect(attached[0]!.Archives).toHaveLength(1);
    const archives = await t.data(getEndorsementRequestDocumentArchives, {
      as: 'corretor',
      query: { requestDocumentUniqueId: attached[0]!.UniqueId },
    });
    const url = await t.data(downloadEndorsementArchive, {
      as: 'corretor',
      query: { archiveUniqueId: archives[0]!.ArchiveUniqueId },
    });
    expect(url.UrlToDownload).toContain('/storage/');
    expect(
      (
        await t.call(downloadEndorsementArchive, {
          as: 'corretor2',
          query: { archiveUniqueId: archives[0]!.ArchiveUniqueId },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call(getCompareChanges, {
          as: { user: 'admin', company: 325 },
          query: { proposalUniqueId: filed.ProposalUniqueId },
        })
      ).status,
    ).toBe(404);
  });

  it('should run a step again on the insurer call and refuse it to brokers', async () => {
    const policy = await issuedPolicy();
    const filed = await increaseAwaitingApproval(policy);
    const q = { proposalUniqueId: filed.ProposalUniqueId };
    expect(
      (await t.data(executeAutomaticRegistrationEndorsementPolicy, { as: 'admin', query: q })).Approved,
    ).toBe(true);
    expect(
      (await t.data(executeAutomaticCreditApprovalEndorsementPolicy, { as: 'admin', query: q })).Approved,
    ).toBe(false);
    expect(
      (await t.data(executeAutomaticReinsuranceEndorsementPolicy, { as: 'admin', query: q })).StatusId,
    ).toBe(3);
    expect(
      (
        await t.data(executeAutomaticSubscriptionEndorsementPolicy, {
          as: 'admin',
          body: { ProposalUniqueId: filed.ProposalUniqueId },
        })
      ).Step,
    ).toBe('subscription');
    expect(
      (await t.call(executeAutomaticRegistrationEndorsementPolicy, { as: 'corretor', query: q })).status,
    ).toBe(403);
    expect(
      (
        await t.call(executeAutomaticRegistrationEndorsementPolicy, {
          as: 'admin',
          query: { proposalUniqueId: 'x' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call(executeAutomaticRegistrationEndorsementPolicy, {
          as: { user: 'admin', company: 325 },
          query: q,
        })
      ).status,
    ).toBe(404);
  });

  it('should refuse with a justification when the card is moved to the refusal step', async () => {
    const policy = await issuedPolicy();
    const filed = await increaseAwaitingApproval(policy);
    const noNote = await t.call(approveEndorsement, {
      as: 'admin',
      body: { ProposalUniqueId: filed.ProposalUniqueId, Approve: false },
    });
    expect(noNote.status).toBe(422);
    const pipe = await pipeByToken(t, 'subscricao', 'admin');
    const card = await until(() => findCard(t, pipe.id, filed.ProposalUniqueId, { as: 'admin' }), 'the card');
    await t.data(navigateKanbanCard, {
      as: 'admin',
      params: { stepId: card.stepId },
      body: {
        cardId: card.id,
        stepToId: pipe.steps.find((x) => x.kind === 'refuse')!.id,
        justification: 'Aditivo sem assinatura.',
      },
    });
    const refused = await until(async () => {
      const [e] = await t.data(listEndorsementsByPolicy, {
        as: 'corretor',
        query: { policyUniqueId: policy.uniqueId },
      });
      return e?.StatusId === 98 ? e : undefined;
    }, 'the refusal');
    expect(refused.DecisionNote).toBe('Aditivo sem assinatura.');
    expect((await policyRow(policy.id)).insuredAmount).toBe('100000.00');
    expect(await outstanding(policy.id)).toBe('100000.00');
  });
});

describe('approval with an incomplete insurer record', () => {
  it("should refuse the approval by the call and on the board with the issuance's message, change nothing, and approve once the record is complete", async () => {
    const policy = await issuedPolicy();
    const filed = await increaseAwaitingApproval(policy);
    const pipe = await pipeByToken(t, 'subscricao', 'admin');
    const card = await until(() => findCard(t, pipe.id, filed.ProposalUniqueId, { as: 'admin' }), 'the card');
    const before = await policyRow(policy.id);
    const unchanged = () => expectUndecided(filed.ProposalUniqueId, before);
    const message =
      'Os dados da seguradora impressos nos documentos estão incompletos: faltam a chave Pix e o site. O administrador os completa em Parametrização › Dados da seguradora.';
    const restore = await leaveInsurerRecordIncomplete(t, 54);
    try {
      // The call: refused before anything is written, as the issuance is.
      const refused = await t.call(approveEndorsement, {
        as: 'admin',
        body: { ProposalUniqueId: filed.ProposalUniqueId },
      });
      expect(refused.status).toBe(422);
      expect(refused.errors).toEqual([message]);
      await unchanged();

      // The board: the card moved to Aprovado comes back to Em análise with the reason on it.
      await t.data(navigateKanbanCard, {
        as: 'admin',
        params: { stepId: card.stepId },
        body: { cardId: card.id, stepToId: pipe.steps.find((x) => x.kind === 'approve')!.id },
      });
      const analysis = pipe.steps.find((x) => x.name === 'Em análise')!;
      const back = await until(async () => {
        const c = await findCard(t, pipe.id, filed.ProposalUniqueId, { as: 'admin' });
        return c?.stepId === analysis.id ? c : undefined;
      }, 'the card back in Em análise');
      expect(back.cardType).toBe('ENDOSSO_ALTERACAO');
      const observations = await t.data(getCardObservations, {
        as: 'admin',
        query: { CardType: 'ENDOSSO_ALTERACAO', CardRef: filed.ProposalUniqueId },
      });
      expect(observations.map((o) => o.Observation)).toEqual([
        `Aprovação não aplicada ao endosso nº ${filed.Number} da apólice ${policy.number}: ${message}`,
      ]);
      await unchanged();
    } finally {
      await restore();
    }

    // Complete again: the same card is approved on the board and the policy changes.
    await t.data(navigateKanbanCard, {
      as: 'admin',
      params: { stepId: pipe.steps.find((x) => x.name === 'Em análise')!.id },
      body: { cardId: card.id, stepToId: pipe.steps.find((x) => x.kind === 'approve')!.id },
    });
    await until(
      async () => ((await policyRow(policy.id)).insuredAmount === '150000.00' ? true : undefined),
      'the approval',
    );
  });
});

describe('the endorsement document and the boleto of an extra premium', () => {
  it('should generate the PDF with the endorsement tags filled and one boleto whose barcode decodes back', async () => {
    const policy = await issuedPolicy();
    const filed = await increaseAwaitingApproval(policy);
    expect(
      (
        await t.call(downloadEndorsementDocument, {
          as: 'corretor',
          query: { proposalUniqueId: filed.ProposalUniqueId },
        })
      ).status,
    ).toBe(404);
    const approved = await t.data(approveEndorsement, {
      as: 'admin',
      body: { ProposalUniqueId: filed.ProposalUniqueId },
    });
    // The boleto is booked with the approval; the PDFs are rendered after it commits (the job).
    expect(approved.HasDocument).toBe(false);
    expect(approved.BankSlips).toHaveLength(1);
    const [slip] = approved.BankSlips;
    expect(slip).toMatchObject({ InstallmentNumber: 1, Amount: '821.92', StatusName: 'Em aberto' });
    await endorsementDocumentStored(policy);

    // The PDF: stored with its SHA-256, every TAG_* and NR_APOLICE filled.
    const link = await t.data(downloadEndorsementDocument, {
      as: 'corretor',
      query: { proposalUniqueId: filed.ProposalUniqueId },
    });
    const pdf = await fetchFile(link.UrlToDownload);
    const [row] = await t.database.db
      .select()
      .from(endorsements)
      .where(eq(endorsements.uniqueId, filed.ProposalUniqueId));
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(row!.documentSha256);
    const { text } = await pdfText(pdf);
    for (const value of [
      'ENDOSSO DE SEGURO GARANTIA',
      'Pelo presente primeiro endosso à apólice nº',
      `apólice nº ${policy.number}`,
      'modalidade Modalidade de teste',
      'tomador Tomador do Endosso Ltda.',
      'segurado Segurado do Endosso',
      'por motivo de Aditivo contratual de valor',
      'antes de R$ 100.000,00, passa a ser de R$ 150.000,00',
      `vigência de ${formatDate(policy.startDate)} a ${formatDate(policy.endDate)}`,
      'Execução das obras do contrato 12/2026',
      'Prêmio adicional',
      'R$ 821,92',
      slip!.DigitableLine,
      // The consumer information, and the policy's verification link, absolute, with its QR code.
      ...consumerElements(await insurerOf(t), policy.branchCode),
      'Endosso emitido em',
    ])
      expect(text).toContain(value);
    expect(text).not.toMatch(/\[[A-Z_]+\]/);
    const qr = await pdfQrCodes(pdf);
    expect(qr).toHaveLength(1);
    expect(qr[0]).toMatch(
      new RegExp(`^https?://[^/]+/verificar/${policy.number.replace(/\./g, '\\.')}\\?codigo=`),
    );
    if (process.env.KEEP_PDF) await writeFile(`${process.env.KEEP_PDF}/endorsement.pdf`, pdf);

    // The boleto: a PDF through the policy's provider, its linha digitável and barcode decode back.
    // The documents job left it unrendered: its first download renders and stores it, once.
    const [unrendered] = await t.database.db
      .select()
      .from(policyInstallments)
      .where(eq(policyInstallments.endorsementId, row!.id));
    expect(unrendered!.archiveId).toBeNull();
    const boletoLink = await t.data(downloadEndorsementDocument, {
      as: 'corretor',
      query: { proposalUniqueId: filed.ProposalUniqueId, installment: 1 },
    });
    const boleto = await fetchFile(boletoLink.UrlToDownload);
    const boletoText = (await pdfText(boleto)).text;
    expect(boletoText).toContain(slip!.DigitableLine);
    expect(boletoText).toContain(`endosso nº 1 da apólice nº ${policy.number}`);
    if (process.env.KEEP_PDF) await writeFile(`${process.env.KEEP_PDF}/endorsement-boleto.pdf`, boleto);
    const parsed = parseDigitableLine(slip!.DigitableLine);
    expect(parsed.ok && parsed.value.amount).toBe('821.92');
    expect(parsed.ok && parsed.value.dueDate).toBe(slip!.DueDate);
    const [stored] = await t.database.db
      .select()
      .from(policyInstallments)
      .where(eq(policyInstallments.endorsementId, row!.id));
    expect(stored).toMatchObject({ policyId: policy.id, proposalId: policy.proposalId, number: 1 });
    expect(stored!.archiveId).not.toBeNull();
    const again = await t.data(downloadEndorsementDocument, {
      as: 'corretor',
      query: { proposalUniqueId: filed.ProposalUniqueId, installment: 1 },
    });
    // The same stored file (the signed link's expiry may differ by a second).
    const storedPath = (url: string) => url.split('?')[0];
    expect(storedPath(again.UrlToDownload)).toBe(storedPath(boletoLink.UrlToDownload));
    if (parsed.ok) {
      expect(parsed.value.barcode).toBe(stored!.barcode);
      expect(decodeItf(await renderBarcodePng(parsed.value.barcode))).toBe(stored!.barcode);
    }
    expect(
      (
        await t.call(downloadEndorsementDocument, {
          as: 'corretor',
          query: { proposalUniqueId: filed.ProposalUniqueId, installment: 2 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call(downloadEndorsementDocument, {
          as: 'corretor2',
          query: { proposalUniqueId: filed.ProposalUniqueId, installment: 1 },
        })
      ).status,
    ).toBe(404);
  });
});

describe('the insurer on an approved endorsement', () => {
  it('should print the insurer as it was at the approval when the PDF and the boleto are rendered after its record changed', async () => {
    const policy = await issuedPolicy();
    const filed = await increaseAwaitingApproval(policy);
    const insurer = await insurerOf(t);
    await t.data(approveEndorsement, { as: 'admin', body: { ProposalUniqueId: filed.ProposalUniqueId } });
    await endorsementDocumentStored(policy);
    const changed = {
      LegalName: 'Aurora Garantias Nova Denominação S.A.',
      Cnpj: maskCnpj(cnpjFromBase('563018940001')),
      SusepCode: '04321',
      SusepProcesses: [
        { BranchCode: '0775', Number: '15414.966661/2026-61' },
        { BranchCode: '0776', Number: '15414.966662/2026-62' },
      ],
      SacPhone: '0800 700 8000',
      BankAgency: '7777',
      BankAccount: '12345',
    };
    const restore = await changeInsurerRecord(t, 'admin', changed);
    try {
      // The stored file is gone: the next download renders the endorsement again.
      await t.database.db
        .update(endorsements)
        .set({ documentArchiveId: null, documentSha256: null })
        .where(eq(endorsements.uniqueId, filed.ProposalUniqueId));
      const link = await t.data(downloadEndorsementDocument, {
        as: 'corretor',
        query: { proposalUniqueId: filed.ProposalUniqueId },
      });
      const pdf = await fetchFile(link.UrlToDownload);
      if (process.env.KEEP_PDF) await writeFile(`${process.env.KEEP_PDF}/endorsement-as-approved.pdf`, pdf);
      const { text } = await pdfText(pdf);
      for (const expected of [
        insurer.name,
        `CNPJ ${maskCnpj(insurer.cnpj)}`,
        ...consumerElements(insurer, policy.branchCode),
      ])
        expect(text).toContain(expected);
      for (const later of [
        changed.LegalName,
        changed.Cnpj,
        changed.SusepCode,
        '15414.966662/2026-62',
        changed.SacPhone,
      ])
        expect(text).not.toContain(later);

      // Its extra premium's boleto, booked with the approval and first downloaded now, prints the
      // beneficiary and collecting account its linha digitável was computed with.
      const boletoLink = await t.data(downloadEndorsementDocument, {
        as: 'corretor',
        query: { proposalUniqueId: filed.ProposalUniqueId, installment: 1 },
      });
      const boleto = (await pdfText(await fetchFile(boletoLink.UrlToDownload))).text;
      for (const expected of [
        `${insurer.name} – CNPJ ${maskCnpj(insurer.cnpj)}`,
        `${insurer.bank.agency}/${insurer.bank.account}`,
      ])
        expect(boleto).toContain(expected);
      for (const later of [changed.LegalName, changed.Cnpj, '7777/12345'])
        expect(boleto).not.toContain(later);
    } finally {
      await restore();
    }
  });
});

describe('approval and its documents', () => {
  it('should commit the approval when rendering fails, then render the documents after commit', async () => {
    const policy = await issuedPolicy();
    const filed = await increaseAwaitingApproval(policy);
    // Storage fails while the approval runs: nothing of the approval may depend on it.
    const put = t.platform.blobs.put;
    t.platform.blobs.put = () => Promise.reject(new Error('storage unavailable'));
    let approved: EndorsementView;
    try {
      approved = await t.data(approveEndorsement, {
        as: 'admin',
        body: { ProposalUniqueId: filed.ProposalUniqueId },
      });
    } finally {
      t.platform.blobs.put = put;
    }
    expect(approved).toMatchObject({ StatusId: 5, HasDocument: false });
    expect(approved.BankSlips).toHaveLength(1);
    expect((await policyRow(policy.id)).insuredAmount).toBe('150000.00');
    // Once storage is back the job (retried) or the first download renders it, once.
    const link = await t.data(downloadEndorsementDocument, {
      as: 'corretor',
      query: { proposalUniqueId: filed.ProposalUniqueId },
    });
    const pdf = await fetchFile(link.UrlToDownload);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await pdfText(pdf)).text).toContain(approved.BankSlips[0]!.DigitableLine);
    const [row] = await t.database.db
      .select()
      .from(endorsements)
      .where(eq(endorsements.uniqueId, filed.ProposalUniqueId));
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(row!.documentSha256);
    const boleto = await t.data(downloadEndorsementDocument, {
      as: 'corretor',
      query: { proposalUniqueId: filed.ProposalUniqueId, installment: 1 },
    });
    expect((await fetchFile(boleto.UrlToDownload)).subarray(0, 5).toString()).toBe('%PDF-');
    // The job, when it runs (a retry brought forward to now), keeps what the download stored.
    await t.database.db.execute(
      sql`update pgboss.job set start_after = now() where name = ${ENDORSEMENT_DOCUMENTS_QUEUE} and state = 'retry' and (data->>'endorsementId')::int = ${row!.id}`,
    );
    await until(async () => {
      const jobs = await t.platform.jobs.boss.findJobs(ENDORSEMENT_DOCUMENTS_QUEUE, {
        data: { endorsementId: row!.id },
      });
      return jobs.length > 0 && jobs.every((j) => j.state === 'completed');
    }, 'the documents job to complete');
    const [after] = await t.database.db
      .select()
      .from(endorsements)
      .where(eq(endorsements.uniqueId, filed.ProposalUniqueId));
    expect(after!.documentArchiveId).toBe(row!.documentArchiveId);
  });
});

describe("the policy's downloads of its last endorsement", () => {
  const sha256 = (pdf: Buffer) => createHash('sha256').update(pdf).digest('hex');
  const lastEndorsement = (policy: { proposalUniqueId: string }, as: Caller) =>
    t.call(downloadLastEndorsementDocument, { as, query: { ProposalUniqueId: policy.proposalUniqueId } });
  const policyDocument = (policy: { proposalUniqueId: string }, as: Caller, endorsement?: boolean) =>
    t.call(downloadPolicyDocument, {
      as,
      query: { ProposalUniqueId: policy.proposalUniqueId, ...(endorsement ? { endorsement: 'true' } : {}) },
    });
  /** The bytes of a download link: a PDF. */
  const pdfOf = async (res: { status: number; errors: string[]; data: { UrlToDownload: string } }) => {
    expect(res.errors).toEqual([]);
    expect(res.status).toBe(200);
    const pdf = await fetchFile(res.data.UrlToDownload);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    return pdf;
  };
  const storedSha256 = async (uniqueId: string) =>
    (await t.database.db.select().from(endorsements).where(eq(endorsements.uniqueId, uniqueId)))[0]!
      .documentSha256;

  it("should give the newest approved endorsement's stored PDF, and the policy's PDF without one", async () => {
    // The policy's own PDF as issuance stores it (this policy's draft proposal cannot render one).
    const policyPdf = await createArchive(t, { name: 'apolice.pdf' });
    const policy = await issuedPolicy({
      documentArchiveId: policyPdf.uniqueIdentifier,
      documentSha256: createHash('sha256').update(SAMPLE_PDF).digest('hex'),
    });
    // No endorsement: 404 with its message; the policy PDF with or without the option.
    const none = await lastEndorsement(policy, 'corretor');
    expect(none.status).toBe(404);
    expect(none.errors).toEqual(['A apólice não tem endossos.']);
    const plain = await pdfOf(await policyDocument(policy, 'corretor'));
    expect(sha256(plain)).toBe((await policyRow(policy.id)).documentSha256);
    expect(sha256(await pdfOf(await policyDocument(policy, 'corretor', true)))).toBe(sha256(plain));

    // Filed, not approved yet: still none.
    const change = await file({
      ...isIncrease(policy.uniqueId),
      Documents: await withDocuments(['Aditivo contratual']),
    });
    await awaitingApproval(change.ProposalUniqueId);
    expect((await lastEndorsement(policy, 'corretor')).status).toBe(404);
    expect(sha256(await pdfOf(await policyDocument(policy, 'corretor', true)))).toBe(sha256(plain));

    // Approved: both calls, right after (racing the documents job), give the endorsement's one PDF.
    await t.data(approveEndorsement, { as: 'admin', body: { ProposalUniqueId: change.ProposalUniqueId } });
    const [last, withOption] = await Promise.all([
      lastEndorsement(policy, 'corretor'),
      policyDocument(policy, 'admin', true),
    ]);
    const lastPdf = await pdfOf(last!);
    const stored = await storedSha256(change.ProposalUniqueId);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(lastPdf)).toBe(stored);
    expect(sha256(await pdfOf(withOption!))).toBe(stored);
    expect(last!.data.FileName).toBe(`endosso-${policy.number}-1.pdf`);
    expect(decodeURIComponent(last!.data.UrlToDownload)).toContain(last!.data.FileName);
    expect((await pdfText(lastPdf)).text).toContain('Pelo presente primeiro endosso');
    const endorsementLink = await t.data(downloadEndorsementDocument, {
      as: 'corretor',
      query: { proposalUniqueId: change.ProposalUniqueId },
    });
    expect(sha256(await fetchFile(endorsementLink.UrlToDownload))).toBe(stored);
    // Without the option: the policy's own PDF.
    const policyAfter = await pdfOf(await policyDocument(policy, 'corretor'));
    expect(sha256(policyAfter)).toBe((await policyRow(policy.id)).documentSha256);
    expect(sha256(policyAfter)).not.toBe(stored);

    // A second approved endorsement (a cancellation) is the last one now.
    const cancellation = await file({
      PolicyUniqueId: policy.uniqueId,
      EndorsementTypeId: 2,
      ReasonEndorsementRequestId: 7,
      Documents: await withDocuments(['Carta de solicitação do tomador', 'Anuência do segurado']),
    });
    await awaitingApproval(cancellation.ProposalUniqueId);
    await t.data(approveEndorsement, {
      as: 'admin',
      body: { ProposalUniqueId: cancellation.ProposalUniqueId },
    });
    const second = await pdfOf(await lastEndorsement(policy, 'corretor'));
    expect(sha256(second)).toBe(await storedSha256(cancellation.ProposalUniqueId));
    expect(sha256(await pdfOf(await policyDocument(policy, 'corretor', true)))).toBe(sha256(second));
    expect((await pdfText(second)).text).toContain(`fica cancelada a apólice nº ${policy.number}`);

    // Another brokerage and another company: 404, as for the policy.
    for (const as of ['corretor2', { user: 'admin', company: 325 }] as const) {
      expect((await lastEndorsement(policy, as)).status).toBe(404);
      expect((await policyDocument(policy, as, true)).status).toBe(404);
      expect((await policyDocument(policy, as)).status).toBe(404);
    }
  });
});

describe('a cancellation with restitution', () => {
  it('should cancel the policy when approved on the board and list the endorsements newest first', async () => {
    const policy = await issuedPolicy();
    const filed: EndorsementView = await file({
      PolicyUniqueId: policy.uniqueId,
      EndorsementTypeId: 2,
      ReasonEndorsementRequestId: 7,
      Documents: await withDocuments(['Carta de solicitação do tomador', 'Anuência do segurado']),
    });
    expect(filed.PremiumDifference).toMatchObject({ Kind: 'restitution', Restitution: '1315.07' });
    await awaitingApproval(filed.ProposalUniqueId);
    const pipe = await pipeByToken(t, 'subscricao', 'admin');
    const card = await until(
      () => findCard(t, pipe.id, filed.ProposalUniqueId, { as: 'admin' }),
      'the ENDOSSO_CANCELAMENTO card',
    );
    expect(card.cardType).toBe('ENDOSSO_CANCELAMENTO');
    await t.data(navigateKanbanCard, {
      as: 'admin',
      params: { stepId: card.stepId },
      body: { cardId: card.id, stepToId: pipe.steps.find((x) => x.kind === 'approve')!.id },
    });
    await until(
      async () => ((await policyRow(policy.id)).statusId === 3 ? true : undefined),
      'the cancellation',
    );
    const cancelled = await policyRow(policy.id);
    expect(cancelled.insurancePremium).toBe('356.16');
    expect(await outstanding(policy.id)).toBe('0.00');
    // The policy says when and why it ended, and what goes back, as an internal cancellation does.
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);
    expect(cancelled.cancelReason).toBe(
      `Endosso de cancelamento nº ${filed.Number}: Solicitação do tomador com anuência do segurado`,
    );
    expect(cancelled.cancelRestitution).toBe('1315.07');

    const list = await t.data(listEndorsementsByPolicy, {
      as: 'corretor',
      query: { policyUniqueId: policy.uniqueId },
    });
    expect(list.map((e) => e.StatusId)).toEqual([5]);
    expect(list[0]!.EndorsementTypeName).toBe('Endosso de cancelamento');
    expect(list[0]!.BankSlips).toEqual([]);
    const doc = await t.data(downloadEndorsementDocument, {
      as: 'corretor',
      query: { proposalUniqueId: filed.ProposalUniqueId },
    });
    const { text } = await pdfText(await fetchFile(doc.UrlToDownload));
    expect(text).toContain(`fica cancelada a apólice nº ${policy.number}`);
    expect(text).toContain('Prêmio a restituir R$ 1.315,07');
    expect(text).not.toMatch(/\[[A-Z_]+\]/);
  });

  it('should list endorsements by descending id', async () => {
    const policy = await issuedPolicy();
    const first = await file({
      ...isIncrease(policy.uniqueId),
      Documents: await withDocuments(['Aditivo contratual']),
    });
    await awaitingApproval(first.ProposalUniqueId);
    await t.data(approveEndorsement, { as: 'admin', body: { ProposalUniqueId: first.ProposalUniqueId } });
    const second = await file({
      ...isIncrease(policy.uniqueId, '120000.00'),
      Documents: await withDocuments(['Aditivo contratual']),
    });
    expect(second.PremiumDifference.Kind).toBe('restitution');
    const list = await t.data(listEndorsementsByPolicy, {
      as: 'admin',
      query: { policyUniqueId: policy.uniqueId },
    });
    expect(list.map((e) => e.Number)).toEqual([2, 1]);
    expect(list[0]!.EndorsementId).toBeGreaterThan(list[1]!.EndorsementId);
    expect(
      (
        await t.call(listEndorsementsByPolicy, {
          as: noEndorsement,
          query: { policyUniqueId: policy.uniqueId },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call(getCardEndorsementInfo, {
          as: 'corretor',
          query: { ProposalUniqueId: second.ProposalUniqueId },
        })
      ).status,
    ).toBe(403);
  });
});

describe('demo data', () => {
  it('should seed issued policies with an approved change and an approved cancellation in every company', async () => {
    const rows = await t.database.db.select().from(endorsements).where(eq(endorsements.statusId, 5));
    for (const company of [54, 325, 159161, 158614]) {
      const mine = rows.filter((r) => r.companyId === company);
      expect(new Set(mine.map((r) => r.typeId))).toEqual(new Set([1, 2]));
    }
    const seededChange = rows.find((r) => r.companyId === 54 && r.typeId === 1)!;
    const list = await t.data(listEndorsementsByPolicy, {
      as: 'corretor',
      query: { policyUniqueId: (await policyRow(seededChange.policyId)).uniqueId },
    });
    expect(list[0]!.PremiumDifference.Kind).toBe('extra');
    // The demo's endorsements get their PDF on the first download (the seed renders nothing).
    const link = await t.data(downloadEndorsementDocument, {
      as: 'corretor',
      query: { proposalUniqueId: list[0]!.ProposalUniqueId },
    });
    expect((await pdfText(await fetchFile(link.UrlToDownload))).text).toContain(
      'Pelo presente primeiro endosso',
    );
    // Approved through the service, like any other: its extra premium's boleto was booked.
    expect(list[0]!.BankSlips).toEqual([
      expect.objectContaining({
        InstallmentNumber: 1,
        Amount: seededChange.extraPremium,
        StatusName: 'Em aberto',
      }),
    ]);
  });
});

describe('the endorsement day', () => {
  it("should be Brasília's calendar day, which a UTC date passes at 21:00 there", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-29T01:30:00Z'));
      expect(effectiveDateFor(0)).toBe('2026-11-28');
      expect(effectiveDateFor(3)).toBe('2026-12-01');
      vi.setSystemTime(new Date('2026-11-29T03:30:00Z'));
      expect(effectiveDateFor(0)).toBe('2026-11-29');
    } finally {
      vi.useRealTimers();
    }
  });
});

/** Issue 32 item 5: amounts beyond an IS or a boleto are refused before anything is written. */
describe('the bounds of an endorsement amount', () => {
  it('should refuse the approval with 422 and change nothing when the extra premium passes what a boleto holds', async () => {
    const policy = await issuedPolicy();
    const filed = await increaseAwaitingApproval(policy);
    // An extra premium no boleto's amount field holds (10 digits of cents).
    await t.database.db
      .update(endorsements)
      .set({ extraPremium: '100000000.00' })
      .where(eq(endorsements.uniqueId, filed.ProposalUniqueId));
    const before = await policyRow(policy.id);
    const r = await t.call(approveEndorsement, {
      as: 'admin',
      body: { ProposalUniqueId: filed.ProposalUniqueId },
    });
    expect(r.status).toBe(422);
    expect(r.errors?.[0]).toMatch(
      /^O valor da parcela \(R\$ 100\.000\.\d{3},\d{2}\) passa do máximo de um boleto \(R\$ 99\.999\.999,99\)\.$/,
    );
    await expectUndecided(filed.ProposalUniqueId, before);
  });

  it('should send a board approval refused after its writes back to Em análise with the refusal, applying nothing', async () => {
    const policy = await issuedPolicy();
    const filed = await increaseAwaitingApproval(policy);
    const pipe = await pipeByToken(t, 'subscricao', 'admin');
    const card = await until(() => findCard(t, pipe.id, filed.ProposalUniqueId, { as: 'admin' }), 'the card');
    // The approval writes the endorsement and the policy before it books the boleto, which refuses
    // an extra premium no boleto's amount field holds: a refusal that is not the insurer's record.
    await t.database.db
      .update(endorsements)
      .set({ extraPremium: '100000000.00' })
      .where(eq(endorsements.uniqueId, filed.ProposalUniqueId));
    const before = await policyRow(policy.id);
    await t.data(navigateKanbanCard, {
      as: 'admin',
      params: { stepId: card.stepId },
      body: { cardId: card.id, stepToId: pipe.steps.find((x) => x.kind === 'approve')!.id },
    });
    const analysis = pipe.steps.find((x) => x.name === 'Em análise')!;
    await until(async () => {
      const c = await findCard(t, pipe.id, filed.ProposalUniqueId, { as: 'admin' });
      return c?.stepId === analysis.id ? c : undefined;
    }, 'the card back in Em análise');
    const observations = await t.data(getCardObservations, {
      as: 'admin',
      query: { CardType: 'ENDOSSO_ALTERACAO', CardRef: filed.ProposalUniqueId },
    });
    expect(observations.map((o) => o.Observation)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Aprovação não aplicada ao endosso nº ${filed.Number} da apólice ${policy.number.replace(/\./g, '\\.')}: O valor da parcela \\(R\\$ 100\\.000\\.\\d{3},\\d{2}\\) passa do máximo de um boleto \\(R\\$ 99\\.999\\.999,99\\)\\.$`,
        ),
      ),
    ]);
    // The writes before the refusal were rolled back: nothing of the approval is left.
    await expectUndecided(filed.ProposalUniqueId, before);
    expect(
      await t.database.db
        .select()
        .from(sroRegistrations)
        .where(and(eq(sroRegistrations.policyId, policy.id), eq(sroRegistrations.eventType, 'ENDOSSO'))),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(changeHistory)
        .where(and(eq(changeHistory.ownerType, 'Policy'), eq(changeHistory.ownerId, policy.id))),
    ).toEqual([]);
    expect(await outstanding(policy.id)).toBe('100000.00');
  });

  it('should refuse an IS of 10^15 or 0,00 with 400 and a pt-BR message', async () => {
    const policy = await issuedPolicy();
    for (const [amount, message] of [
      ['1000000000000000', 'A importância segurada não pode passar de R$ 999.999.999.999,99.'],
      ['0,00', 'A importância segurada deve ser maior que zero.'],
    ] as const) {
      const r = await t.call(validateEndorsement, {
        as: 'corretor',
        body: { ...isIncrease(policy.uniqueId), InsuredAmountValue: amount },
      });
      expect(r.status, amount).toBe(400);
      expect(JSON.stringify(r.body), amount).toContain(message);
    }
  });
});
