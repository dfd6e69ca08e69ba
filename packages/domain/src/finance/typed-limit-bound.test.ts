import { describe, expect, it } from 'vitest';
import { DEFAULT_TYPED_LIMIT_MULTIPLES, typedLimitAboveBound, typedLimitBound } from './typed-limit-bound.js';

const worked = { calculatedLimit: '15000000.00', equity: '10000000' };

describe('typedLimitBound (a limit typed on a limit review)', () => {
  it('should take the lesser of 3× the calculated limit and 2× the equity by default', () => {
    expect(typedLimitBound(worked, DEFAULT_TYPED_LIMIT_MULTIPLES)).toEqual({
      bound: '20000000.00',
      byCalculated: '45000000.00',
      byEquity: '20000000.00',
    });
    expect(
      typedLimitBound({ calculatedLimit: '1000000', equity: '10000000' }, { calculated: '1.5', equity: 1 }),
    ).toMatchObject({ bound: '1500000.00' });
  });

  it('should count a negative equity as zero and give no bound without a statement', () => {
    expect(
      typedLimitBound({ calculatedLimit: '0', equity: '-500' }, DEFAULT_TYPED_LIMIT_MULTIPLES).bound,
    ).toBe('0.00');
    expect(
      typedLimitBound({ calculatedLimit: null, equity: null }, DEFAULT_TYPED_LIMIT_MULTIPLES).bound,
    ).toBeNull();
  });

  it('should accept up to the bound and name the bound above it', () => {
    expect(typedLimitAboveBound('20000000', worked, DEFAULT_TYPED_LIMIT_MULTIPLES)).toBeNull();
    expect(typedLimitAboveBound('20000000.01', worked, DEFAULT_TYPED_LIMIT_MULTIPLES)).toBe(
      'O limite informado (R$ 20.000.000,01) passa do teto de R$ 20.000.000,00: o menor entre 3× o limite calculado (R$ 15.000.000,00) e 2× o patrimônio líquido (R$ 10.000.000,00).',
    );
    expect(
      typedLimitAboveBound('1', { calculatedLimit: null, equity: null }, DEFAULT_TYPED_LIMIT_MULTIPLES),
    ).toMatch(/^O limite informado \(R\$ 1,00\) não pode ser conferido/);
  });
});
