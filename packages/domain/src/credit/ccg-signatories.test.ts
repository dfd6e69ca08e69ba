import { describe, expect, it } from 'vitest';
import { CcgSignatoryRole } from '../catalogues/ccg-statuses.js';
import { ccgSignatoryProblems } from './ccg-signatories.js';

const partner = { name: 'Ana Sócia', cpf: '529.982.247-25', roleId: CcgSignatoryRole.SOCIO_COM_PODERES };
const guarantor = { name: 'Bruno Avalista', cpf: '111.444.777-35', roleId: CcgSignatoryRole.AVALISTA };
const spouse = {
  name: 'Carla Cônjuge',
  cpf: '390.533.447-05',
  roleId: CcgSignatoryRole.CONJUGE_DO_AVALISTA,
  spouseOfCpf: '11144477735',
};

describe('ccgSignatoryProblems', () => {
  it('should accept a partner with powers and a married guarantor with the spouse', () => {
    expect(ccgSignatoryProblems([partner, { ...guarantor, married: true }, spouse])).toEqual([]);
  });

  it('should ask for a partner with powers when there is none', () => {
    expect(ccgSignatoryProblems([guarantor])).toEqual([
      'Informe ao menos um sócio com poderes para assinar o CCG.',
    ]);
  });

  it('should ask for the spouse of a married individual guarantor', () => {
    expect(ccgSignatoryProblems([partner, { ...guarantor, married: true }])).toEqual([
      'O cônjuge do avalista Bruno Avalista também deve assinar o CCG.',
    ]);
  });

  it('should refuse a spouse of nobody, an invalid CPF and a repeated CPF', () => {
    expect(
      ccgSignatoryProblems([
        partner,
        { ...spouse, spouseOfCpf: '52998224725' },
        { ...partner, name: 'Ana de Novo' },
        { ...guarantor, cpf: '123' },
      ]),
    ).toEqual([
      'Ana de Novo: CPF repetido entre os signatários.',
      expect.stringMatching(/^Bruno Avalista: /),
      'Carla Cônjuge: informe o avalista de quem é cônjuge.',
    ]);
  });
});
