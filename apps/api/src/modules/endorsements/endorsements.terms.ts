import type { ComparedFieldView, EndorsementPayload, PremiumDifferenceView } from '@aval/contracts';
import {
  acquisitionCostPercentageOf,
  cancellationPremiumDifference,
  changedFields,
  changePremiumDifference,
  daysBetween,
  EndorsementChangeType,
  EndorsementType,
  endorsementMessages,
  formatDate,
  formatMoney,
  type PremiumDifference,
  toDec,
  toEpochDay,
  toMoneyString,
} from '@aval/domain';
import { unprocessable } from '../../lib/errors.js';
import * as policies from '../policies/index.js';
import type * as repo from './endorsements.repository.js';
import type { EndorsementTerms } from './endorsements.table.js';

/**
 * An endorsement's terms and premium: the policy's terms before and after, the fields that changed,
 * and the premium difference (to pay or to restore) as calculated and as stored.
 */

type Row = repo.EndorsementRow;
type Policy = policies.PolicyRow;

/** The policy's terms as an endorsement records them (before and after). */
export const termsOf = (p: Policy): EndorsementTerms => ({
  InsuredAmountValue: toMoneyString(p.insuredAmount),
  StartDate: p.startDate,
  EndDate: p.endDate,
  DeadlineDays: p.deadlineDays,
  Object: p.objectText,
  ParticularClausule: null,
  PolicyHolderName: p.policyHolderName,
  InsuredName: p.insuredName,
});

/** The pt-BR label of each term (the comparison and the endorsement's PDF). */
export const compareLabels: Record<string, string> = {
  InsuredAmountValue: 'Importância segurada',
  EndDate: 'Fim de vigência',
  DeadlineDays: 'Prazo (dias)',
  Object: 'Objeto',
  ParticularClausule: 'Cláusula particular',
  PolicyHolderName: 'Tomador',
  InsuredName: 'Segurado',
};

const asStrings = (t: EndorsementTerms) =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v === null ? null : String(v)]));

/** A term's value as people read it (amounts in reais, dates DD/MM/YYYY, days with their unit). */
export const shownTerm = (field: string, v: string | null) => {
  if (v === null || v === '') return null;
  if (field === 'InsuredAmountValue') return formatMoney(v);
  if (field === 'StartDate' || field === 'EndDate') return formatDate(v);
  if (field === 'DeadlineDays') return `${v} dias`;
  return v;
};

/** Only the fields that changed (spec §5). */
export const compareTerms = (before: EndorsementTerms, after: EndorsementTerms): ComparedFieldView[] =>
  changedFields(asStrings(before), asStrings(after), compareLabels);

/** The policy's terms after the endorsement asked for (checks the inputs). */
export const requestedTerms = (policy: Policy, p: EndorsementPayload): EndorsementTerms => {
  const before = termsOf(policy);
  if (p.EndorsementTypeId === EndorsementType.CANCELAMENTO) return { ...before };
  const changes = new Set(p.EndorsementChangeTypeIds);
  const after = { ...before };
  if (changes.has(EndorsementChangeType.IS) && p.InsuredAmountValue !== undefined) {
    if (toDec(p.InsuredAmountValue).lessThanOrEqualTo(0))
      throw unprocessable(endorsementMessages.invalidInsuredAmount);
    after.InsuredAmountValue = toMoneyString(p.InsuredAmountValue);
  }
  if (changes.has(EndorsementChangeType.VIGENCIA) && p.EndDate) {
    if (toEpochDay(p.EndDate) <= toEpochDay(policy.startDate))
      throw unprocessable(endorsementMessages.endBeforeStart);
    if (toEpochDay(p.EndDate) < toEpochDay(policy.endDate))
      throw unprocessable(endorsementMessages.shorterTerm);
    after.EndDate = p.EndDate;
    after.DeadlineDays = daysBetween(policy.startDate, p.EndDate);
  }
  if (changes.has(EndorsementChangeType.OBJETO)) {
    const object = p.EndorsementObject ?? p.ContractualTerms?.Object;
    if (object) after.Object = object;
    if (p.ContractualTerms?.ParticularClausule)
      after.ParticularClausule = p.ContractualTerms.ParticularClausule;
  }
  if (changes.has(EndorsementChangeType.PARTES)) {
    if (p.PolicyHolder?.Name) after.PolicyHolderName = p.PolicyHolder.Name;
    if (p.Insured?.Name && policy.insuredId) after.InsuredName = p.Insured.Name;
  }
  if (compareTerms(before, after).length === 0) throw unprocessable(endorsementMessages.nothingChanged);
  return after;
};

/** The premium difference of the endorsement from the effective date (cancellation or change). */
export const premiumOf = (policy: Policy, typeId: number, after: EndorsementTerms, effectiveDate: string) => {
  const terms = {
    startDate: policy.startDate,
    endDate: policy.endDate,
    insuredAmount: policy.insuredAmount,
    insurancePremium: policy.insurancePremium,
    tax: policy.tax ?? '0',
    comissionPercentage: policy.comissionPercentage ?? '0',
    comissionValue: policy.comissionValue,
    iofValue: policy.iofValue,
    movements: policies.premiumMovementsOf(policy),
  };
  const acquisitionCostPercentage = acquisitionCostPercentageOf(policy);
  return typeId === EndorsementType.CANCELAMENTO
    ? cancellationPremiumDifference(terms, { effectiveDate, acquisitionCostPercentage })
    : changePremiumDifference(terms, {
        effectiveDate,
        insuredAmount: after.InsuredAmountValue,
        endDate: after.EndDate,
        acquisitionCostPercentage,
      });
};

/** A calculated premium difference as the wire shows it. */
export const premiumView = (
  policy: Policy,
  d: PremiumDifference,
  effectiveDate: string,
): PremiumDifferenceView => ({
  Kind: d.kind,
  EffectiveDate: effectiveDate,
  RemainingDays: d.remainingDays,
  NewRemainingDays: d.newRemainingDays,
  Tax: policy.tax ?? '0',
  ExtraPremium: d.extraPremium.toFixed(2),
  IOFValue: d.iofValue.toFixed(2),
  CommissionOnExtra: d.commissionOnExtra.toFixed(2),
  UnearnedPremium: d.unearnedPremium.toFixed(2),
  AcquisitionCostPercentage: acquisitionCostPercentageOf(policy),
  AcquisitionCostsKept: d.acquisitionCostsKept.toFixed(2),
  Restitution: d.restitution.toFixed(2),
  CurrentInsurancePremium: toMoneyString(policy.insurancePremium),
  NewInsurancePremium: d.newInsurancePremium.toFixed(2),
  NewComissionValue: d.newComissionValue.toFixed(2),
});

/** The premium difference stored with an endorsement, as the wire shows it. */
export const storedPremiumView = (r: Row): PremiumDifferenceView => ({
  Kind: r.premiumKind as PremiumDifferenceView['Kind'],
  EffectiveDate: r.effectiveDate,
  RemainingDays: r.remainingDays,
  NewRemainingDays: r.newRemainingDays,
  Tax: r.tax,
  ExtraPremium: r.extraPremium,
  IOFValue: r.iofValue,
  CommissionOnExtra: r.commissionOnExtra,
  UnearnedPremium: r.unearnedPremium,
  AcquisitionCostPercentage: r.acquisitionCostPercentage,
  AcquisitionCostsKept: r.acquisitionCostsKept,
  Restitution: r.restitution,
  CurrentInsurancePremium: r.currentInsurancePremium,
  NewInsurancePremium: r.newInsurancePremium,
  NewComissionValue: r.newComissionValue,
});
