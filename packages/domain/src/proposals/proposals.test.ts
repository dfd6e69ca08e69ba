import { describe, expect, it } from 'vitest';
import { calculateFinancials, commissionScenarios, type FinancialInput } from '../finance/premium.js';
import { addYears } from '../shared/dates.js';
import { ACCEPTANCE_DEADLINE_DAYS, acceptanceClock } from './acceptance-clock.js';
import { checkObligation, ObligationType, PublicContractTier, suggestObligation } from './obligations.js';
import {
  checkRetroactivity,
  coBrokerCommissionValue,
  coBrokerRate,
  commissionDisclosureText,
  franchiseDescription,
  franchiseText,
  limitImpact,
  mmuMmpApplies,
  propertyRiskValue,
  proposalMessages,
  validateCoBrokers,
} from './proposal-rules.js';

describe('financial engine with additional coverages', () => {
  const base: FinancialInput = {
    startDate: '2026-01-01',
    endDate: '2027-01-01',
    insuredAmount: '1000000',
    rate: '1',
    comissionPercentage: '20',
  };

  it('should add each additional coverage net premium to the net premium before the commission', () => {
    const r = calculateFinancials({ ...base, coverages: [{ insuredAmount: '1000000', rate: '0.30' }] });
    if (!r.ok) throw new Error(r.errors.join());
    // 10.000,00 main + 3.000,00 labour coverage = 13.000,00; / (1 − 20%) = 16.250,00
    expect(r.value.coverageNets.map((n) => n.toFixed(2))).toEqual(['3000.00']);
    expect(r.value.netPremium.toFixed(2)).toBe('13000.00');
    expect(r.value.insurancePremium.toFixed(2)).toBe('16250.00');
    expect(r.value.comissionValue.toFixed(2)).toBe('3250.00');
    expect(r.value.tax.toFixed(6)).toBe('1.625000');
  });

  it('should show how the premium moves across the intersection of the commission ranges', () => {
    const points = commissionScenarios(
      {
        ...base,
        commissionRanges: [
          { min: 10, max: 30 },
          { min: 15, max: 25 },
        ],
      },
      3,
    );
    expect(
      points.map((p) => [
        p.comissionPercentage.toFixed(2),
        p.insurancePremium.toFixed(2),
        p.comissionValue.toFixed(2),
      ]),
    ).toEqual([
      ['15.00', '11764.71', '1764.71'],
      ['20.00', '12500.00', '2500.00'],
      ['25.00', '13333.33', '3333.33'],
    ]);
  });

  it('should give no scenario when the ranges do not meet', () => {
    expect(
      commissionScenarios({
        ...base,
        commissionRanges: [
          { min: 10, max: 12 },
          { min: 15, max: 25 },
        ],
      }),
    ).toEqual([]);
  });
});

describe('financial engine with an additional coverage and a complementary modality, worked by hand', () => {
  /**
   * IS R$ 100.000,00 at the holder's 2 % a year for 180 days (01/01 to 30/06/2025), with an
   * additional coverage (Multas, R$ 30.000,00 at 0,3 %) and a complementary modality in the package
   * (Adiantamento, R$ 20.000,00 at its 0,5 %). Each net is IS × rate/100 × 180/365, rounded half-up
   * to cents on its own:
   *   main coverage   100.000,00 × 2,0 % × 180/365 = 986,3013… →   986,30
   *   Multas           30.000,00 × 0,3 % × 180/365 =  44,3835… →    44,38
   *   Adiantamento     20.000,00 × 0,5 % × 180/365 =  49,3150… →    49,32
   *   net premium                                                  1.080,00
   */
  const withExtras: FinancialInput = {
    startDate: '2025-01-01',
    endDate: '2025-06-30',
    insuredAmount: '100000',
    rate: '2',
    comissionPercentage: '20',
    commissionRanges: [{ min: 0, max: 30 }],
    coverages: [
      { insuredAmount: '30000', rate: '0.3' },
      { insuredAmount: '20000', rate: '0.5' },
    ],
  };

  const ok = (input: FinancialInput) => {
    const result = calculateFinancials(input);
    if (!result.ok) throw new Error(result.errors.join('; '));
    return result.value;
  };

  it('should add each net premium, rounded on its own, before loading the commission', () => {
    const r = ok(withExtras);
    expect(r.deadlineDays).toBe(180);
    expect(r.coverageNets.map((n) => n.toFixed(2))).toEqual(['44.38', '49.32']);
    expect(r.netPremium.toFixed(2)).toBe('1080.00');
    // 1.080,00 / (1 − 0,20) = 1.350,00; commission 270,00; commercial rate on the main IS:
    // 1.350,00 / (100.000,00 × 180/365) × 100 = 2,7375 % a year.
    expect(r.insurancePremium.toFixed(2)).toBe('1350.00');
    expect(r.comissionValue.toFixed(2)).toBe('270.00');
    expect(r.tax.toString()).toBe('2.7375');
    // Without the extras the same commission gives 986,30 / 0,80 = 1.232,875 → 1.232,88.
    expect(ok({ ...withExtras, coverages: [] }).insurancePremium.toFixed(2)).toBe('1232.88');
  });

  it('should solve the commission over the whole net premium when the risk rate drives the price', () => {
    // 3 % on the main IS: 100.000,00 × 3 % × 180/365 = 1.479,452… → 1.479,45; the commission is
    // what the net premium leaves: 100 × (1 − 1.080,00 / 1.479,45) = 27,0 %; 399,45 of commission.
    const r = ok({ ...withExtras, calculatePerRiskRate: true, tax: '3', comissionPercentage: null });
    expect(r.insurancePremium.toFixed(2)).toBe('1479.45');
    expect(r.comissionPercentage.toFixed(2)).toBe('27.00');
    expect(r.comissionValue.toFixed(2)).toBe('399.45');
    // A rate whose premium the extras' net leaves no room for: 2 % gives 986,30, below 1.080,00.
    expect(calculateFinancials({ ...withExtras, calculatePerRiskRate: true, tax: '2' })).toEqual({
      ok: false,
      errors: ['O percentual de comissão -9,50% está fora do intervalo permitido, de 0,00% a 30,00%.'],
    });
  });

  it('should apply the minimum premium and the IOF over the premium with its extras', () => {
    // Minimum R$ 1.500,00 above 1.350,00: the premium is the minimum, the commission 20 % of it.
    const min = ok({ ...withExtras, minInsurancePremium: '1500' });
    expect(min).toMatchObject({ minimumApplied: true });
    expect([min.insurancePremium.toFixed(2), min.comissionValue.toFixed(2)]).toEqual(['1500.00', '300.00']);
    // A property branch: IOF 7,38 % of 1.350,00 = 99,63; total 1.449,63.
    const property = ok({ ...withExtras, branch: 'NamedRisk' });
    expect([property.iofValue.toFixed(2), property.totalPremium.toFixed(2)]).toEqual(['99.63', '1449.63']);
  });

  it('should move the premium with the commission across the range, extras included', () => {
    const moves = commissionScenarios(withExtras, 4).map((m) => [
      m.comissionPercentage.toFixed(2),
      m.insurancePremium.toFixed(2),
    ]);
    // 1.080,00 / (1 − c): 0 % → 1.080,00; 10 % → 1.200,00; 20 % → 1.350,00; 30 % → 1.542,857… → 1.542,86.
    expect(moves).toEqual([
      ['0.00', '1080.00'],
      ['10.00', '1200.00'],
      ['20.00', '1350.00'],
      ['30.00', '1542.86'],
    ]);
  });
});

describe('acceptance clock (Lei 15.040/2024, art. 49)', () => {
  const startedAt = '2026-03-02T12:00:00.000Z';

  it('should not run before the proposal reaches analysis', () => {
    expect(
      acceptanceClock({ startedAt: null, pausedMs: 0, pausedSince: null, now: new Date() }),
    ).toMatchObject({
      Started: false,
      DaysLeft: ACCEPTANCE_DEADLINE_DAYS,
      DueAt: null,
    });
  });

  it('should count 25 days from status 2', () => {
    const clock = acceptanceClock({
      startedAt,
      pausedMs: 0,
      pausedSince: null,
      now: new Date('2026-03-12T12:00:00.000Z'),
    });
    expect(clock).toMatchObject({ ElapsedDays: 10, DaysLeft: 15, IsPaused: false, IsOverdue: false });
    expect(clock.DueAt).toBe('2026-03-27T12:00:00.000Z');
  });

  it('should not count the days the proposal waited for the broker (status 6)', () => {
    const threeDays = 3 * 86_400_000;
    expect(
      acceptanceClock({
        startedAt,
        pausedMs: threeDays,
        pausedSince: null,
        now: new Date('2026-03-12T12:00:00Z'),
      }),
    ).toMatchObject({ ElapsedDays: 7, DaysLeft: 18 });
    const paused = acceptanceClock({
      startedAt,
      pausedMs: 0,
      pausedSince: '2026-03-10T12:00:00Z',
      now: new Date('2026-03-12T12:00:00Z'),
    });
    expect(paused).toMatchObject({ ElapsedDays: 8, DaysLeft: 17, IsPaused: true });
    expect(paused.DueAt).toBe('2026-03-29T12:00:00.000Z');
  });

  it('should be overdue after 25 counted days, and stop at the decision', () => {
    expect(
      acceptanceClock({ startedAt, pausedMs: 0, pausedSince: null, now: new Date('2026-03-28T12:00:00Z') }),
    ).toMatchObject({ DaysLeft: 0, IsOverdue: true });
    expect(
      acceptanceClock({
        startedAt,
        pausedMs: 0,
        pausedSince: null,
        stoppedAt: '2026-03-06T12:00:00Z',
        now: new Date('2026-05-01T00:00:00Z'),
      }),
    ).toMatchObject({ ElapsedDays: 4, DaysLeft: 21, IsStopped: true, IsOverdue: false });
  });
});

describe('obligation helper (domain.md §4, Lei 14.133/2021)', () => {
  it('should cap public contracts at 5 %, 10 % justified and 30 % for large works with step-in', () => {
    const value = '2000000';
    expect(suggestObligation({ typeId: ObligationType.PUBLIC_CONTRACT, value })).toMatchObject({
      suggestedInsuredAmount: '100000.00',
      maxInsuredAmount: '100000.00',
      legalBasis: 'Lei 14.133/2021, art. 98',
    });
    expect(
      suggestObligation({
        typeId: ObligationType.PUBLIC_CONTRACT,
        value,
        tierId: PublicContractTier.JUSTIFIED,
      }).maxInsuredAmount,
    ).toBe('200000.00');
    expect(
      suggestObligation({
        typeId: ObligationType.PUBLIC_CONTRACT,
        value,
        tierId: PublicContractTier.LARGE_WORKS_STEP_IN,
      }),
    ).toMatchObject({ maxInsuredAmount: '600000.00', legalBasis: 'Lei 14.133/2021, art. 99' });
    expect(
      checkObligation({ typeId: ObligationType.PUBLIC_CONTRACT, value, insuredAmount: '150000' }),
    ).toEqual([
      {
        Code: 'InsuredAmountAboveLegalShare',
        Message:
          'A importância segurada de R$ 150.000,00 excede 5% do valor do contrato (R$ 2.000.000,00): o máximo é R$ 100.000,00 (Lei 14.133/2021, art. 98).',
      },
    ]);
    expect(
      checkObligation({ typeId: ObligationType.PUBLIC_CONTRACT, value, insuredAmount: '100000' }),
    ).toEqual([]);
  });

  it('should cap bid bonds at 1 % of the estimate', () => {
    expect(suggestObligation({ typeId: ObligationType.BID, value: '5000000' }).maxInsuredAmount).toBe(
      '50000.00',
    );
    expect(
      checkObligation({ typeId: ObligationType.BID, value: '5000000', insuredAmount: '50000.01' })[0]
        ?.Message,
    ).toBe(
      'A importância segurada de R$ 50.000,01 excede 1% do valor estimado da contratação: o máximo é R$ 50.000,00 (Lei 14.133/2021, art. 58).',
    );
  });

  it('should ask labour guarantees for the debt plus 30 % and 3 years', () => {
    const s = suggestObligation({
      typeId: ObligationType.LABOR_JUDICIAL,
      value: '100000',
      startDate: '2026-01-10',
    });
    expect(s).toMatchObject({
      suggestedInsuredAmount: '130000.00',
      minInsuredAmount: '130000.00',
      minTermYears: 3,
      minEndDate: '2029-01-10',
      minTermDays: 1096,
    });
    expect(
      checkObligation({
        typeId: ObligationType.LABOR_JUDICIAL,
        value: '100000',
        startDate: '2026-01-10',
        endDate: '2028-01-10',
        insuredAmount: '120000',
      }).map((w) => w.Message),
    ).toEqual([
      'A importância segurada deve ser de ao menos R$ 130.000,00 (valor do débito acrescido de 30%).',
      'A vigência deve ser de ao menos 3 anos: o fim de vigência deve ser a partir de 10/01/2029 (CLT, art. 899, § 11; Ato Conjunto TST.CSJT.CGJT 1/2019).',
    ]);
  });

  it('should ask federal tax guarantees for at least 5 years', () => {
    const s = suggestObligation({
      typeId: ObligationType.FEDERAL_TAX,
      value: '80000',
      startDate: '2026-01-10',
    });
    expect(s).toMatchObject({ minInsuredAmount: '80000.00', minEndDate: '2031-01-10', minTermDays: 1826 });
    expect(
      checkObligation({
        typeId: ObligationType.FEDERAL_TAX,
        value: '80000',
        startDate: '2026-01-10',
        endDate: '2031-01-10',
        insuredAmount: '80000',
      }),
    ).toEqual([]);
  });

  it('should keep the day when adding years, except 29/02', () => {
    expect(addYears('2026-01-10', 3)).toBe('2029-01-10');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
  });
});

describe('proposal rules', () => {
  it('should ask co-broker participations to add up to 100 % with one leader', () => {
    expect(
      validateCoBrokers([
        { participation: '60', leader: true },
        { participation: '40', leader: false },
      ]),
    ).toEqual([]);
    expect(
      validateCoBrokers([
        { participation: '60', leader: true },
        { participation: '30', leader: false },
      ]),
    ).toEqual([proposalMessages.participationSum]);
    expect(
      validateCoBrokers([
        { participation: '50', leader: true },
        { participation: '50', leader: true },
      ]),
    ).toEqual([proposalMessages.oneLeader]);
    expect(validateCoBrokers([])).toEqual([]);
    expect(coBrokerRate('20', '40').toFixed(6)).toBe('8.000000');
    expect(coBrokerCommissionValue('2500', '40').toFixed(2)).toBe('1000.00');
  });

  it('should refuse a start older than the retroactive days or later than the future days', () => {
    expect(
      checkRetroactivity({
        startDate: '2026-05-01',
        today: '2026-05-10',
        retroactiveDays: 5,
        futureDays: 30,
      }),
    ).toEqual({
      retroactiveDays: 9,
      futureDays: 0,
      message: 'Retroatividade de dias para essa modalidade não pode ser maior que 5',
    });
    expect(
      checkRetroactivity({ startDate: '2026-06-20', today: '2026-05-10', retroactiveDays: 5, futureDays: 30 })
        .message,
    ).toBe('Início de vigência para essa modalidade não pode ser posterior a 30 dias da data atual');
    expect(
      checkRetroactivity({ startDate: '2026-05-05', today: '2026-05-10', retroactiveDays: 5, futureDays: 30 })
        .message,
    ).toBeUndefined();
  });

  it('should sum the property risk value and apply MMU/MMP only when filled', () => {
    expect(propertyRiskValue({ building: '800000', content: '200000.50', lostProfit: null }).toFixed(2)).toBe(
      '1000000.50',
    );
    expect(mmuMmpApplies(null, undefined)).toBe(false);
    expect(mmuMmpApplies('1000', null)).toBe(true);
  });

  it('should write the franchise as the spec does', () => {
    expect(franchiseText('10', '5000')).toBe('10,00% dos prejuízos indenizáveis com mínimo de R$ 5.000,00');
    expect(franchiseDescription({ typeId: 1, percent: '10', valueStart: '5000' })).toBe(
      '10,00% dos prejuízos indenizáveis com mínimo de R$ 5.000,00',
    );
    expect(franchiseDescription({ typeId: 2, valueStart: '2500' })).toBe(
      'Valor fixo de R$ 2.500,00 por sinistro',
    );
    expect(franchiseDescription({ typeId: 3, days: 15 })).toBe('15 dias de franquia');
    expect(franchiseDescription({ typeId: 1, percent: '10' })).toBeNull();
    expect(franchiseDescription({ typeId: null })).toBeNull();
  });

  it('should tell what the proposal leaves of the holder and group limits', () => {
    const impact = limitImpact({
      policyHolderAvailable: '500000',
      groupAvailable: '300000',
      insuredAmount: '350000',
    });
    expect(impact.effectiveAvailable.toFixed(2)).toBe('300000.00');
    expect(impact.policyHolderRemaining.toFixed(2)).toBe('150000.00');
    expect(impact.groupRemaining?.toFixed(2)).toBe('-50000.00');
    expect(impact.exceeds).toBe(true);
    expect(impact.message).toBe(
      'A importância segurada de R$ 350.000,00 excede o limite disponível do tomador, de R$ 300.000,00: a proposta passará pela análise de crédito.',
    );
    expect(
      limitImpact({ policyHolderAvailable: '500000', groupAvailable: null, insuredAmount: '500000' }),
    ).toMatchObject({ exceeds: false, message: undefined });
  });

  it('should word the commission disclosure with the percentage and the value', () => {
    expect(commissionDisclosureText('20', '2500')).toBe(
      'Declaro que informei ao tomador que a remuneração da corretagem nesta proposta é de 20,00% do prêmio, no valor de R$ 2.500,00, conforme a Resolução CNSP 382/2020.',
    );
  });
});
