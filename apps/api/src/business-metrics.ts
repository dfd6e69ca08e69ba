import { lateCardsByCompany } from '@aval/kanban';
import type { Db } from './db/client.js';
import { lateSroCounts } from './modules/policies/index.js';
import type { BusinessGauge } from './plugins/metrics.js';

/**
 * The figures an operator watches that live in the database, read at each scrape (the same on
 * every instance: take their max). The counted events (proposals sent, policies issued) are
 * counters of plugins/metrics.ts, incremented by their use cases.
 */
export const businessGauges = (db: Db): BusinessGauge[] => [
  {
    name: 'aval_kanban_late_cards',
    help: 'Cartões abertos além do SLA da sua etapa, por seguradora.',
    labelNames: ['company'],
    read: async () =>
      (await lateCardsByCompany(db)).map((r) => ({ labels: { company: r.companyId }, value: r.late })),
  },
  {
    name: 'aval_sro_late_policies',
    help: 'Apólices emitidas com registro SRO pendente além do prazo, por seguradora.',
    labelNames: ['company'],
    read: async () =>
      (await lateSroCounts(db)).map((r) => ({ labels: { company: r.companyId }, value: r.late })),
  },
];
