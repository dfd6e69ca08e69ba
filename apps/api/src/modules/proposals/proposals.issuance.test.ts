import {
  confirmBankSlipPayment,
  downloadBankSlip,
  downloadPolicyDocument,
  generateContractDraft,
  getProposalByUniqueId2,
  getProposalIssuance,
  importBankReturnFile,
  insertContractualTerm,
  issueProposal,
  loadIssuanceReport,
  registerPolicySro,
  requestIssuance,
  searchLateSroRegistrations,
} from '@aval/contracts';
import {
  addDays,
  isValidPixBrCode,
  isValidPolicyNumber,
  Permission,
  parsePolicyNumber,
  UserType,
} from '@aval/domain';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addBusinessDays, isBusinessDay } from '../../lib/business-days.js';
import { consumerElements, fetchSignedFile, insurerOf } from '../../test/documents.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { decodeItf, pdfText } from '../../test/pdf.js';
import { approvedProposal, type QuoteSetup, quoteSetup, signCcg } from '../../test/proposals.js';
import { mailText, startSmtpServer } from '../../test/smtp.js';
import { until } from '../../test/wait.js';
import { brokers } from '../brokers/brokers.table.js';
import { modalities, paramBranches } from '../parameterisation/parameterisation.table.js';
import { renderBarcodePng } from '../policies/bank-slip.js';
import { policies } from '../policies/policies.table.js';
import { policyHolders } from '../policy-holders/policy-holders.table.js';
import { sroRegistrations } from '../sro/sro.table.js';
import { runIssuanceDaily } from './issuance.jobs.js';

// PDFs are rendered and read back: on a loaded machine a journey takes well over the default 30 s.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let s: QuoteSetup;
let brokerEmail: string;

const staff = { cid: 54, utp: UserType.INSURANCE, prm: [Permission.GERENCIAR_PROPOSTAS_SEGURADORA] };
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

const fetchFile = (url: string) => fetchSignedFile(t, url);

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ jobWorkers: true, env: { SMTP_URL: smtp.url } });
  s = await quoteSetup(t);
  await signCcg(t, s.holder.id);
  const [b] = await t.database.db.select().from(brokers).where(eq(brokers.id, s.brokerId));
  brokerEmail = b!.email;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('issuance with boleto payment first (private insured)', () => {
  it('should go 7 → 3 → 4 → 5 when the broker sends it, the boletos are generated and the insurer confirms payment', async () => {
    const p = await approvedProposal(t, s, { installments: 2 });
    const before = await t.data(getProposalIssuance, {
      as: 'corretor',
      query: { ProposalUniqueId: p.uniqueId },
    });
    expect(before).toMatchObject({
      StatusId: 7,
      CcgSigned: true,
      CanRequestIssuance: true,
      IssueBeforePayment: false,
    });

    const sent = await t.data(requestIssuance, { as: 'corretor', body: { ProposalUniqueId: p.uniqueId } });
    expect(sent).toMatchObject({ StatusId: 3, CanIssue: true });

    const waiting = await t.data(issueProposal, { as: 'corretor', body: { ProposalUniqueId: p.uniqueId } });
    expect(waiting.StatusId).toBe(4);
    expect(waiting.Policy).toBeNull();
    expect(waiting.Installments).toHaveLength(2);
    const [first, second] = waiting.Installments;
    expect(first!.DueDate < second!.DueDate).toBe(true);
    expect((Number(first!.Amount) + Number(second!.Amount)).toFixed(2)).toBe(
      (await t.data(getProposalByUniqueId2, { as: 'corretor', query: { ProposalUniqueId: p.uniqueId } }))
        .InsurancePremium,
    );
    expect(isValidPixBrCode(first!.PixPayload!)).toBe(true);

    // one boleto per installment, each a PDF whose barcode decodes back to its 44 digits
    const slips = await t.data(downloadBankSlip, { as: 'corretor', query: { ProposalUniqueId: p.uniqueId } });
    expect(slips.LinksToDownload.map((l) => l.InstallmentNumber)).toEqual([1, 2]);
    for (const link of slips.LinksToDownload) {
      const pdf = await fetchFile(link.Url);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const { text } = await pdfText(pdf);
      expect(text).toContain(link.DigitableLine);
      // Before the policy exists, paying the first installment issues it.
      expect(text).toContain('A apólice é emitida com a confirmação do pagamento da 1ª parcela');
      expect(isBusinessDay(link.DueDate)).toBe(true);
    }
    const parsed = (await import('@aval/domain')).parseDigitableLine(first!.DigitableLine);
    expect(parsed.ok && parsed.value.amount).toBe(first!.Amount);
    expect(parsed.ok && parsed.value.dueDate).toBe(first!.DueDate);
    if (parsed.ok) expect(decodeItf(await renderBarcodePng(parsed.value.barcode))).toBe(parsed.value.barcode);

    // the broker cannot confirm a payment; insurer staff can
    expect(
      (
        await t.call(confirmBankSlipPayment, {
          as: 'corretor',
          body: { ProposalUniqueId: p.uniqueId, InstallmentNumber: 1 },
        })
      ).status,
    ).toBe(403);
    const issued = await t.data(confirmBankSlipPayment, {
      as: staff,
      body: { ProposalUniqueId: p.uniqueId, InstallmentNumber: 1 },
    });
    expect(issued.StatusId).toBe(5);
    expect(issued.Installments.map((i) => i.StatusId)).toEqual([2, 1]);
    expect(issued.Installments[0]!.PaymentSource).toBe('manual');
    const policy = issued.Policy!;
    expect(isValidPolicyNumber(policy.Number)).toBe(true);
    expect(parsePolicyNumber(policy.Number)?.branchCode).toBe('0776');
    expect(policy.SroDeadline).toBe(addBusinessDays(today(), 2));
    expect(policy).toMatchObject({ SroStatusId: 1, SroLate: false, InsuredAmountValue: '100000.00' });
    // The policy's PDF is not rendered inside the issuance: its documents job renders it once the
    // issuance is committed (the issuance view then shows the stored document's hash).
    const sha256 = await until(async () => {
      const view = await t.data(getProposalIssuance, { as: staff, query: { ProposalUniqueId: p.uniqueId } });
      return view.Policy?.DocumentSha256;
    }, 'the policy documents job');
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    // the second installment is paid later on the issued policy
    const later = await t.data(confirmBankSlipPayment, {
      as: staff,
      body: { ProposalUniqueId: p.uniqueId, InstallmentNumber: 2 },
    });
    expect(later.Installments.map((i) => i.StatusId)).toEqual([2, 2]);
    expect(later.StatusId).toBe(5);

    // the policy PDF: SHA-256 of the stored bytes, every tag filled
    const doc = await t.data(downloadPolicyDocument, {
      as: 'corretor',
      query: { ProposalUniqueId: p.uniqueId },
    });
    const pdf = await fetchFile(doc.UrlToDownload);
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(sha256);
    const { text } = await pdfText(pdf);
    expect(text).toContain(policy.Number);
    expect(text).toContain('R$ 100.000,00');
    expect(text).toContain('cem mil reais');
    expect(text).not.toMatch(/\[[A-Z_]+\]/);

    // timeline and one e-mail per transition
    const detail = await t.data(getProposalByUniqueId2, {
      as: 'corretor',
      query: { ProposalUniqueId: p.uniqueId },
    });
    const emission = detail.TimelineHistory.filter((h) => h.TimelineGroupId === 3).map(
      (h) => h.ProposalStatusId,
    );
    expect(emission).toEqual(expect.arrayContaining([3, 4, 5]));
    const mails = await smtp.waitForMails(brokerEmail, 3);
    const texts = mails.map((m) => mailText(m.raw)).join('\n');
    expect(texts).toContain('Os boletos da proposta foram gerados');
    expect(texts).toContain(policy.Number);
  });

  it('should refuse to send when the CCG is unsigned unless staff with permission 17 waive it', async () => {
    const other = await quoteSetup(t);
    const p = await approvedProposal(t, other);
    const refused = await t.call(requestIssuance, { as: 'corretor', body: { ProposalUniqueId: p.uniqueId } });
    expect(refused.status).toBe(422);
    expect(refused.errors[0]).toMatch(/CCG/);
    const noPermission = await t.call(requestIssuance, {
      as: staff,
      body: { ProposalUniqueId: p.uniqueId, IgnoreCCGSignature: true },
    });
    expect(noPermission.status).toBe(403);
    const waiver = { ...staff, prm: [...staff.prm, Permission.IGNORAR_ASSINATURA_DE_CCG] };
    const unjustified = await t.call(requestIssuance, {
      as: waiver,
      body: { ProposalUniqueId: p.uniqueId, IgnoreCCGSignature: true },
    });
    expect(unjustified.status).toBe(422);
    expect(unjustified.errors).toEqual(['Justifique a dispensa da assinatura do CCG.']);
    const waived = await t.data(requestIssuance, {
      as: waiver,
      body: {
        ProposalUniqueId: p.uniqueId,
        IgnoreCCGSignature: true,
        CcgWaiverJustification: 'Tomador com garantia real registrada em cartório.',
      },
    });
    expect(waived.StatusId).toBe(3);
    // The justification is on the proposal's timeline.
    const timeline = (
      await t.data(getProposalByUniqueId2, { as: 'admin', query: { ProposalUniqueId: p.uniqueId } })
    ).TimelineHistory;
    expect(timeline.at(-1)?.Description).toContain('Tomador com garantia real registrada em cartório.');
    // a holder whose CCG signature is waived on its record goes without the flag
    const third = await quoteSetup(t);
    await t.database.db
      .update(policyHolders)
      .set({ ignoreCcgSignature: true })
      .where(eq(policyHolders.id, third.holder.id));
    const q = await approvedProposal(t, third);
    expect(
      (await t.data(requestIssuance, { as: 'corretor', body: { ProposalUniqueId: q.uniqueId } })).StatusId,
    ).toBe(3);
  });

  it('should refuse a proposal that is not approved and keep other brokerages and companies out', async () => {
    const p = await approvedProposal(t, s);
    expect(
      (await t.call(issueProposal, { as: 'corretor', body: { ProposalUniqueId: p.uniqueId } })).status,
    ).toBe(422);
    expect(
      (await t.call(getProposalIssuance, { as: 'corretor2', query: { ProposalUniqueId: p.uniqueId } }))
        .status,
    ).toBe(404);
    expect(
      (await t.call(requestIssuance, { as: 'corretor2', body: { ProposalUniqueId: p.uniqueId } })).status,
    ).toBe(404);
    expect(
      (
        await t.call(getProposalIssuance, {
          as: { user: 'admin', company: 325 },
          query: { ProposalUniqueId: p.uniqueId },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call(requestIssuance, { as: 'tomador', body: { ProposalUniqueId: p.uniqueId } })).status,
    ).toBe(403);
    expect(
      (
        await t.call(requestIssuance, {
          // insurer staff who only read proposals (32, not 31)
          as: { cid: 54, utp: UserType.INSURANCE, prm: [Permission.VISUALIZAR_PROPOSTAS_SEGURADORA] },
          body: { ProposalUniqueId: p.uniqueId },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call(generateContractDraft, { as: 'corretor2', query: { ProposalUniqueId: p.uniqueId } }))
        .status,
    ).toBe(404);
    expect(
      (await t.call(requestIssuance, { body: { ProposalUniqueId: p.uniqueId }, as: undefined as never }))
        .status,
    ).toBe(401);
    expect((await t.call(requestIssuance, { as: 'corretor', body: { ProposalUniqueId: 'x' } })).status).toBe(
      400,
    );
  });
});

describe('issuance before payment', () => {
  it('should issue at once for a public insured (branch 0775) and still generate the boleto', async () => {
    const pub = await quoteSetup(t);
    const [branch] = await t.database.db
      .select()
      .from(paramBranches)
      .where(and(eq(paramBranches.companyId, 54), eq(paramBranches.code, '0775')));
    await t.database.db
      .update(modalities)
      .set({ branchId: branch!.id })
      .where(eq(modalities.id, pub.modality.Id));
    const p = await approvedProposal(t, pub);
    await signCcg(t, pub.holder.id);
    await t.data(requestIssuance, { as: 'admin', body: { ProposalUniqueId: p.uniqueId } });
    const issued = await t.data(issueProposal, { as: 'admin', body: { ProposalUniqueId: p.uniqueId } });
    expect(issued).toMatchObject({ StatusId: 5, IssueBeforePayment: true });
    expect(parsePolicyNumber(issued.Policy!.Number)?.branchCode).toBe('0775');
    expect(issued.Installments).toHaveLength(1);
    expect(issued.Installments[0]!.StatusId).toBe(1);
    expect(issued.CanConfirmPayment).toBe(true);
    // Its boleto is due on a business day and says the guarantee does not depend on paying it.
    expect(isBusinessDay(issued.Installments[0]!.DueDate)).toBe(true);
    const slips = await t.data(downloadBankSlip, { as: 'admin', query: { ProposalUniqueId: p.uniqueId } });
    const { text } = await pdfText(await fetchFile(slips.LinksToDownload[0]!.Url));
    expect(text).toContain('A falta de pagamento não cancela a garantia do segurado');
    expect(text).not.toContain('cancela a proposta');
    // The operators' counter saw the policies issued by this file's journeys.
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    expect(Number(metrics.match(/^aval_policies_issued_total\{company="54"\} (\d+)$/m)?.[1])).toBeGreaterThan(
      0,
    );
  });
});

describe('bank return file', () => {
  it('should pay the slips it lists, issue proposals whose first slip is paid and ignore unknown or paid ones', async () => {
    const p = await approvedProposal(t, s);
    await t.data(requestIssuance, { as: 'corretor', body: { ProposalUniqueId: p.uniqueId } });
    const waiting = await t.data(issueProposal, { as: 'corretor', body: { ProposalUniqueId: p.uniqueId } });
    const our = waiting.Installments[0]!.OurNumber;
    const content = `# retorno\n${our};${today().split('-').reverse().join('/')};${waiting.Installments[0]!.Amount.replace('.', ',')}\n99999999;${today()};10,00\n`;
    expect((await t.call(importBankReturnFile, { as: 'corretor', body: { Content: content } })).status).toBe(
      403,
    );
    const result = await t.data(importBankReturnFile, { as: staff, body: { Content: content } });
    expect(result.Paid).toEqual([
      { OurNumber: our, ProposalNumber: p.number, InstallmentNumber: 1, Issued: true },
    ]);
    expect(result.Ignored).toEqual([{ OurNumber: '99999999', Reason: 'Boleto não encontrado.' }]);
    const after = await t.data(getProposalIssuance, {
      as: 'corretor',
      query: { ProposalUniqueId: p.uniqueId },
    });
    expect(after.StatusId).toBe(5);
    expect(after.Installments[0]!.PaymentSource).toBe('return-file');
    const again = await t.data(importBankReturnFile, { as: staff, body: { Content: content } });
    expect(again.Paid).toEqual([]);
    expect(again.Ignored[0]).toEqual({ OurNumber: our, Reason: 'Parcela já paga ou cancelada.' });
    const bad = await t.call(importBankReturnFile, { as: staff, body: { Content: 'isto não é retorno' } });
    expect(bad.status).toBe(422);
    expect(bad.errors[0]).toMatch(/Linha 1/);
  });
});

describe('automatic cancel of unpaid proposals', () => {
  it('should cancel (99) with an e-mail once the modality days after the due date have passed', async () => {
    await t.database.db
      .update(modalities)
      .set({ automaticCancel: true, daysAfterDueDate: 3 })
      .where(eq(modalities.id, s.modality.Id));
    const p = await approvedProposal(t, s);
    await t.data(requestIssuance, { as: 'corretor', body: { ProposalUniqueId: p.uniqueId } });
    const waiting = await t.data(issueProposal, { as: 'corretor', body: { ProposalUniqueId: p.uniqueId } });
    const due = waiting.Installments[0]!.DueDate;
    expect(await runIssuanceDaily(t.platform, addDays(due, 3))).not.toContain(p.id);
    expect(
      (await t.data(getProposalIssuance, { as: 'corretor', query: { ProposalUniqueId: p.uniqueId } }))
        .StatusId,
    ).toBe(4);
    expect(await runIssuanceDaily(t.platform, addDays(due, 4))).toContain(p.id);
    const after = await t.data(getProposalIssuance, {
      as: 'corretor',
      query: { ProposalUniqueId: p.uniqueId },
    });
    expect(after.StatusId).toBe(99);
    expect(after.Installments.map((i) => i.StatusId)).toEqual([3]);
    await expect
      .poll(
        () =>
          smtp.received.some(
            (m) =>
              m.to.includes(brokerEmail) &&
              mailText(m.raw).includes('cancelada automaticamente porque o boleto'),
          ),
        { timeout: 15000 },
      )
      .toBe(true);
    await t.database.db
      .update(modalities)
      .set({ automaticCancel: false, daysAfterDueDate: null })
      .where(eq(modalities.id, s.modality.Id));
  });
});

describe('a policy carries its conditions', () => {
  it('should refuse the issuance while the modality has no active term for the proposal, change nothing, say so on the minuta, and issue once it has one', async () => {
    const bare = await quoteSetup(t);
    await signCcg(t, bare.holder.id);
    const param = { cid: 54, utp: UserType.INSURANCE, prm: [Permission.PARAMETRIZAR_SEGURADORA] };
    const term = {
      TermType: 2,
      ModalityId: bare.modality.Id,
      Title: 'Condições Especiais - Modalidade de teste',
      Text: '<p>A [SEGURADORA] garante ao [SEGURADO] as obrigações do [TOMADOR] até [VALOR_IS].</p>',
    };
    // The administrator deactivates the modality's only term.
    await t.data(insertContractualTerm, { as: param, body: { ...term, IsActive: false } });
    const p = await approvedProposal(t, bare);
    await t.data(requestIssuance, { as: 'corretor', body: { ProposalUniqueId: p.uniqueId } });
    // The minuta says so under its heading instead of leaving it empty.
    const draft = await t.data(generateContractDraft, {
      as: 'corretor',
      query: { ProposalUniqueId: p.uniqueId },
    });
    expect((await pdfText(await fetchFile(draft.UrlToDownload))).text).toContain(
      `CONDIÇÕES CONTRATUAIS E CLÁUSULAS A modalidade ${bare.modality.Name} não tem condições contratuais cadastradas que valham para esta proposta: sem elas, a apólice não é emitida.`,
    );
    const refused = await t.call(issueProposal, { as: 'corretor', body: { ProposalUniqueId: p.uniqueId } });
    expect(refused.status).toBe(422);
    expect(refused.errors).toEqual([
      `A apólice não pode ser emitida sem as condições contratuais que a regem: a modalidade ${bare.modality.Name} não tem nenhuma ativa que valha para esta proposta. O administrador as cadastra em Parametrização › Modalidades, aba Termos e cláusulas.`,
    ]);
    expect(
      await t.data(getProposalIssuance, { as: 'corretor', query: { ProposalUniqueId: p.uniqueId } }),
    ).toMatchObject({ StatusId: 3, Installments: [], Policy: null });

    // Active again: issued, and the policy prints it.
    await t.data(insertContractualTerm, { as: param, body: term });
    expect(
      (await t.data(issueProposal, { as: 'corretor', body: { ProposalUniqueId: p.uniqueId } })).StatusId,
    ).toBe(4);
    await t.data(confirmBankSlipPayment, {
      as: staff,
      body: { ProposalUniqueId: p.uniqueId, InstallmentNumber: 1 },
    });
    const doc = await t.data(downloadPolicyDocument, {
      as: 'corretor',
      query: { ProposalUniqueId: p.uniqueId },
    });
    const { text } = await pdfText(await fetchFile(doc.UrlToDownload));
    expect(text).toContain('CONDIÇÕES CONTRATUAIS E CLÁUSULAS Condições Especiais - Modalidade de teste');
    expect(text).not.toContain('não tem condições contratuais');
  });
});

describe('policy numbers, SRO and documents', () => {
  it('should number policies uniquely per company and branch and refuse a repeated number', async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await approvedProposal(t, s);
      await t.data(requestIssuance, { as: 'corretor', body: { ProposalUniqueId: p.uniqueId } });
      await t.data(issueProposal, { as: 'corretor', body: { ProposalUniqueId: p.uniqueId } });
      numbers.push(
        (
          await t.data(confirmBankSlipPayment, {
            as: staff,
            body: { ProposalUniqueId: p.uniqueId, InstallmentNumber: 1 },
          })
        ).Policy!.Number,
      );
    }
    expect(new Set(numbers).size).toBe(3);
    const seqs = numbers.map((n) => parsePolicyNumber(n)!.sequence);
    expect(seqs[1]).toBe(seqs[0]! + 1);
    expect(seqs[2]).toBe(seqs[1]! + 1);
    const [row] = await t.database.db.select().from(policies).where(eq(policies.number, numbers[0]!));
    const { id: _id, uniqueId: _u, ...copy } = row!;
    await expect(
      t.database.db.insert(policies).values({ ...copy, proposalId: row!.proposalId + 100000 }),
    ).rejects.toThrow();
  });

  it('should list late SRO registrations to insurer staff only and drop them once registered', async () => {
    // Any policy, seeded ones included: its issuance's registration not registered and past its
    // deadline (the real state), its other operations registered. The policy row's own deadline is
    // not passed: the list reads the registrations, not the row.
    const [found] = await t.database.db
      .select({ policy: policies })
      .from(policies)
      .innerJoin(
        sroRegistrations,
        and(eq(sroRegistrations.policyId, policies.id), eq(sroRegistrations.eventType, 'EMISSAO')),
      )
      .where(and(eq(policies.companyId, 54), eq(policies.statusId, 2)))
      .limit(1);
    const row = found?.policy;
    await t.database.db
      .update(policies)
      .set({ sroDeadline: addDays(today(), 1), sroStatusId: 1, sroRegisteredAt: null, sroProtocol: null })
      .where(eq(policies.id, row!.id));
    await t.database.db
      .update(sroRegistrations)
      .set({ statusId: 3 })
      .where(and(eq(sroRegistrations.policyId, row!.id), ne(sroRegistrations.eventType, 'EMISSAO')));
    await t.database.db
      .update(sroRegistrations)
      .set({ statusId: 1, deadline: addDays(today(), -3), protocol: null })
      .where(and(eq(sroRegistrations.policyId, row!.id), eq(sroRegistrations.eventType, 'EMISSAO')));
    expect((await t.call(searchLateSroRegistrations, { as: 'corretor', query: {} })).status).toBe(403);
    const late = await t.data(searchLateSroRegistrations, { as: 'admin', query: { rowsPerPage: 200 } });
    expect(late.Data.map((p) => p.UniqueId)).toContain(row!.uniqueId);
    expect(late.Data.every((p) => p.SroLate)).toBe(true);
    expect(late.Data.find((p) => p.UniqueId === row!.uniqueId)?.SroDeadline).toBe(addDays(today(), -3));
    const lateGauge = async () =>
      Number(
        (await t.app.inject({ url: '/metrics' })).body.match(
          /^aval_sro_late_policies\{company="54"\} (\d+)$/m,
        )?.[1],
      );
    const lateBefore = await lateGauge();
    expect(lateBefore).toBe(late.Total);
    expect(
      (await t.data(searchLateSroRegistrations, { as: { user: 'admin', company: 325 }, query: {} })).Data.map(
        (p) => p.UniqueId,
      ),
    ).not.toContain(row!.uniqueId);
    const registered = await t.data(registerPolicySro, {
      as: 'admin',
      body: { PolicyUniqueId: row!.uniqueId, Protocol: 'SRO-2026-0001' },
    });
    expect(registered).toMatchObject({ SroStatusId: 2, SroProtocol: 'SRO-2026-0001', SroLate: false });
    expect((await lateGauge()) || 0).toBe(lateBefore - 1);
    expect(
      (await t.data(searchLateSroRegistrations, { as: 'admin', query: { rowsPerPage: 200 } })).Data.map(
        (p) => p.UniqueId,
      ),
    ).not.toContain(row!.uniqueId);
  });

  it('should generate the minuta with every tag filled and the issuance report for permission 15 only', async () => {
    const p = await approvedProposal(t, s);
    const draft = await t.data(generateContractDraft, {
      as: 'corretor',
      query: { ProposalUniqueId: p.uniqueId },
    });
    expect(draft.Sha256).toMatch(/^[0-9a-f]{64}$/);
    const { text } = await pdfText(await fetchFile(draft.UrlToDownload));
    expect(text).toContain('MINUTA DE APÓLICE');
    expect(text).toContain('R$ 100.000,00');
    expect(text).toContain('cem mil reais');
    expect(text).toContain(s.holder.name ?? '');
    expect(text).not.toMatch(/\[[A-Z_]+\]/);
    expect(text).toMatch(/Página 1 de \d/);
    // The minuta carries the consumer information too (not the issue time: it is not issued).
    for (const element of consumerElements(await insurerOf(t), '0776'))
      if (element !== 'horário de Brasília') expect(text).toContain(element);

    expect(
      (
        await t.call(loadIssuanceReport, {
          as: { ...staff, prm: [Permission.VISUALIZAR_PROPOSTAS_SEGURADORA] },
          query: { proposalUniqueId: p.uniqueId },
        })
      ).status,
    ).toBe(403);
    const report = await t.data(loadIssuanceReport, { as: 'admin', query: { proposalUniqueId: p.uniqueId } });
    const r = await pdfText(await fetchFile(report.UrlToDownloadIssuanceReport));
    expect(r.text).toContain('LAUDO DE EMISSÃO');
    expect(r.text).toContain(`nº ${p.number}`);
    // Its times say their zone (the screens show the same clock).
    expect(r.text).toMatch(/Gerado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} \(horário de Brasília\)/);
  });
});
