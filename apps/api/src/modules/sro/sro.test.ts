import {
  confirmBankSlipPayment,
  internalCancelPolicy,
  Permission as P,
  rectifySroRegistration,
  registerPolicySro,
  resendSroRegistration,
  type SroLayout,
  searchSroRegistrations,
  sroLayout,
  UserType,
} from '@aval/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { addBusinessDays } from '../../lib/business-days.js';
import { demoCompanies } from '../../seed/companies.js';
import { asInsurer } from '../../test/factories.js';
import { changeInsurerRecord } from '../../test/insurer-record.js';
import { today } from '../../test/proposals.js';
import { sroIssuer as issuer, sroStaff, useSroTestApp } from '../../test/sro.js';
import { insurerRecords } from '../parameterisation/insurer-record.table.js';
import { recordMissingIssuanceSro } from '../policies/policies.sro.js';
import { policies } from '../policies/policies.table.js';
import { deliverSroRegistration, registradoraFor } from './deliver-sro-registration.js';
import { reconcileCompany } from './reconcile-sro.js';
import { recordSroEvent } from './record-sro-event.js';
import { sroRegistrations } from './sro.table.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const app = useSroTestApp();

/** Aurora's SUSEP code, as its record holds it (the demo's: what its documents print). */
const auroraCode = demoCompanies[0].record.SusepCode;

/**
 * The sweep's delivery, now, of one policy's registrations not settled (pending or sent), in order:
 * its quiet time and the other policies (the demo's backlog) left out.
 */
const sweepPolicy = async (policyUniqueId: string) => {
  const unsettled = await app.t.database.db
    .select({ id: sroRegistrations.id })
    .from(sroRegistrations)
    .where(
      and(eq(sroRegistrations.policyUniqueId, policyUniqueId), inArray(sroRegistrations.statusId, [1, 2])),
    )
    .orderBy(asc(sroRegistrations.id));
  // A send that fails is the queue's to retry, as in the sweep.
  for (const { id } of unsettled)
    await deliverSroRegistration(
      app.t.platform,
      { companyId: 54, registrationId: id },
      { id: 'test-sweep', log: app.t.platform.log },
    ).catch(() => undefined);
};

/** Changes a registration's row as stored (a case no call makes): the row as it was. */
const alterRegistration = async (
  uniqueId: string,
  change: (row: typeof sroRegistrations.$inferSelect) => Partial<typeof sroRegistrations.$inferInsert>,
) => {
  const [row] = await app.t.database.db
    .select()
    .from(sroRegistrations)
    .where(eq(sroRegistrations.uniqueId, uniqueId));
  await app.t.database.db.update(sroRegistrations).set(change(row!)).where(eq(sroRegistrations.id, row!.id));
  return row!;
};

/** The insurer code of each registration the registradora registered about the policy, in order. */
const codesRegistered = (number: string) =>
  app.kit
    .receivedFor(number)
    .filter((r) => r.status === 201)
    .map((r) => (r.body as SroLayout).codigoSeguradora);

describe('SRO registrations', () => {
  it('should register the issuance, then the premium and commission settlements, each once, in the layout', async () => {
    const { proposal, policy } = await app.kit.issuePolicy(2);
    const list = await app.kit.settled(policy.UniqueId, 3);
    expect(list.map((r) => r.EventType)).toEqual(['EMISSAO', 'LIQUIDACAO_PREMIO', 'LIQUIDACAO_COMISSAO']);
    for (const r of list) {
      expect(r).toMatchObject({
        StatusName: 'Registrada',
        Late: false,
        Manual: false,
        BusinessDaysLeft: null,
      });
      expect(r.Protocol).toMatch(/^SRO\d{16}$/);
      expect(r.Deadline).toBe(addBusinessDays(today(), 2));
    }
    // The registradora received valid layouts, the issuance first; each identifier registered once.
    const got = app.kit.receivedFor(policy.Number).filter((r) => r.status === 201);
    expect(got.map((r) => (r.body as { tipoOperacao: string }).tipoOperacao)).toEqual([
      'EMISSAO',
      'LIQUIDACAO_PREMIO',
      'LIQUIDACAO_COMISSAO',
    ]);
    for (const r of got) expect(sroLayout.safeParse(r.body).success).toBe(true);
    const issuance = got[0]!.body as ReturnType<typeof sroLayout.parse>;
    // The insurer is named by the SUSEP code its record holds, not by its id in Aval.
    expect(issuance).toMatchObject({
      codigoSeguradora: auroraCode,
      apolice: {
        numeroApolice: policy.Number,
        numeroProposta: String(proposal.number),
        dataEmissao: today(),
      },
      tomador: { tipoDocumento: 'CNPJ', documento: app.s.holder.document.replace(/\D/g, '') },
      coberturas: [{ importanciaSegurada: '100000.00', limiteMaximoGarantia: '100000.00' }],
      premio: { quantidadeParcelas: 2 },
      liquidacao: null,
    });
    expect(issuance.intermediarios[0]).toMatchObject({
      tipoIntermediario: 'CORRETOR',
      percentualComissao: '20.00',
    });
    expect(codesRegistered(policy.Number)).toEqual([auroraCode, auroraCode, auroraCode]);
    // The registradora refuses an insurer not named by a SUSEP code (its id in Aval, as sent before).
    const byId = await fetch(`${app.sim.url}/v1/registros`, {
      method: 'POST',
      body: JSON.stringify({
        ...issuance,
        identificadorRegistro: 'teste.seguradora',
        codigoSeguradora: '54',
      }),
    });
    expect(byId.status).toBe(422);
    expect(((await byId.json()) as { erros: unknown[] }).erros).toEqual([
      { codigo: 'SRO-002', mensagem: 'codigoSeguradora: Código SUSEP da seguradora: 5 dígitos.' },
    ]);
    // The policy shows its protocol (its own SRO columns follow the issuance's registration).
    const [row] = await app.t.database.db
      .select()
      .from(policies)
      .where(eq(policies.uniqueId, policy.UniqueId));
    expect(row).toMatchObject({ sroStatusId: 2, sroProtocol: list[0]!.Protocol });

    // The second instalment paid: its settlements; recording the same event again adds nothing.
    await app.t.data(confirmBankSlipPayment, {
      as: issuer,
      body: { ProposalUniqueId: proposal.uniqueId, InstallmentNumber: 2 },
    });
    const five = await app.kit.settled(policy.UniqueId, 5);
    const [premium2] = five.filter((r) => r.EventType === 'LIQUIDACAO_PREMIO').slice(1);
    expect((await app.kit.registrationsOf(policy.UniqueId)).length).toBe(5);
    const records = await app.kit.simRecords();
    for (const r of five) expect(records.filter((x) => x.protocolo === r.Protocol)).toHaveLength(1);
    expect(records.every((x) => x.registrations <= 1)).toBe(true);
    expect(premium2).toBeDefined();
  });

  it('should count the deadline in business days across a national holiday and a weekend', async () => {
    const { policy } = await app.kit.issuePolicy();
    await app.kit.settled(policy.UniqueId, 1);
    const [row] = await app.t.database.db
      .select()
      .from(policies)
      .where(eq(policies.uniqueId, policy.UniqueId));
    const record = (key: string, day: string) =>
      asInsurer(app.t, async (ctx) => {
        const known = await ctx.db
          .select()
          .from(sroRegistrations)
          .where(eq(sroRegistrations.policyId, row!.id));
        return recordSroEvent(ctx, {
          policy: { id: row!.id, uniqueId: row!.uniqueId, number: row!.number },
          type: 'RESTITUICAO',
          key,
          day,
          payload: {
            ...known[0]!.payload,
            liquidacao: { numeroParcela: 0, dataLiquidacao: day, valor: '1.00' },
          },
        });
      });
    // Thursday 19/11/2026; Friday 20/11 is Dia da Consciência Negra; then the weekend: due Tuesday 24/11.
    expect((await record('test:holiday', '2026-11-19')).deadline).toBe('2026-11-24');
    // Friday 04/12/2026: Monday 07 and Tuesday 08/12.
    expect((await record('test:weekend', '2026-12-04')).deadline).toBe('2026-12-08');
  });

  it('should keep an endorsement-like operation behind its policy, and lose nor double nothing when the registradora fails then recovers', async () => {
    // The registradora is down for the first call and too slow (past our 1 s timeout) for the next:
    // the retry of a registration it made answers the same protocol.
    const { policy } = await app.kit.issuePolicy(1, (p) =>
      app.kit.simBehaviour({ failNext: 1, delayMs: 1500, slowNext: 1, onlyProposal: String(p.number) }),
    );
    const list = await app.kit.settled(policy.UniqueId, 3);
    await app.kit.simBehaviour({});
    const sent = app.kit.receivedFor(policy.Number);
    expect(sent[0]!.status).toBe(503);
    // No settlement reached the registradora before the issuance was registered.
    const firstIssued = sent.findIndex((r) => r.status === 201);
    expect(
      sent
        .slice(0, firstIssued)
        .every((r) => (r.body as { tipoOperacao: string }).tipoOperacao === 'EMISSAO'),
    ).toBe(true);
    const records = await app.kit.simRecords();
    for (const r of list) {
      const mine = records.filter((x) => x.protocolo === r.Protocol);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.registrations).toBe(1);
    }
    expect(list[0]!.Attempts).toBeGreaterThanOrEqual(2);
  });

  it('should show a rejection in pt-BR, hold what follows, and register after the data is fixed and resent', async () => {
    // The brokerage's record holds a placeholder, not a SUSEP registration number: the proposal
    // carries the valid code it had when it was made, the registration the brokerage's code of now.
    const brokerage = (code: string) => app.kit.setSusep(app.s.brokerId, code);
    const { policy } = await app.kit.issuePolicy(1, () => brokerage('SUSEP-PENDENTE'));
    const [rejected] = await app.kit.rejected(policy.UniqueId);
    expect(rejected!.Rejections).toEqual([
      {
        Code: 'SRO-030',
        Message:
          'Lopes & Azevedo Corretora de Seguros Ltda. (código SUSEP SUSEP-PENDENTE): não é um código SUSEP ' +
          '(a SUSEP numera os corretores só com dígitos, de 5 a 20). Corrija o registro SUSEP no cadastro da corretora e reenvie.',
      },
    ]);
    // The staff list by status; a caller without permission 49 is refused.
    const page = await app.t.data(searchSroRegistrations, {
      as: sroStaff,
      query: { StatusId: 4, PolicyNumber: policy.Number },
    });
    expect(page.Data.map((r) => r.UniqueId)).toEqual([rejected!.UniqueId]);
    expect((await app.t.call(searchSroRegistrations, { as: issuer, query: {} })).status).toBe(403);
    // The settlements wait behind it, unsent.
    expect((await app.kit.registrationsOf(policy.UniqueId)).slice(1).every((r) => r.StatusId === 1)).toBe(
      true,
    );
    expect(
      app.kit
        .receivedFor(policy.Number)
        .every((r) => (r.body as { tipoOperacao: string }).tipoOperacao === 'EMISSAO'),
    ).toBe(true);
    // Rectify is for registered records only.
    expect(
      (await app.t.call(rectifySroRegistration, { as: sroStaff, body: { UniqueId: rejected!.UniqueId } }))
        .status,
    ).toBe(422);

    // Corrected on the brokerage's record (a code SUSEP's register holds for its CNPJ); the resend
    // carries the code of now.
    await app.kit.susep.add({
      codigoSusep: '20.2612345.6',
      documento: (await app.kit.brokerage(app.s.brokerId)).cnpj,
    });
    await brokerage('20.2612345.6');
    const resent = await app.t.data(resendSroRegistration, {
      as: sroStaff,
      body: { UniqueId: rejected!.UniqueId },
    });
    expect(resent).toMatchObject({ StatusId: 1, Rejections: [] });
    const list = await app.kit.settled(policy.UniqueId, 3);
    expect((list[0]!.Protocol ?? '').length).toBeGreaterThan(0);
    const sent = app.kit.receivedFor(policy.Number).map((r) => r.body as ReturnType<typeof sroLayout.parse>);
    expect(sent[0]!.intermediarios.map((i) => i.codigoSusep)).toEqual(['SUSEP-PENDENTE']);
    expect(sent.at(-1)!.intermediarios.map((i) => i.codigoSusep)).toEqual(['20.2612345.6']);
  });

  it('should rectify a registered record with the data of now, naming the protocol it corrects', async () => {
    const { policy } = await app.kit.issuePolicy(1);
    const [issued] = await app.kit.settled(policy.UniqueId, 3);
    await app.t.database.db
      .update(policies)
      .set({ insuredName: 'Segurado Retificado' })
      .where(eq(policies.uniqueId, policy.UniqueId));
    const rectified = await app.t.data(rectifySroRegistration, {
      as: sroStaff,
      body: { UniqueId: issued!.UniqueId },
    });
    expect(rectified).toMatchObject({ Version: 2, StatusId: 1 });
    const [again] = await app.kit.settled(
      policy.UniqueId,
      3,
      (r) => r.StatusId === 3 && (r.EventType !== 'EMISSAO' || r.Version === 2),
    );
    expect(again!.Protocol).not.toBe(issued!.Protocol);
    const last = app.kit.receivedFor(policy.Number).at(-1)!.body as ReturnType<typeof sroLayout.parse>;
    expect(last.retificacao).toEqual({ protocoloOriginal: issued!.Protocol });
    expect(last.segurado?.nome).toBe('Segurado Retificado');
    expect(last.identificadorRegistro.endsWith('.v2')).toBe(true);
  });

  it('should register a cancellation and its restitution after the issuance, and reconcile a send whose answer was lost', async () => {
    const { policy } = await app.kit.issuePolicy(1);
    await app.kit.settled(policy.UniqueId, 3);
    const canceller = {
      cid: 54,
      utp: UserType.INSURANCE,
      prm: [P.VISUALIZAR_APOLICES, P.CANCELAR_APOLICE_MANUALMENTE],
    };
    await app.t.data(internalCancelPolicy, {
      as: canceller,
      query: { policyNumber: policy.Number },
      body: { Reason: 'Contrato rescindido pelo segurado' },
    });
    const list = await app.kit.settled(policy.UniqueId, 5);
    expect(list.map((r) => r.EventType).slice(3)).toEqual(['CANCELAMENTO', 'RESTITUICAO']);

    // A send the registradora registered but whose answer never came (left Enviada): the sweep asks.
    const cancel = await alterRegistration(list[3]!.UniqueId, () => ({ statusId: 2, protocol: null }));
    await asInsurer(app.t, (ctx) => reconcileCompany(ctx, registradoraFor(app.t.platform)!, 0));
    const [back] = await app.t.database.db
      .select()
      .from(sroRegistrations)
      .where(eq(sroRegistrations.id, cancel.id));
    expect(back).toMatchObject({ statusId: 3, protocol: list[3]!.Protocol });
  });

  it('should keep the manual protocol as the fallback, recorded as such, and one company out of another', async () => {
    try {
      // The registradora unreachable for this policy: staff type the protocol obtained elsewhere.
      const { policy } = await app.kit.issuePolicy(1, (p) =>
        app.kit.simBehaviour({ failNext: 1000, onlyProposal: String(p.number) }),
      );
      await app.t.data(registerPolicySro, {
        as: issuer,
        body: { PolicyUniqueId: policy.UniqueId, Protocol: 'SRO-MANUAL-1' },
      });
      const [issued] = await app.kit.registrationsOf(policy.UniqueId);
      expect(issued).toMatchObject({ StatusId: 3, Manual: true, Protocol: 'SRO-MANUAL-1' });
      const other = { cid: 325, utp: UserType.INSURANCE, prm: [P.GERENCIAR_REGISTROS_SRO] };
      expect(
        (await app.t.data(searchSroRegistrations, { as: other, query: { PolicyNumber: policy.Number } }))
          .Total,
      ).toBe(0);
    } finally {
      await app.kit.simBehaviour({});
    }
  });

  it('should send an operation with the SUSEP code the record held when it was recorded, though the code changed before the send', async () => {
    let restore: (() => Promise<void>) | undefined;
    try {
      // The registradora is down for this policy: its issuance and first settlements wait, recorded.
      const { policy } = await app.kit.issuePolicy(1, (p) =>
        app.kit.simBehaviour({ failNext: 1000, onlyProposal: String(p.number) }),
      );
      // The administrator changes the code meanwhile; the registradora comes back.
      restore = await changeInsurerRecord(app.t, 'admin', { SusepCode: '10999' });
      await app.kit.simBehaviour({});
      await sweepPolicy(policy.UniqueId);
      await app.kit.settled(policy.UniqueId, 3);
      expect(codesRegistered(policy.Number)).toEqual([auroraCode, auroraCode, auroraCode]);
    } finally {
      await app.kit.simBehaviour({});
      await restore?.();
    }
  });

  it('should record an operation while the record has no SUSEP code, hold it unsent saying why, and send it with the code once the administrator gives it', async () => {
    const { proposal, policy } = await app.kit.issuePolicy(2);
    await app.kit.settled(policy.UniqueId, 3);
    const sentBefore = app.kit.receivedFor(policy.Number).length;
    const why =
      'Não enviado: falta o código SUSEP da seguradora, que a identifica no SRO. O administrador o informa em Parametrização › Dados da seguradora, e o registro é enviado em seguida.';
    // An installation whose record has no SUSEP code yet (installed before the record existed).
    await app.t.database.db
      .update(insurerRecords)
      .set({ susepCode: null })
      .where(eq(insurerRecords.companyId, 54));
    try {
      // The second instalment's payment is recorded all the same: the SRO never refuses a business change.
      await app.t.data(confirmBankSlipPayment, {
        as: issuer,
        body: { ProposalUniqueId: proposal.uniqueId, InstallmentNumber: 2 },
      });
      // Their delivery (the queue's, the sweep's) sends nothing: the premium's settlement waits,
      // saying why; the commission's waits behind it (its policy's order).
      await sweepPolicy(policy.UniqueId);
      const held = (await app.kit.registrationsOf(policy.UniqueId)).slice(3);
      expect(held.map((r) => [r.EventType, r.StatusId, r.LastError])).toEqual([
        ['LIQUIDACAO_PREMIO', 1, why],
        ['LIQUIDACAO_COMISSAO', 1, null],
      ]);
      expect(app.kit.receivedFor(policy.Number)).toHaveLength(sentBefore);
      // The commission's as a registration recorded before the code came from the record: the company's id.
      await alterRegistration(held[1]!.UniqueId, (r) => ({
        payload: { ...r.payload, codigoSeguradora: '54' },
      }));
    } finally {
      await changeInsurerRecord(app.t, 'admin', { SusepCode: auroraCode });
    }
    // The administrator gave the code: the next sweep sends the first with it, then the second
    // (recorded with the company's id) follows with it too.
    await sweepPolicy(policy.UniqueId);
    const list = await app.kit.settled(policy.UniqueId, 5);
    expect(list.map((r) => r.LastError)).toEqual([null, null, null, null, null]);
    expect(codesRegistered(policy.Number)).toEqual(Array(5).fill(auroraCode));
  });

  // Last: it records the issuance of every older policy of the demo without one, whose deliveries
  // then keep the delivery queue busy for a while.
  it('should register, in the daily job, the issuance of a policy issued before the SRO module, and keep a protocol typed by hand', async () => {
    // Two policies as migration 0039 found them: no registration; the second with a protocol typed by staff.
    const { policy: older } = await app.kit.issuePolicy();
    const { policy: typed } = await app.kit.issuePolicy();
    const [olderRow] = await app.t.database.db
      .select()
      .from(policies)
      .where(eq(policies.uniqueId, older.UniqueId));
    const [typedRow] = await app.t.database.db
      .select()
      .from(policies)
      .where(eq(policies.uniqueId, typed.UniqueId));
    for (const id of [olderRow!.id, typedRow!.id])
      await app.t.database.db.delete(sroRegistrations).where(eq(sroRegistrations.policyId, id));
    // Before 0039 a policy's row said Pendente until staff typed a protocol.
    await app.t.database.db
      .update(policies)
      .set({ sroStatusId: 1, sroProtocol: null, sroRegisteredAt: null })
      .where(eq(policies.id, olderRow!.id));
    await app.t.database.db
      .update(policies)
      .set({ sroStatusId: 2, sroProtocol: 'SRO-MANUAL-OLD', sroRegisteredAt: typedRow!.issuedAt })
      .where(eq(policies.id, typedRow!.id));
    expect(await app.kit.registrationsOf(older.UniqueId)).toEqual([]);
    const sentBefore = app.kit.receivedFor(typed.Number).length;

    expect(await asInsurer(app.t, (ctx) => recordMissingIssuanceSro(ctx))).toBeGreaterThanOrEqual(2);
    // The older one is recorded like any issuance (queued to be sent), due 2 business days after
    // its issue day: already late if it was issued long ago.
    const [recorded] = await app.kit.registrationsOf(older.UniqueId);
    expect(recorded).toMatchObject({ EventType: 'EMISSAO', Manual: false });
    expect(recorded!.Deadline.slice(0, 10)).toBe(addBusinessDays(today(), 2));
    // The typed protocol is recorded as registered by hand, never sent.
    const [kept] = await app.kit.registrationsOf(typed.UniqueId);
    expect(kept).toMatchObject({
      EventType: 'EMISSAO',
      StatusId: 3,
      Manual: true,
      Protocol: 'SRO-MANUAL-OLD',
    });
    expect(app.kit.receivedFor(typed.Number)).toHaveLength(sentBefore);
    // A second run finds nothing more for them.
    await asInsurer(app.t, (ctx) => recordMissingIssuanceSro(ctx));
    expect(await app.kit.registrationsOf(older.UniqueId)).toHaveLength(1);
    expect(await app.kit.registrationsOf(typed.UniqueId)).toHaveLength(1);
  });
});
