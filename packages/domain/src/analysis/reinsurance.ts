import { Dec, type DecimalInput, roundMoney, toDec } from '../shared/decimal.js';

/**
 * Reinsurance cession (LC 126/2007 art. 11; Decreto 6.499/2008; Res. CNSP 168/2007): the part of
 * the IS above the insurer's retention is ceded. At least 40 % of each cession is offered first to
 * local reinsurers (preferential offer); eventual reinsurers may take at most 10 % of it; the rest
 * goes to admitted reinsurers (or local ones declining it back to the market).
 */
export const LOCAL_PREFERENCE_MIN = new Dec('0.40');
export const EVENTUAL_CAP = new Dec('0.10');

export type CessionPlan = {
  insuredAmount: string;
  retention: string;
  /** What the insurer keeps (IS up to the retention). */
  retained: string;
  /** IS above the retention: 0 means no cession, no card. */
  ceded: string;
  /** Offered first to local reinsurers (≥ 40 % of the cession). */
  localOffered: string;
  /** At most 10 % of the cession. */
  eventualMax: string;
  /** The rest, for admitted reinsurers (or local ones). */
  admitted: string;
  needsCession: boolean;
};

export type CessionShares = {
  /** Share of the cession offered to local reinsurers (default and minimum 40 %). */
  localShare?: DecimalInput;
  /** Share given to eventual reinsurers (default 10 %, capped at 10 %). */
  eventualShare?: DecimalInput;
};

const m2 = (v: Dec) => roundMoney(v).toFixed(2);

/** The cession plan of an IS against a retention; shares outside the rules are refused. */
export const cessionPlan = (
  insuredAmount: DecimalInput,
  retention: DecimalInput,
  shares: CessionShares = {},
): CessionPlan => {
  const is = toDec(insuredAmount);
  const keep = Dec.max(0, toDec(retention));
  const local = toDec(shares.localShare ?? LOCAL_PREFERENCE_MIN);
  const eventual = toDec(shares.eventualShare ?? EVENTUAL_CAP);
  if (local.lessThan(LOCAL_PREFERENCE_MIN) || local.greaterThan(1))
    throw new RangeError('A oferta preferencial a resseguradores locais deve ser de ao menos 40% da cessão.');
  if (eventual.isNegative() || eventual.greaterThan(EVENTUAL_CAP))
    throw new RangeError('Resseguradores eventuais podem receber no máximo 10% da cessão.');
  if (local.add(eventual).greaterThan(1))
    throw new RangeError('As parcelas de resseguradores locais e eventuais passam de 100% da cessão.');
  const retained = Dec.min(is, keep);
  const ceded = Dec.max(0, is.sub(keep));
  const localOffered = roundMoney(ceded.times(local));
  const eventualMax = roundMoney(ceded.times(eventual));
  const admitted = roundMoney(ceded).sub(localOffered).sub(eventualMax);
  return {
    insuredAmount: m2(is),
    retention: m2(keep),
    retained: m2(retained),
    ceded: m2(ceded),
    localOffered: localOffered.toFixed(2),
    eventualMax: eventualMax.toFixed(2),
    admitted: admitted.toFixed(2),
    needsCession: ceded.greaterThan(0),
  };
};
