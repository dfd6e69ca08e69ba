import { describe, expect, it } from 'vitest';
import { branchText, branchTitle } from './products.js';

describe('branchText', () => {
  it('should name a property branch and keep a surety branch code as people read it', () => {
    expect(branchText('NamedRisk')).toBe('Riscos Nomeados');
    expect(branchText('RC')).toBe('Compreensivo Empresarial');
    expect(branchText('0775')).toBe('0775');
  });
});

describe('branchTitle', () => {
  it('should title a surety branch by its SUSEP code and name, a property product by its name only', () => {
    expect(branchTitle('0775', 'Garantia Segurado - Setor Público')).toBe(
      '0775 – Garantia Segurado - Setor Público',
    );
    expect(branchTitle('NamedRisk', 'Riscos Nomeados')).toBe('Riscos Nomeados');
    expect(branchTitle('RC', 'Compreensivo Empresarial')).toBe('Compreensivo Empresarial');
  });
});
