import { describe, expect, it } from 'vitest';
import { validationInputs } from './validation-inputs.js';

describe('validationInputs', () => {
  it('should label and format what the credit and registration validations considered, in Portuguese', () => {
    expect(
      validationInputs({
        InsuredAmount: '200000.00',
        Available: '1500000.00',
        Rate: '1.500000',
        EconomicGroup: null,
        PolicyHolderComplete: true,
        RequiredDocumentsNotConforme: ['Contrato ou edital', 'Demonstrações financeiras'],
        BranchActivityStatusId: 2,
        StartDate: '2026-12-01',
        CardType: 'ANALISE_CCG',
        UserId: 7,
      }),
    ).toEqual([
      { label: 'Importância segurada', value: 'R$ 200.000,00' },
      { label: 'Limite disponível', value: 'R$ 1.500.000,00' },
      { label: 'Taxa do tomador na modalidade', value: '1,50% a.a.' },
      { label: 'Grupo econômico', value: '—' },
      { label: 'Cadastro do tomador completo', value: 'Sim' },
      {
        label: 'Documentos obrigatórios não conformes',
        value: 'Contrato ou edital; Demonstrações financeiras',
      },
      { label: 'Ramo de atividade', value: 'Aceito' },
      { label: 'Início de vigência', value: '01/12/2026' },
      { label: 'Card', value: 'Análise de CCG' },
    ]);
  });

  it('should format nested values (an economic group, PEP matches) without JSON', () => {
    const [group] = validationInputs({
      EconomicGroup: { Name: 'Grupo Horizonte', Limit: '6000000.00', Available: '1500000.00' },
    });
    expect(group!.value).toBe('nome: Grupo Horizonte, limite: R$ 6.000.000,00, disponível: R$ 1.500.000,00');
  });
});
