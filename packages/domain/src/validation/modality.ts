import { type DecimalInput, toDec } from '../shared/decimal.js';

/** The limits of a modality that must agree with each other. */
export type ModalityLimits = {
  minInsuredAmount: DecimalInput | null;
  maxInsuredAmount: DecimalInput | null;
  automaticApprovalLimit: DecimalInput | null;
  minCommissionPercentage: DecimalInput;
  maxCommissionPercentage: DecimalInput;
  minPeriodDays: number;
  maxPeriodDays: number;
  automaticCancel: boolean;
  daysAfterDueDate: number | null;
};

/** Every broken consistency rule of a modality's limits, as pt-BR messages (empty when consistent). */
export const modalityLimitErrors = (v: ModalityLimits): string[] => {
  const errors: string[] = [];
  if (v.minPeriodDays > v.maxPeriodDays)
    errors.push('O prazo mínimo em dias não pode ser maior que o prazo máximo.');
  if (
    v.minInsuredAmount &&
    v.maxInsuredAmount &&
    toDec(v.minInsuredAmount).greaterThan(toDec(v.maxInsuredAmount))
  )
    errors.push('O valor mínimo da importância segurada não pode ser maior que o máximo.');
  if (
    v.automaticApprovalLimit &&
    v.maxInsuredAmount &&
    toDec(v.automaticApprovalLimit).greaterThan(toDec(v.maxInsuredAmount))
  )
    errors.push(
      'O limite de aprovação automática não pode ser maior que o valor máximo da importância segurada.',
    );
  if (toDec(v.minCommissionPercentage).greaterThan(toDec(v.maxCommissionPercentage)))
    errors.push('A comissão mínima não pode ser maior que a comissão máxima.');
  if (v.automaticCancel && !(v.daysAfterDueDate && v.daysAfterDueDate > 0))
    errors.push('Informe os dias após o vencimento para o cancelamento automático.');
  return errors;
};
