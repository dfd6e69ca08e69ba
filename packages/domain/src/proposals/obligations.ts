import { codeCatalogue } from '../catalogues/code-catalogue.js';
import { formatDate } from '../format/dates.js';
import { formatMoney } from '../format/money.js';
import { addYears, type DateInput, daysBetween, toIsoDate } from '../shared/dates.js';
import { type DecimalInput, roundMoney, toDec } from '../shared/decimal.js';

/**
 * The obligation helper (domain.md §4 and Lei 14.133/2021): from the guaranteed obligation's type
 * and value, the insured amount (IS) and the minimum term the law asks for, and the warnings of a
 * proposal that falls short. Pure rules: no proposal is refused by them, they only advise.
 */
export const { codes: ObligationType, labels: obligationTypeLabels } = codeCatalogue({
  /** Performance of a public contract (Lei 14.133/2021 arts. 96-99). */
  PUBLIC_CONTRACT: [1, 'Contrato público (execução)'],
  /** Bid bond (garantia de proposta, art. 58). */
  BID: [2, 'Licitação (garantia de proposta)'],
  /** Labour-court judicial guarantee (IS ≥ debt + 30 %, at least 3 years). */
  LABOR_JUDICIAL: [3, 'Judicial trabalhista'],
  /** Federal tax debt (Portaria PGFN 2.044/2024: at least 5 years). */
  FEDERAL_TAX: [4, 'Execução fiscal federal'],
});
export type ObligationTypeId = (typeof ObligationType)[keyof typeof ObligationType];

/** Share of a public contract the guarantee may reach (art. 98 caput, art. 98 parágrafo único, art. 99). */
export const { codes: PublicContractTier, labels: publicContractTierLabels } = codeCatalogue({
  /** Up to 5 % of the contract value. */
  STANDARD: [1, 'Até 5% do valor do contrato'],
  /** Up to 10 %, justified by the technical complexity and the risks (art. 98 parágrafo único). */
  JUSTIFIED: [2, 'Até 10% do valor do contrato (justificado pela complexidade)'],
  /** Up to 30 %, large engineering works with the step-in clause (art. 99). */
  LARGE_WORKS_STEP_IN: [3, 'Até 30% do valor do contrato (obra de grande vulto com retomada)'],
});
export type PublicContractTierId = (typeof PublicContractTier)[keyof typeof PublicContractTier];

const tierPercent: Record<PublicContractTierId, string> = { 1: '5', 2: '10', 3: '30' };
const tierBasis: Record<PublicContractTierId, string> = {
  1: 'Lei 14.133/2021, art. 98',
  2: 'Lei 14.133/2021, art. 98, parágrafo único',
  3: 'Lei 14.133/2021, art. 99',
};

export type ObligationInput = {
  typeId: ObligationTypeId;
  /** Contract value, estimated value of the bid, or debt under execution. */
  value: DecimalInput;
  /** Public contracts only; standard (5 %) when absent. */
  tierId?: PublicContractTierId | null;
  /** Start of the guarantee, to give the minimum end date. */
  startDate?: DateInput | null;
};

export type ObligationSuggestion = {
  /** The IS to propose. */
  suggestedInsuredAmount: string;
  /** The IS may not be above this (public contracts, bids). */
  maxInsuredAmount: string | null;
  /** The IS may not be below this (judicial and tax guarantees). */
  minInsuredAmount: string | null;
  /** Minimum term in years, and from the start date its end date and days. */
  minTermYears: number | null;
  minEndDate: string | null;
  minTermDays: number | null;
  /** pt-BR explanation of the rule and its legal basis. */
  rule: string;
  legalBasis: string;
};

const pct = (value: DecimalInput, percent: DecimalInput) =>
  roundMoney(toDec(value).times(toDec(percent)).dividedBy(100));

const termOf = (years: number, start: DateInput | null | undefined) => {
  if (!start) return { minTermYears: years, minEndDate: null, minTermDays: null };
  const end = addYears(start, years);
  return { minTermYears: years, minEndDate: end, minTermDays: daysBetween(start, end) };
};

/** What the law asks for an obligation: the IS to propose, its bounds and the minimum term. */
export const suggestObligation = (input: ObligationInput): ObligationSuggestion => {
  const value = toDec(input.value);
  const none = { minTermYears: null, minEndDate: null, minTermDays: null };
  switch (input.typeId) {
    case ObligationType.PUBLIC_CONTRACT: {
      const tier = input.tierId ?? PublicContractTier.STANDARD;
      const max = pct(value, tierPercent[tier]).toFixed(2);
      return {
        suggestedInsuredAmount: max,
        maxInsuredAmount: max,
        minInsuredAmount: null,
        ...none,
        rule: `Garantia de até ${tierPercent[tier]}% do valor do contrato; a vigência acompanha a do contrato garantido (Circular SUSEP 662/2022, art. 7).`,
        legalBasis: tierBasis[tier],
      };
    }
    case ObligationType.BID: {
      const max = pct(value, 1).toFixed(2);
      return {
        suggestedInsuredAmount: max,
        maxInsuredAmount: max,
        minInsuredAmount: null,
        ...none,
        rule: 'Garantia de proposta de até 1% do valor estimado da contratação.',
        legalBasis: 'Lei 14.133/2021, art. 58',
      };
    }
    case ObligationType.LABOR_JUDICIAL: {
      const min = pct(value, 130).toFixed(2);
      return {
        suggestedInsuredAmount: min,
        maxInsuredAmount: null,
        minInsuredAmount: min,
        ...termOf(3, input.startDate),
        rule: 'Importância segurada de ao menos o valor do débito acrescido de 30%, com vigência mínima de 3 anos.',
        legalBasis: 'CLT, art. 899, § 11; Ato Conjunto TST.CSJT.CGJT 1/2019',
      };
    }
    case ObligationType.FEDERAL_TAX: {
      const min = roundMoney(value).toFixed(2);
      return {
        suggestedInsuredAmount: min,
        maxInsuredAmount: null,
        minInsuredAmount: min,
        ...termOf(5, input.startDate),
        rule: 'Importância segurada de ao menos o valor do débito, com vigência mínima de 5 anos.',
        legalBasis: 'Portaria PGFN 2.044/2024',
      };
    }
  }
};

export type ObligationCheckInput = ObligationInput & {
  insuredAmount?: DecimalInput | null;
  endDate?: DateInput | null;
};

export type ObligationWarning = { Code: string; Message: string };

/** The ways the proposal falls short of (or goes beyond) the obligation's rule; empty when it fits. */
export const checkObligation = (input: ObligationCheckInput): ObligationWarning[] => {
  const s = suggestObligation(input);
  const warnings: ObligationWarning[] = [];
  if (input.insuredAmount !== null && input.insuredAmount !== undefined) {
    const is = toDec(input.insuredAmount);
    if (s.maxInsuredAmount !== null && is.greaterThan(toDec(s.maxInsuredAmount))) {
      const what =
        input.typeId === ObligationType.BID
          ? 'do valor estimado da contratação'
          : `do valor do contrato (${formatMoney(input.value)})`;
      const share = input.typeId === ObligationType.BID ? '1' : tierPercent[input.tierId ?? 1];
      warnings.push({
        Code: 'InsuredAmountAboveLegalShare',
        Message: `A importância segurada de ${formatMoney(is)} excede ${share}% ${what}: o máximo é ${formatMoney(s.maxInsuredAmount)} (${s.legalBasis}).`,
      });
    }
    if (s.minInsuredAmount !== null && is.lessThan(toDec(s.minInsuredAmount))) {
      warnings.push({
        Code: 'InsuredAmountBelowRequired',
        Message:
          input.typeId === ObligationType.LABOR_JUDICIAL
            ? `A importância segurada deve ser de ao menos ${formatMoney(s.minInsuredAmount)} (valor do débito acrescido de 30%).`
            : `A importância segurada deve ser de ao menos ${formatMoney(s.minInsuredAmount)} (valor do débito).`,
      });
    }
  }
  if (s.minEndDate && input.endDate && toIsoDate(input.endDate) < s.minEndDate) {
    warnings.push({
      Code: 'TermBelowRequired',
      Message: `A vigência deve ser de ao menos ${s.minTermYears} anos: o fim de vigência deve ser a partir de ${formatDate(s.minEndDate)} (${s.legalBasis}).`,
    });
  }
  return warnings;
};

/** Whether a value is an obligation type id. */
export const isObligationTypeId = (value: unknown): value is ObligationTypeId =>
  typeof value === 'number' && Object.hasOwn(obligationTypeLabels, value);

export const isPublicContractTierId = (value: unknown): value is PublicContractTierId =>
  typeof value === 'number' && Object.hasOwn(publicContractTierLabels, value);
