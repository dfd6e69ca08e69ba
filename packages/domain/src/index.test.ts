import { describe, expect, it } from 'vitest';
import * as domain from './index.js';

describe('public API', () => {
  it('should re-export every module from the package entry', () => {
    for (const name of [
      'Permission',
      'UserType',
      'ProposalStatus',
      'policyStatusColors',
      'cardDetailTitles',
      'validateCpfCnpj',
      'generateCnpj',
      'formatMoney',
      'parseDateBr',
      'moneyInWords',
      'calculateFinancials',
      'calculateInstallments',
      'applyFinancialSuccess',
      'renderTags',
      'replaceCompanyTags',
      'buildBoleto',
      'parseDigitableLine',
      'canTransition',
      'validateMinInsuredAmount',
    ]) {
      expect(domain).toHaveProperty(name);
    }
  });

  it('should format money amounts for the wire as fixed 2-decimal strings', () => {
    expect(domain.toMoneyString('1234.565')).toBe('1234.57');
    expect(domain.toMoneyString(new domain.Dec('0.1').plus('0.2'))).toBe('0.30');
    expect(domain.isDecimalString(' -12.50 ')).toBe(true);
    expect(domain.isDecimalString('1,5')).toBe(false);
    expect(domain.roundRate('1.23456789').toString()).toBe('1.234568');
  });
});
