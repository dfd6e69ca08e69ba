import type { SroLayout } from '@aval/contracts';
import {
  SroEventType,
  type SroEventTypeId,
  SroStatus,
  toDec,
  todayInBrazil,
  toMoneyString,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentDay } from '../../lib/clock.js';
import { readOnce } from '../../lib/read-once.js';
import * as brokers from '../brokers/index.js';
import { insurerSusepCode } from '../parameterisation/index.js';
import * as sro from '../sro/index.js';
import { findPolicyById } from './policies.endorsements.js';
import * as query from './policies.query.repository.js';
import * as repo from './policies.repository.js';

/**
 * The policy's operations in the SRO (issue 35, docs/sro.md): the layout's policy parts from the
 * policy row, each operation recorded in the transaction of the change, and what the sro module
 * borrows through the wiring (the policy's current data; the news of its issuance registered).
 */
type Ctx = Pick<UserContext, 'db' | 'company' | 'platform'>;

const personOf = (document: string, name: string) => {
  const doc = document.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  return {
    tipoDocumento: doc.length === 11 ? ('CPF' as const) : ('CNPJ' as const),
    documento: doc,
    nome: name,
  };
};

const money = (v: string | null | undefined) => toMoneyString(v ?? '0');

/**
 * The intermediaries and their commission: the co-brokers by their share, else the broker. Each
 * one's SUSEP code is the one its brokerage's record holds now (the policy's row keeps its
 * proposal's): the registradora identifies an intermediary by it, so a code corrected on the
 * brokerage reaches the next send of an issued policy (a resend, a rectification).
 */
const intermediariesOf = async (ctx: Ctx, p: repo.PolicyRow): Promise<SroLayout['intermediarios']> => {
  const commission = toDec(p.comissionValue ?? '0');
  const rate = p.comissionPercentage ? toMoneyString(p.comissionPercentage) : null;
  const ids = p.coBrokers.length ? p.coBrokers.map((c) => c.BrokerId) : [p.brokerId];
  // One read per transaction (lib/read-once.ts): an issuance records two or three operations.
  const susep = await readOnce(ctx.db, `broker-susep:${ids.join(',')}`, () => brokers.susepCodes(ctx, ids));
  if (p.coBrokers.length === 0)
    return [
      {
        tipoIntermediario: 'CORRETOR',
        documento: personOf(p.brokerDocument, p.brokerName).documento,
        nome: p.brokerName,
        codigoSusep: susep.get(p.brokerId) ?? p.brokerSusep,
        percentualComissao: rate,
        valorComissao: toMoneyString(commission),
      },
    ];
  return p.coBrokers.map((c) => ({
    tipoIntermediario: 'CORRETOR' as const,
    documento: personOf(c.Document, c.Name).documento,
    nome: c.Name,
    codigoSusep: susep.get(c.BrokerId) ?? c.SUSEP,
    percentualComissao: rate,
    valorComissao: toMoneyString(commission.times(toDec(c.Participation)).dividedBy(100)),
  }));
};

/**
 * The layout's parts that describe the policy as it stands now. The insurer is its SUSEP code as
 * its record holds it now ('' while the record has none: the registration is recorded, the business
 * change goes on, and the delivery holds it until the administrator gives the code; docs/sro.md).
 */
export const sroPartsOf = async (ctx: Ctx, p: repo.PolicyRow): Promise<sro.SroPolicyParts> => ({
  codigoSeguradora: (await insurerSusepCode(ctx)) ?? '',
  codigoRamo: p.branchCode,
  apolice: {
    numeroApolice: p.number,
    numeroProposta: String(p.proposalNumber),
    // The proposal's signature and protocol days are not on the policy row yet (docs/sro.md).
    dataAssinaturaProposta: null,
    dataProtocoloProposta: null,
    dataEmissao: todayInBrazil(p.issuedAt),
    dataInicioVigencia: p.startDate,
    dataFimVigencia: p.endDate,
    modalidade: p.modalityName,
  },
  tomador: personOf(p.policyHolderDocument, p.policyHolderName),
  segurado: p.insuredDocument ? personOf(p.insuredDocument, p.insuredName ?? '') : null,
  coberturas: [
    {
      codigoCobertura: String(p.modalityId),
      descricao: p.modalityName,
      importanciaSegurada: money(p.insuredAmount),
      limiteMaximoGarantia: money(p.insuredAmount),
      dataInicioVigencia: p.startDate,
      dataFimVigencia: p.endDate,
    },
  ],
  premio: {
    valorPremioLiquido: money(p.netPremium ?? p.insurancePremium),
    valorIof: money(p.iofValue),
    valorPremioTotal: money(p.totalPremium),
    quantidadeParcelas: Math.max(1, p.numberOfInstallments),
  },
  intermediarios: await intermediariesOf(ctx, p),
});

export type PolicySroEvent = {
  type: SroEventTypeId;
  key: string;
  day: string;
  endosso?: SroLayout['endosso'];
  liquidacao?: SroLayout['liquidacao'];
  /** Registered elsewhere already (an imported policy's protocol). */
  registered?: { protocol: string; at: Date };
};

/** Records one operation of the policy for the SRO, in the caller's transaction. */
export const recordPolicySro = async (ctx: Ctx, p: repo.PolicyRow, e: PolicySroEvent) =>
  sro.recordSroEvent(ctx, {
    policy: { id: p.id, uniqueId: p.uniqueId, number: p.number },
    type: e.type,
    key: e.key,
    day: e.day,
    payload: { ...(await sroPartsOf(ctx, p)), endosso: e.endosso ?? null, liquidacao: e.liquidacao ?? null },
    registered: e.registered,
  });

/** The issuance of a policy: due 2 business days after its issue day. */
export const recordIssuanceSro = (ctx: Ctx, p: repo.PolicyRow) =>
  recordPolicySro(ctx, p, {
    type: SroEventType.EMISSAO,
    key: `policy:${p.id}`,
    day: todayInBrazil(p.issuedAt),
  });

/**
 * Policies issued before Aval registered operations (migration 0039) have no issuance registration:
 * the daily job records one for each, `limit` at a time, due 2 business days after its issue day
 * (so late until the registradora registers it). A protocol typed on the policy by hand is recorded
 * as registered (manual), never sent again. Returns how many were recorded.
 */
export const recordMissingIssuanceSro = async (ctx: Ctx, limit = 200) => {
  const rows = await query.issuedWithoutRegistration(
    ctx.db,
    ctx.company.id,
    sro.issuanceRecordedPolicies(ctx.company.id),
    limit,
  );
  for (const p of rows)
    await recordPolicySro(ctx, p, {
      type: SroEventType.EMISSAO,
      key: `policy:${p.id}`,
      day: todayInBrazil(p.issuedAt),
      registered:
        p.sroStatusId === SroStatus.REGISTRADA && p.sroProtocol
          ? { protocol: p.sroProtocol, at: p.sroRegisteredAt ?? p.issuedAt }
          : undefined,
    });
  return rows.length;
};

/**
 * The financial settlement of a paid instalment: its premium, and the commission it carries (the
 * policy's commission in the instalment's share of the total premium).
 */
export const recordSettlementSro = async (
  ctx: Ctx,
  p: repo.PolicyRow,
  i: Pick<repo.InstallmentRow, 'id' | 'number' | 'amount' | 'paidAmount' | 'paidAt'>,
) => {
  const day = todayInBrazil(i.paidAt ?? new Date());
  const paid = money(i.paidAmount ?? i.amount);
  await recordPolicySro(ctx, p, {
    type: SroEventType.LIQUIDACAO_PREMIO,
    key: `installment:${i.id}`,
    day,
    liquidacao: { numeroParcela: i.number, dataLiquidacao: day, valor: paid },
  });
  const total = toDec(p.totalPremium);
  if (total.isZero() || toDec(p.comissionValue ?? '0').isZero()) return;
  const commission = toDec(p.comissionValue ?? '0')
    .times(toDec(i.amount))
    .dividedBy(total);
  await recordPolicySro(ctx, p, {
    type: SroEventType.LIQUIDACAO_COMISSAO,
    key: `installment:${i.id}`,
    day,
    liquidacao: { numeroParcela: i.number, dataLiquidacao: day, valor: toMoneyString(commission) },
  });
};

/** What the sro module borrows (wiring.ts): the policy's data of now, and its issuance registered. */
export const sroPolicyOwner: sro.SroPolicyOwner = {
  currentParts: async (ctx, policyId) => {
    const p = await findPolicyById(ctx, policyId);
    return p && sroPartsOf(ctx, p);
  },
  registered: async (ctx, r) => {
    if (r.eventType !== SroEventType.EMISSAO) return;
    await repo.updatePolicy(ctx.db, r.policyId, {
      sroStatusId: SroStatus.REGISTRADA,
      sroRegisteredAt: r.at,
      sroProtocol: r.protocol,
    });
  },
};

/**
 * A cancellation (by the insurer, or an approved cancellation endorsement) and the premium it gives
 * back (restitution, when above zero): each its own operation.
 */
export const recordCancellationSro = async (
  ctx: Ctx,
  p: repo.PolicyRow,
  c: { day: string; effective: string; restitution: string; endorsement?: { id: number; number: number } },
) => {
  const key = c.endorsement ? `endorsement:${c.endorsement.id}` : `policy:${p.id}`;
  await recordPolicySro(ctx, p, {
    type: SroEventType.CANCELAMENTO,
    key,
    day: c.day,
    endosso: {
      numeroEndosso: String(c.endorsement?.number ?? 0),
      tipoEndosso: 'CANCELAMENTO',
      dataEmissao: c.day,
      dataInicioVigencia: c.effective,
      dataFimVigencia: p.endDate,
    },
  });
  if (toDec(c.restitution).gt(0))
    await recordPolicySro(ctx, p, {
      type: SroEventType.RESTITUICAO,
      key,
      day: c.day,
      liquidacao: { numeroParcela: 0, dataLiquidacao: c.day, valor: toMoneyString(c.restitution) },
    });
};

/** An approved endorsement: a change (ENDOSSO, with any premium given back) or a cancellation. */
export const recordEndorsementSro = async (
  ctx: Ctx,
  p: repo.PolicyRow,
  e: {
    id: number;
    number: number;
    typeName: string;
    effectiveDate: string;
    cancellation: boolean;
    restitution: string;
  },
) => {
  const day = currentDay();
  if (e.cancellation)
    return recordCancellationSro(ctx, p, {
      day,
      effective: e.effectiveDate,
      restitution: e.restitution,
      endorsement: e,
    });
  const key = `endorsement:${e.id}`;
  await recordPolicySro(ctx, p, {
    type: SroEventType.ENDOSSO,
    key,
    day,
    endosso: {
      numeroEndosso: String(e.number),
      tipoEndosso: e.typeName,
      dataEmissao: day,
      dataInicioVigencia: e.effectiveDate,
      dataFimVigencia: p.endDate,
    },
  });
  if (toDec(e.restitution).gt(0))
    await recordPolicySro(ctx, p, {
      type: SroEventType.RESTITUICAO,
      key,
      day,
      liquidacao: { numeroParcela: 0, dataLiquidacao: day, valor: toMoneyString(e.restitution) },
    });
};
