import { describe, expect, it } from 'vitest';
import { EndorsementType, endorsementCardType, reasonsOfType } from './endorsement-catalogues.js';
import {
  cancellationPremiumDifference,
  changedFields,
  changePremiumDifference,
  type PolicyTerms,
} from './premium-difference.js';

// 365 days, IS R$ 1.000.000,00 at 1% a year: premium R$ 10.000,00 with 20% commission.
const policy: PolicyTerms = {
  startDate: '2025-01-01',
  endDate: '2026-01-01',
  insuredAmount: '1000000',
  insurancePremium: '10000',
  tax: '1',
  comissionPercentage: '20',
};
// 2025-07-02 leaves 183 of the 365 days.
const effectiveDate = '2025-07-02';

describe('endorsement premium difference (pro rata, worked examples)', () => {
  it('should charge the extra premium of an IS increase over the remaining days when the IS goes up', () => {
    const d = changePremiumDifference(policy, { effectiveDate, insuredAmount: '1500000' });
    // 500.000 × 1% × 183/365 = 2.506,849… → 2.506,85
    expect(d.kind).toBe('extra');
    expect(d.remainingDays).toBe(183);
    expect(d.extraPremium.toFixed(2)).toBe('2506.85');
    expect(d.commissionOnExtra.toFixed(2)).toBe('501.37');
    expect(d.newInsurancePremium.toFixed(2)).toBe('12506.85');
    expect(d.newComissionValue.toFixed(2)).toBe('2501.37');
    expect(d.restitution.toFixed(2)).toBe('0.00');
  });

  it('should charge the added days at the commercial rate when the term is extended', () => {
    const d = changePremiumDifference(policy, { effectiveDate, endDate: '2026-07-01' });
    // 1.000.000 × 1% × 181/365 = 4.958,904… → 4.958,90
    expect(d.newRemainingDays).toBe(364);
    expect(d.extraPremium.toFixed(2)).toBe('4958.90');
  });

  it('should charge IOF on the extra premium when the branch has a rate', () => {
    const d = changePremiumDifference(policy, {
      effectiveDate,
      insuredAmount: '1500000',
      iofPercentage: '7.38',
    });
    expect(d.iofValue.toFixed(2)).toBe('185.01');
  });

  it("should restitute net of the policy's acquisition cost (its commission) when the IS goes down", () => {
    const d = changePremiumDifference(policy, {
      effectiveDate,
      insuredAmount: '600000',
      acquisitionCostPercentage: '20',
    });
    // 400.000 × 1% × 183/365 = 2.005,479… → 2.005,48; its 20% commission kept = 401,10
    expect(d.kind).toBe('restitution');
    expect(d.unearnedPremium.toFixed(2)).toBe('2005.48');
    expect(d.acquisitionCostsKept.toFixed(2)).toBe('401.10');
    expect(d.restitution.toFixed(2)).toBe('1604.38');
    expect(d.extraPremium.toFixed(2)).toBe('0.00');
    expect(d.newInsurancePremium.toFixed(2)).toBe('7994.52');
  });

  it('should give nothing back nor charge when only the object changes', () => {
    const d = changePremiumDifference(policy, { effectiveDate });
    expect(d.kind).toBe('none');
    expect(d.extraPremium.toFixed(2)).toBe('0.00');
  });

  it('should restitute the premium paid pro rata to the remaining days when the policy is cancelled', () => {
    const d = cancellationPremiumDifference(policy, { effectiveDate, acquisitionCostPercentage: '20' });
    // 10.000 × 183/365 = 5.013,698… → 5.013,70; its 20% commission kept = 1.002,74
    expect(d.unearnedPremium.toFixed(2)).toBe('5013.70');
    expect(d.acquisitionCostsKept.toFixed(2)).toBe('1002.74');
    expect(d.restitution.toFixed(2)).toBe('4010.96');
    expect(d.newInsurancePremium.toFixed(2)).toBe('4986.30');
  });

  it('should restitute the whole premium net of costs when cancelled before the start', () => {
    const d = cancellationPremiumDifference(policy, {
      effectiveDate: '2024-12-01',
      acquisitionCostPercentage: '10',
    });
    expect(d.remainingDays).toBe(365);
    expect(d.restitution.toFixed(2)).toBe('9000.00');
  });

  it('should restitute nothing when cancelled after the end', () => {
    const d = cancellationPremiumDifference(policy, { effectiveDate: '2026-02-01' });
    expect(d.kind).toBe('none');
    expect(d.restitution.toFixed(2)).toBe('0.00');
  });
});

describe('endorsement comparison and catalogues', () => {
  it('should keep only the changed fields when comparing', () => {
    const labels = { IS: 'Importância segurada', End: 'Fim de vigência', Object: 'Objeto' };
    expect(
      changedFields(
        { IS: '1000.00', End: '2026-01-01', Object: 'a' },
        { IS: '2000.00', End: '2026-01-01' },
        labels,
      ),
    ).toEqual([{ Field: 'IS', Label: 'Importância segurada', OldValue: '1000.00', NewValue: '2000.00' }]);
  });

  it('should map each type to its card and reasons', () => {
    expect(endorsementCardType(EndorsementType.CANCELAMENTO)).toBe('ENDOSSO_CANCELAMENTO');
    expect(endorsementCardType(EndorsementType.ALTERACAO)).toBe('ENDOSSO_ALTERACAO');
    expect(reasonsOfType(2).every((r) => r.typeId === 2)).toBe(true);
  });
});
