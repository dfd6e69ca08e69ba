import { describe, expect, it } from 'vitest';
import { sroIntermediaryReason, sroRejectionReasons } from './sro.js';

describe('SRO rejection reasons', () => {
  const alfa = {
    name: 'Corretora Alfa Ltda',
    position: 1,
    susepCode: '10.2001234.5',
    document: '11222333000181',
  };

  it('should name the intermediary at fault, say what SUSEP says and what to do', () => {
    expect(sroIntermediaryReason('SRO-031', alfa)).toBe(
      'Corretora Alfa Ltda (código SUSEP 10.2001234.5): código não consta no cadastro de corretores da SUSEP. ' +
        'Corrija o registro SUSEP no cadastro da corretora e reenvie.',
    );
    expect(sroIntermediaryReason('SRO-032', alfa)).toContain(
      'código cadastrado na SUSEP para outro CPF/CNPJ, não para 11.222.333/0001-81.',
    );
    expect(sroIntermediaryReason('SRO-032', { ...alfa, document: '52998224725' })).toContain(
      'não para 529.982.247-25.',
    );
    expect(sroIntermediaryReason('SRO-030', { ...alfa, susepCode: 'SUSEP-PENDENTE' })).toMatch(
      /^Corretora Alfa Ltda \(código SUSEP SUSEP-PENDENTE\): não é um código SUSEP/,
    );
  });

  it('should fall back to the position without a name, and leave other codes to the generic reasons', () => {
    expect(sroIntermediaryReason('SRO-031', { ...alfa, name: null, position: 2 })).toMatch(
      /^Intermediário 2 \(código SUSEP 10\.2001234\.5\): /,
    );
    expect(sroIntermediaryReason('SRO-010', alfa)).toBeUndefined();
    for (const code of ['SRO-030', 'SRO-031', 'SRO-032']) expect(sroRejectionReasons[code]).toBeTruthy();
  });
});
