import type { TagContext, TagParty } from '@aval/domain';

/**
 * Sample data of the contractual-term editor's preview (API and web share it): a proposal of a
 * fictitious policy holder and insured. The complementary, endorsement and policy-number tags
 * stay unfilled, so their labels show in red.
 */
export const sampleTagContext = (insurer: TagParty, modality?: string | null): TagContext => ({
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  insuredAmount: '150000.00',
  deadlineDays: 364,
  modality: modality ?? null,
  policyHolder: {
    name: 'Construtora Exemplo Ltda.',
    document: '11222333000181',
    address: {
      street: 'Avenida Paulista',
      number: '1000',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      zipCode: '01310100',
    },
  },
  insured: {
    name: 'Prefeitura Municipal de Exemplo',
    document: '46395000000139',
    address: {
      street: 'Praça da Sé',
      number: '1',
      district: 'Centro',
      city: 'São Paulo',
      state: 'SP',
      zipCode: '01001000',
    },
  },
  insurer,
});
