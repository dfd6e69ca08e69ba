import { describe, expect, it } from 'vitest';
import { validateInstallmentDraft } from '../pages/payments-page.js';
import { validateCoverageDraft } from './modality-coverages-tab.js';
import { validateDocumentDraft } from './modality-documents-tab.js';
import { validateClauseDraft } from './terms-and-clauses.js';

const coverage = {
  Name: 'Cobertura adicional de multas',
  Description: '',
  IsAdditional: true,
  InsuredAmountPercentage: '100',
  Rate: '0',
};

const installment = {
  Code: 'PARC3',
  Name: 'Até 3 parcelas',
  MinimumInstallmentValue: '100',
  MaximumInstallments: 3,
  GracePeriodsInDays: ['0', '30'],
  PaymentMethods: ['boleto'],
  FirstDueDays: 5,
  IsActive: true,
};

describe('parameterisation dialogs', () => {
  it("should put the coverage contract's messages on its fields", () => {
    expect(validateCoverageDraft(coverage)).toEqual({});
    expect(
      validateCoverageDraft({ ...coverage, Name: '  ', Rate: '150', InsuredAmountPercentage: '' }),
    ).toEqual({
      Name: 'Informe o nome da cobertura.',
      Rate: 'O valor não pode ser maior que 100',
    });
  });

  it("should put the requested document contract's messages on its fields", () => {
    const document = {
      Name: 'Contrato da obra',
      Description: '',
      RequestDocumentTypeId: '3',
      PipeTypeId: '1',
      IsRequired: true,
    };
    expect(validateDocumentDraft(document)).toEqual({});
    expect(validateDocumentDraft({ ...document, Name: '', Description: 'x'.repeat(2001) })).toEqual({
      Name: 'Informe o nome do documento.',
      Description: 'A descrição deve ter no máximo 2000 caracteres.',
    });
  });

  it('should show a grace period out of range and a missing payment method on their fields', () => {
    expect(validateInstallmentDraft(installment)).toEqual({});
    expect(
      validateInstallmentDraft({
        ...installment,
        Code: '',
        GracePeriodsInDays: ['30', '400'],
        PaymentMethods: [],
        MaximumInstallments: 30,
      }),
    ).toEqual({
      Code: 'Informe o código.',
      MaximumInstallments: 'O valor não pode ser maior que 24',
      GracePeriodsInDays: 'O valor não pode ser maior que 365',
      PaymentMethods: 'Informe ao menos uma forma de pagamento.',
    });
  });

  it('should take an emptied editor as no text when checking a clause', () => {
    expect(validateClauseDraft({ Title: 'Vigência', Text: '<p>Texto</p>' })).toEqual({});
    expect(validateClauseDraft({ Title: ' ', Text: '<p></p>' })).toEqual({
      Title: 'Informe o título da cláusula.',
      Text: 'Informe o texto da cláusula.',
    });
  });
});
