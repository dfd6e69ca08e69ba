import { describe, expect, it } from 'vitest';
import { type ModalityLimits, modalityLimitErrors } from './modality.js';

const valid: ModalityLimits = {
  minInsuredAmount: '1000.00',
  maxInsuredAmount: '5000000.00',
  automaticApprovalLimit: '1000000.00',
  minCommissionPercentage: '10',
  maxCommissionPercentage: '30',
  minPeriodDays: 30,
  maxPeriodDays: 1825,
  automaticCancel: true,
  daysAfterDueDate: 15,
};

describe('modalityLimitErrors', () => {
  it('should accept consistent limits and limits left open', () => {
    expect(modalityLimitErrors(valid)).toEqual([]);
    expect(
      modalityLimitErrors({
        ...valid,
        minInsuredAmount: null,
        maxInsuredAmount: null,
        automaticApprovalLimit: null,
        automaticCancel: false,
        daysAfterDueDate: null,
      }),
    ).toEqual([]);
  });

  it('should list every broken rule when the limits disagree', () => {
    expect(
      modalityLimitErrors({
        ...valid,
        minPeriodDays: 400,
        maxPeriodDays: 365,
        minInsuredAmount: '10000.01',
        maxInsuredAmount: '10000.00',
        automaticApprovalLimit: '20000',
        minCommissionPercentage: '30.5',
        daysAfterDueDate: 0,
      }),
    ).toEqual([
      'O prazo mínimo em dias não pode ser maior que o prazo máximo.',
      'O valor mínimo da importância segurada não pode ser maior que o máximo.',
      'O limite de aprovação automática não pode ser maior que o valor máximo da importância segurada.',
      'A comissão mínima não pode ser maior que a comissão máxima.',
      'Informe os dias após o vencimento para o cancelamento automático.',
    ]);
  });

  it('should compare amounts as decimals, not as text', () => {
    expect(
      modalityLimitErrors({
        ...valid,
        minInsuredAmount: '900',
        maxInsuredAmount: '10000',
        automaticApprovalLimit: '9000',
      }),
    ).toEqual([]);
  });
});
