import { formatMoney } from '../format/money.js';
import { formatPercent } from '../format/percent.js';
import { type DateInput, daysBetween } from '../shared/dates.js';
import { Dec, type DecimalInput, roundMoney, roundRate, toDec } from '../shared/decimal.js';

/**
 * Proposal rules the spec leaves open, in its style (spec §5 messages where it has them): co-broker
 * participations, retroactivity, the property risk value, franchises, and what the proposal leaves
 * of the policy holder's limit.
 */
export const proposalMessages = {
  retroactiveDays: (n: number) => `Retroatividade de dias para essa modalidade não pode ser maior que ${n}`,
  futureDays: (n: number) =>
    `Início de vigência para essa modalidade não pode ser posterior a ${n} dias da data atual`,
  participationSum: 'A soma das participações dos corretores deve ser exatamente 100%.',
  oneLeader: 'A cocorretagem deve ter exatamente um corretor líder.',
  leaderIsMainBroker: 'O corretor líder deve ser o corretor principal da proposta.',
  limitExceeded: (available: string, amount: string) =>
    `A importância segurada de ${amount} excede o limite disponível do tomador, de ${available}: a proposta passará pela análise de crédito.`,
  commissionDisclosure:
    'Confirme que informou ao tomador o percentual e o valor da sua comissão (Resolução CNSP 382/2020) antes de enviar a proposta para análise.',
} as const;

/**
 * The commission disclosure the broker confirms before sending a proposal to analysis (Res. CNSP
 * 382/2020: the intermediary informs the client of its remuneration). Stored with the proposal.
 */
export const commissionDisclosureText = (commissionPercentage: DecimalInput, commissionValue: DecimalInput) =>
  `Declaro que informei ao tomador que a remuneração da corretagem nesta proposta é de ${formatPercent(commissionPercentage)} do prêmio, no valor de ${formatMoney(commissionValue)}, conforme a Resolução CNSP 382/2020.`;

// ---------------------------------------------------------------- co-brokers

export type CoBrokerShare = { participation: DecimalInput; leader: boolean };

/** Participations add up to exactly 100 % and one co-broker (the main broker) leads. */
export const validateCoBrokers = (coBrokers: readonly CoBrokerShare[]): string[] => {
  if (coBrokers.length === 0) return [];
  const errors: string[] = [];
  const total = coBrokers.reduce((s, c) => s.plus(toDec(c.participation)), new Dec(0));
  if (!total.equals(100)) errors.push(proposalMessages.participationSum);
  if (coBrokers.filter((c) => c.leader).length !== 1) errors.push(proposalMessages.oneLeader);
  return errors;
};

/** A co-broker's share of the premium: the proposal's commission × its participation. */
export const coBrokerRate = (commissionPercentage: DecimalInput, participation: DecimalInput): Dec =>
  roundRate(toDec(commissionPercentage).times(toDec(participation)).dividedBy(100));

/** A co-broker's commission value: the proposal's commission value × its participation. */
export const coBrokerCommissionValue = (commissionValue: DecimalInput, participation: DecimalInput): Dec =>
  roundMoney(toDec(commissionValue).times(toDec(participation)).dividedBy(100));

// ---------------------------------------------------------------- dates

export type RetroactivityInput = {
  startDate: DateInput;
  today: DateInput;
  /** How many days before today the start may be (modality RetroactiveDays). */
  retroactiveDays: number;
  /** How many days after today the start may be (modality FutureDays). */
  futureDays: number;
};

export type RetroactivityResult = {
  /** Days the start lies before today (0 when it is today or later). */
  retroactiveDays: number;
  /** Days the start lies after today (0 when it is today or earlier). */
  futureDays: number;
  message: string | undefined;
};

export const checkRetroactivity = (input: RetroactivityInput): RetroactivityResult => {
  const offset = daysBetween(input.today, input.startDate);
  const retro = Math.max(0, -offset);
  const future = Math.max(0, offset);
  const message =
    retro > input.retroactiveDays
      ? proposalMessages.retroactiveDays(input.retroactiveDays)
      : future > input.futureDays
        ? proposalMessages.futureDays(input.futureDays)
        : undefined;
  return { retroactiveDays: retro, futureDays: future, message };
};

// ---------------------------------------------------------------- property

export type PropertyValues = {
  building?: DecimalInput | null;
  content?: DecimalInput | null;
  lostProfit?: DecimalInput | null;
};

/** The property's risk value: building + content + lost profit (the LMI the quote covers). */
export const propertyRiskValue = (v: PropertyValues): Dec =>
  [v.building, v.content, v.lostProfit].reduce<Dec>(
    (sum, x) => (x === null || x === undefined || x === '' ? sum : sum.plus(toDec(x))),
    new Dec(0),
  );

/** MMU/MMP applies when either is filled: then their sum must equal the content value. */
export const mmuMmpApplies = (mmu: DecimalInput | null | undefined, mmp: DecimalInput | null | undefined) =>
  (mmu !== null && mmu !== undefined && mmu !== '') || (mmp !== null && mmp !== undefined && mmp !== '');

// ---------------------------------------------------------------- franchises

/** Spec §3: 'X dos prejuízos indenizáveis com mínimo de Y'. */
export const franchiseText = (percent: DecimalInput, minimum: DecimalInput): string =>
  `${formatPercent(percent)} dos prejuízos indenizáveis com mínimo de ${formatMoney(minimum)}`;

/**
 * The franchise of a coverage as the proposal shows it, by its type (1 percent with a minimum,
 * 2 fixed value, 3 days); null while the type's values are missing.
 */
export const franchiseDescription = (f: {
  typeId: number | null | undefined;
  percent?: DecimalInput | null;
  valueStart?: DecimalInput | null;
  days?: number | null;
}): string | null => {
  const has = (v: DecimalInput | null | undefined) => v !== null && v !== undefined && v !== '';
  if (f.typeId === 1 && has(f.percent) && has(f.valueStart)) return franchiseText(f.percent!, f.valueStart!);
  if (f.typeId === 2 && has(f.valueStart)) return `Valor fixo de ${formatMoney(f.valueStart!)} por sinistro`;
  if (f.typeId === 3 && f.days) return `${f.days} ${f.days === 1 ? 'dia' : 'dias'} de franquia`;
  return null;
};

// ---------------------------------------------------------------- credit limit

export type LimitImpactInput = {
  /** The policy holder's own available limit. */
  policyHolderAvailable: DecimalInput;
  /** Its economic group's available limit (null when it has no group). */
  groupAvailable: DecimalInput | null;
  insuredAmount: DecimalInput;
};

export type LimitImpact = {
  /** min(policy holder available, group available). */
  effectiveAvailable: Dec;
  policyHolderRemaining: Dec;
  groupRemaining: Dec | null;
  /** What the proposal would leave (negative when it exceeds). */
  remaining: Dec;
  exceeds: boolean;
  message: string | undefined;
};

/** What this proposal would leave of the policy holder's and its economic group's limit. */
export const limitImpact = (input: LimitImpactInput): LimitImpact => {
  const is = toDec(input.insuredAmount);
  const own = toDec(input.policyHolderAvailable);
  const group = input.groupAvailable === null ? null : toDec(input.groupAvailable);
  const effective = group === null ? own : Dec.min(own, group);
  const remaining = effective.minus(is);
  const exceeds = remaining.isNegative() && !remaining.isZero();
  return {
    effectiveAvailable: effective,
    policyHolderRemaining: own.minus(is),
    groupRemaining: group === null ? null : group.minus(is),
    remaining,
    exceeds,
    message: exceeds ? proposalMessages.limitExceeded(formatMoney(effective), formatMoney(is)) : undefined,
  };
};
