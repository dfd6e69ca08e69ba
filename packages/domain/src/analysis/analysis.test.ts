import { describe, expect, it } from 'vitest';
import { isPepActive, matchPep, parsePepCsv, pepCpfDigits } from './pep.js';
import { cessionPlan } from './reinsurance.js';

describe('reinsurance cession plan', () => {
  it('should cede nothing when the IS fits the retention', () => {
    expect(cessionPlan('800000', '1000000')).toMatchObject({
      retained: '800000.00',
      ceded: '0.00',
      needsCession: false,
    });
  });

  it('should offer 40 % of the cession to local reinsurers and cap eventual ones at 10 % when the IS passes the retention', () => {
    expect(cessionPlan('3500000.55', '1000000')).toEqual({
      insuredAmount: '3500000.55',
      retention: '1000000.00',
      retained: '1000000.00',
      ceded: '2500000.55',
      localOffered: '1000000.22',
      eventualMax: '250000.06',
      admitted: '1250000.27',
      needsCession: true,
    });
  });

  it('should refuse a local share under 40 % or an eventual share over 10 %', () => {
    expect(() => cessionPlan('2000000', '1000000', { localShare: '0.39' })).toThrow(/40%/);
    expect(() => cessionPlan('2000000', '1000000', { eventualShare: '0.11' })).toThrow(/10%/);
    expect(cessionPlan('2000000', '1000000', { localShare: '0.6', eventualShare: '0' })).toMatchObject({
      localOffered: '600000.00',
      eventualMax: '0.00',
      admitted: '400000.00',
    });
  });
});

describe('PEP list', () => {
  const csv = [
    'CPF;Nome_PEP;Sigla_Função;Descrição_Função;Nível_Função;Nome_Órgão;Data_Início_Exercício;Data_Fim_Exercício;Data_Fim_Carência',
    '***.456.789-**;JOSÉ DA SILVA;PREF;PREFEITO;;PREFEITURA DE ITU;01/01/2017;31/12/2020;31/12/2025',
    '***.111.222-**;MARIA SOUZA;DEP;DEPUTADA FEDERAL;;CÂMARA DOS DEPUTADOS;01/02/2023;;',
    '123;SEM CPF;;;;;;;',
  ].join('\n');

  it('should read the federal list format and report unreadable lines', () => {
    const r = parsePepCsv(csv);
    expect(r.entries).toHaveLength(2);
    expect(r.entries[0]).toMatchObject({
      maskedCpf: '***.456.789-**',
      cpfDigits: '456789',
      role: 'PREFEITO',
      organ: 'PREFEITURA DE ITU',
      startDate: '2017-01-01',
      endDate: '2020-12-31',
    });
    expect(r.entries[1]!.endDate).toBeNull();
    expect(r.errors).toEqual([{ line: 4, message: 'CPF inválido: 123.' }]);
    expect(parsePepCsv('a;b\n1;2').errors[0]!.message).toMatch(/CPF/);
  });

  it('should match on the visible CPF digits and the name, for 5 years after leaving office', () => {
    const list = parsePepCsv(csv).entries;
    expect(pepCpfDigits('123.456.789-09')).toBe('456789');
    expect(matchPep({ cpf: '123.456.789-09', name: 'Jose da Silva' }, list, '2025-06-01')).toHaveLength(1);
    expect(matchPep({ cpf: '123.456.789-09', name: 'José Santos' }, list, '2025-06-01')).toHaveLength(0);
    expect(matchPep({ cpf: '999.456.788-09', name: 'José da Silva' }, list, '2025-06-01')).toHaveLength(0);
    expect(matchPep({ cpf: '123.456.789-09', name: 'José da Silva' }, list, '2026-01-01')).toHaveLength(0);
    expect(isPepActive({ endDate: '2020-12-31' }, '2025-12-31')).toBe(true);
    expect(isPepActive({ endDate: null }, '2090-01-01')).toBe(true);
  });
});
