import { downloadPolicyDocument } from '@aval/contracts';
import { formatDate, formatMoney, Permission, UserType } from '@aval/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endorsements } from '../modules/endorsements/endorsements.table.js';
import { policies } from '../modules/policies/policies.table.js';
import { consumerElements, fetchSignedFile, insurerOf } from '../test/documents.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { pdfQrCodes, pdfText } from '../test/pdf.js';
import { demoCompanies } from './companies.js';

/**
 * Issue 31: every seeded policy's PDF agrees with its record. The document is downloaded as a
 * person would (signed link, the stored bytes), read by pdf.js, and compared with the policy row
 * as it was issued (the first endorsement's "before" for an endorsed policy: the PDF is the policy
 * as issued, its endorsements are documents of their own). Every company: each has its own
 * holders, modalities and parameters behind the same code.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fetchFile = (url: string) => fetchSignedFile(t, url);

/** pdf.js joins the words of a line with spaces; so must what we look for. */
const words = (s: string) => s.replace(/\s+/g, ' ').trim();

describe.each(demoCompanies)('the seeded policy documents of $name', (company) => {
  it('should print, for every seeded policy, what its record holds, with the consumer information and a QR code to its verification page', async () => {
    let checked = 0;
    const rows = await t.database.db
      .select()
      .from(policies)
      .where(eq(policies.companyId, company.id))
      .orderBy(asc(policies.id));
    const insurer = await insurerOf(t, company.id);
    const staff = { cid: company.id, utp: UserType.INSURANCE, prm: [Permission.VISUALIZAR_APOLICES] };
    for (const policy of rows) {
      const [first] = await t.database.db
        .select()
        .from(endorsements)
        .where(eq(endorsements.policyId, policy.id))
        .orderBy(asc(endorsements.number))
        .limit(1);
      const issued = first?.before ?? {
        InsuredAmountValue: policy.insuredAmount,
        StartDate: policy.startDate,
        EndDate: policy.endDate,
        DeadlineDays: policy.deadlineDays,
        Object: policy.objectText,
      };
      const doc = await t.data(downloadPolicyDocument, {
        as: staff,
        query: { ProposalUniqueId: policy.proposalUniqueId },
      });
      const pdf = await fetchFile(doc.UrlToDownload);
      const { text } = await pdfText(pdf);
      const where = `policy ${policy.number} of company ${company.id}`;
      // A cancelled policy says when, why and what was returned, however it was cancelled.
      if (policy.statusId === 3) {
        expect(policy.cancelledAt, where).not.toBeNull();
        expect(policy.cancelReason, where).toBeTruthy();
        expect(policy.cancelRestitution, where).not.toBeNull();
      }
      for (const expected of [
        policy.number,
        `${formatDate(issued.StartDate)} às 24h`,
        `${formatDate(issued.EndDate)} às 24h`,
        `${issued.DeadlineDays} dias`,
        formatMoney(issued.InsuredAmountValue),
        // The premium as issued (an endorsement's extra premium is the endorsement's own document).
        formatMoney(first ? policy.issuedTerms!.totalPremium : policy.totalPremium),
        policy.policyHolderName,
        policy.insuredName ?? '',
        policy.brokerSusep,
        ...issued.Object.split('\n').filter(Boolean).map(words),
        // The issue date, in Brasília time, saying so.
        `Apólice emitida em ${policy.issuedAt.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}`,
        // Consumer information (Circular SUSEP 642/2021) and the product's registration.
        ...consumerElements(insurer, policy.branchCode),
      ])
        expect(text, where).toContain(expected);
      // No tag left unfilled, no doubled heading, no "em o".
      expect(text, where).not.toMatch(/\[[A-Z_]+\]/);
      expect(text, where).not.toMatch(/Condições (Gerais|Especiais) – Condições/);
      expect(text, where).not.toMatch(/\bem o\b/);
      expect(text, where).not.toContain('—');
      // The link is absolute, and the QR code on the page carries the same link.
      const link = `/verificar/${encodeURIComponent(policy.number)}?codigo=${policy.verificationCode}`;
      // (pdf.js breaks a long link into words at its slashes: compare without spaces)
      expect(text.replace(/\s/g, ''), where).toMatch(
        new RegExp(`https?://[^ ]+${link.replace(/[.?]/g, '\\$&')}`),
      );
      // The QR code is drawn by the same code on every policy: read it (pixels decoded) on a few of
      // the first company's.
      if (checked < 3 && company.id === demoCompanies[0].id) {
        const qr = await pdfQrCodes(pdf);
        expect(qr, where).toHaveLength(1);
        expect(qr[0], where).toMatch(/^https?:\/\//);
        expect(qr[0]!.endsWith(link), where).toBe(true);
      }
      checked++;
    }
    // The company has its seeded policies (six of the policies demo, three with endorsements, history).
    expect(checked).toBeGreaterThanOrEqual(9);
  }, 240_000);
});
