import { describe, expect, it } from 'vitest';
import { branchText } from './products.js';

describe('branchText', () => {
  it('should name a property branch and keep a surety branch code as people read it', () => {
    expect(branchText('NamedRisk')).toBe('Riscos Nomeados');
    expect(branchText('RC')).toBe('Compreensivo Empresarial');
    expect(branchText('0775')).toBe('0775');
  });
});
