import { describe, expect, it } from 'vitest';
import {
  calculateInstallments,
  type InstallmentParameters,
  maxInstallmentCount,
  possibleGracePeriods,
  splitInstallments,
} from './installments.js';
import {
  applyFinancialFailure,
  applyFinancialSuccess,
  buildFinancialUpdatePayload,
  type FinancialState,
  nextRollbackSnapshot,
} from './recalculation.js';

const parameters: InstallmentParameters = {
  minimumInstallmentValue: '100',
  maximumInstallments: 10,
  gracePeriodsInDays: [30, 0, 15, 30, 400],
};

describe('installments', () => {
  it('should cap the count by the maximum and by the minimum installment value', () => {
    expect(maxInstallmentCount('2000', parameters)).toBe(10);
    expect(maxInstallmentCount('350', parameters)).toBe(3);
    expect(maxInstallmentCount('50', parameters)).toBe(1);
    expect(maxInstallmentCount('5000', { ...parameters, minimumInstallmentValue: 0 })).toBe(10);
    expect(maxInstallmentCount('5000', { ...parameters, maximumInstallments: 0 })).toBe(1);
  });

  it('should split in whole cents with the remainder on the first installment', () => {
    expect(splitInstallments('100', 3)).toEqual([
      { Number: 1, Value: '33.34' },
      { Number: 2, Value: '33.33' },
      { Number: 3, Value: '33.33' },
    ]);
    expect(() => splitInstallments('100', 0)).toThrow(RangeError);
  });

  it('should offer sorted unique grace periods shorter than the term', () => {
    expect(possibleGracePeriods(parameters)).toEqual([0, 15, 30, 400]);
    expect(possibleGracePeriods(parameters, 365)).toEqual([0, 15, 30]);
  });

  it('should return PossibleGracePeriodsInDays and default to 1 installment when empty or 0', () => {
    const result = calculateInstallments({ totalPremium: '350', parameters, deadlineDays: 365 });
    expect(result.PossibleGracePeriodsInDays).toEqual([0, 15, 30]);
    expect(result.PossibleNumberOfInstallments).toEqual([1, 2, 3]);
    expect(result.NumberOfInstallment).toBe(1);
    expect(
      calculateInstallments({ totalPremium: '350', parameters, numberOfInstallment: 0 }).NumberOfInstallment,
    ).toBe(1);
    const five = calculateInstallments({ totalPremium: '350', parameters, numberOfInstallment: 5 });
    expect(five.NumberOfInstallment).toBe(3);
    expect(five.Installments.map((i) => i.Value)).toEqual(['116.68', '116.66', '116.66']);
  });
});

describe('financial recalculation client rules (spec §4)', () => {
  const state: FinancialState = {
    ProposalUniqueId: 'p1',
    InsuredAmountValue: 1000000,
    Tax: 1.1,
    InsurancePremium: 11000,
    ComissionValue: 2000,
    ComissionPercentage: 18,
    NumberOfInstallment: 0,
    GracePeriod: 15,
    isEditing: true,
  };
  const response = {
    Tax: 1.25,
    InsurancePremium: 12500,
    ComissionValue: 2500,
    ComissionPercentage: 20,
    InstallmentResult: { PossibleGracePeriodsInDays: [30, 60] },
  };

  it('should set installments to 1, grace period to the first possible and editing off when successful', () => {
    const next = applyFinancialSuccess(state, response);
    expect(next).toMatchObject({
      Tax: 1.25,
      InsurancePremium: 12500,
      NumberOfInstallment: 1,
      GracePeriod: 30,
    });
    expect(next.isEditing).toBe(false);
    expect(applyFinancialSuccess({ ...state, NumberOfInstallment: null }, response).NumberOfInstallment).toBe(
      1,
    );
    expect(applyFinancialSuccess({ ...state, NumberOfInstallment: 4 }, response).NumberOfInstallment).toBe(4);
  });

  it('should unset the grace period when successful with no possible grace period', () => {
    expect(
      applyFinancialSuccess(state, { ...response, InstallmentResult: { PossibleGracePeriodsInDays: [] } })
        .GracePeriod,
    ).toBeUndefined();
    expect(
      applyFinancialSuccess(state, { ...response, InstallmentResult: null }).GracePeriod,
    ).toBeUndefined();
  });

  it('should restore the rollback snapshot with a new updated date when failed', () => {
    const snapshot = { ...state, UpdatedDate: '2025-01-01T00:00:00.000Z' };
    const restored = applyFinancialFailure(snapshot, new Date('2025-06-01T12:00:00.000Z'));
    expect(restored).toEqual({ ...state, UpdatedDate: '2025-06-01T12:00:00.000Z' });
    expect(applyFinancialFailure(snapshot, '2025-07-01').UpdatedDate).toBe('2025-07-01');
    expect(applyFinancialFailure(snapshot).UpdatedDate).not.toBe(snapshot.UpdatedDate);
  });

  it('should store the snapshot once only when it has no Tax yet', () => {
    const first = nextRollbackSnapshot(state, undefined);
    expect(first).toEqual(state);
    expect(first).not.toBe(state);
    expect(nextRollbackSnapshot({ ...state, Tax: 9 }, first)).toBe(first);
    expect(nextRollbackSnapshot(state, { ...state, Tax: null }).Tax).toBe(1.1);
    expect(nextRollbackSnapshot(state, { ...state, Tax: '' })).toEqual(state);
  });

  it('should build the payload with First values from the snapshot and the default modes', () => {
    const payload = buildFinancialUpdatePayload({ ...state, Tax: 2 }, state);
    expect(payload).toMatchObject({
      Tax: 2,
      FirstTax: 1.1,
      FirstInsurancePremium: 11000,
      FirstComissionValue: 2000,
      FirstComissionPercentage: 18,
      CalculatePerComissionPercentage: true,
      CalculatePerRiskRate: false,
    });
    const byRate = buildFinancialUpdatePayload(state, undefined, {
      calculatePerComissionPercentage: false,
      calculatePerRiskRate: true,
    });
    expect(byRate).toMatchObject({
      FirstTax: 1.1,
      CalculatePerComissionPercentage: false,
      CalculatePerRiskRate: true,
    });
  });
});
