import type { PolicyHolderDetail } from '@aval/contracts';
import { describe, expect, it } from 'vitest';
import { usageChartRows } from './limits-tab.js';

type Limits = PolicyHolderDetail['LimitsAndRates'];

/** A holder whose economic group leaves less than its own limit (the case that used to disagree). */
const limits = {
  Global: { Limit: '10000000.00', Used: '4000000.00', Available: '6000000.00' },
  EconomicGroup: {
    Name: 'Grupo Horizonte',
    Members: 3,
    Limit: '8000000.00',
    Used: '7000000.00',
    Available: '1000000.00',
  },
  EffectiveAvailable: '1000000.00',
  Modalities: [
    {
      ModalityName: 'Executante construtor',
      BranchCode: '0775',
      Used: '3000000.00',
      Available: '1000000.00',
      HasOwnLimit: false,
    },
    {
      ModalityName: 'Judicial trabalhista',
      BranchCode: '0776',
      Used: '0.00',
      Available: '1000000.00',
      HasOwnLimit: false,
    },
    { ModalityName: 'Licitante', BranchCode: null, Used: '0.00', Available: '500000.00', HasOwnLimit: true },
  ],
} as unknown as Limits;

describe('limits chart', () => {
  it("should total the global bar to the global donut's limit, even when the group leaves less", () => {
    const [global] = usageChartRows(limits);
    expect(global).toEqual({ modalidade: 'Limite global', Utilizado: 4_000_000, Disponível: 6_000_000 });
    expect(global!.Utilizado + global!.Disponível).toBe(Number(limits.Global.Limit));
  });

  it('should list only the modalities in use or with a limit of their own', () => {
    expect(usageChartRows(limits).map((r) => r.modalidade)).toEqual([
      'Limite global',
      'Executante construtor · 0775',
      'Licitante',
    ]);
  });
});
