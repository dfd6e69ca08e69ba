/**
 * Client-side rules of spec §4 for the financial recalculation, as pure functions over the
 * proposal's financial state (field names as the spec's payload writes them).
 */

/** The proposal's financial fields that the state and the update payload share. */
type FinancialFields = {
  ProposalUniqueId?: string;
  PolicyHolderUniqueId?: string;
  ProposalStartDate?: string;
  ProposalEndDate?: string;
  DeadlineDays?: number;
  InsuredAmountValue?: number | string;
  ComissionValue?: number | string | null;
  ComissionPercentage?: number | string | null;
  Tax?: number | string | null;
  InsurancePremium?: number | string | null;
  MinInsurancePremium?: number | string | null;
};

export type FinancialState = FinancialFields & {
  NumberOfInstallment?: number | null;
  GracePeriod?: number | null;
  UpdatedDate?: string;
  isEditing?: boolean;
};

export type FinancialResponse = {
  Tax: number | string;
  InsurancePremium: number | string;
  ComissionValue: number | string;
  ComissionPercentage: number | string;
  InstallmentResult?: { PossibleGracePeriodsInDays?: readonly number[] | null } | null;
};

/**
 * Success: take the response's values; installments become 1 when empty or 0; the grace period
 * becomes the first possible one, or unset when there is none; editing mode turns off.
 */
export const applyFinancialSuccess = <S extends FinancialState>(
  state: S,
  response: FinancialResponse,
): S => ({
  ...state,
  Tax: response.Tax,
  InsurancePremium: response.InsurancePremium,
  ComissionValue: response.ComissionValue,
  ComissionPercentage: response.ComissionPercentage,
  NumberOfInstallment: state.NumberOfInstallment ? state.NumberOfInstallment : 1,
  GracePeriod: response.InstallmentResult?.PossibleGracePeriodsInDays?.[0] ?? undefined,
  isEditing: false,
});

/** Failure: the financial data is restored to the rollback snapshot with a new updated date. */
export const applyFinancialFailure = <S extends FinancialState>(
  snapshot: S,
  now: Date | string = new Date(),
): S => ({
  ...snapshot,
  UpdatedDate: typeof now === 'string' ? now : now.toISOString(),
});

const hasTax = (state: FinancialState | null | undefined): boolean =>
  state !== null && state !== undefined && state.Tax !== undefined && state.Tax !== null && state.Tax !== '';

/** The snapshot is stored once only: when the current snapshot has no Tax yet. */
export const nextRollbackSnapshot = <S extends FinancialState>(
  current: S,
  snapshot: S | null | undefined,
): S => (hasTax(snapshot) ? (snapshot as S) : { ...current });

export type FinancialUpdatePayload = FinancialFields & {
  FirstComissionValue?: number | string | null;
  FirstComissionPercentage?: number | string | null;
  FirstTax?: number | string | null;
  FirstInsurancePremium?: number | string | null;
  CalculatePerComissionPercentage: boolean;
  CalculatePerRiskRate: boolean;
};

/** Builds the financial update payload; the First-value copies come from the rollback snapshot. */
export const buildFinancialUpdatePayload = (
  state: FinancialState,
  snapshot: FinancialState | null | undefined,
  mode: { calculatePerComissionPercentage?: boolean; calculatePerRiskRate?: boolean } = {},
): FinancialUpdatePayload => {
  const first = snapshot ?? state;
  return {
    ProposalUniqueId: state.ProposalUniqueId,
    PolicyHolderUniqueId: state.PolicyHolderUniqueId,
    ProposalStartDate: state.ProposalStartDate,
    ProposalEndDate: state.ProposalEndDate,
    DeadlineDays: state.DeadlineDays,
    InsuredAmountValue: state.InsuredAmountValue,
    ComissionValue: state.ComissionValue,
    ComissionPercentage: state.ComissionPercentage,
    Tax: state.Tax,
    InsurancePremium: state.InsurancePremium,
    MinInsurancePremium: state.MinInsurancePremium,
    FirstComissionValue: first.ComissionValue,
    FirstComissionPercentage: first.ComissionPercentage,
    FirstTax: first.Tax,
    FirstInsurancePremium: first.InsurancePremium,
    CalculatePerComissionPercentage: mode.calculatePerComissionPercentage ?? true,
    CalculatePerRiskRate: mode.calculatePerRiskRate ?? false,
  };
};
