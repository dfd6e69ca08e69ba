import {
  createSeededRandom,
  DocumentStatus,
  generateCnpj,
  generateCpf,
  RequestDocumentType,
} from '@aval/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { defaultBrokerDocuments } from '../modules/brokers/brokers.documents.js';
import {
  brokerCommissions,
  brokerRegistrationRequests,
  brokerResponsiblePersons,
  brokers,
} from '../modules/brokers/brokers.table.js';
import { changeHistory } from '../modules/change-history/change-history.table.js';
import { requestDocumentArchives, requestDocuments } from '../modules/documents/documents.table.js';
import { archives } from '../modules/files/files.table.js';
import { modalities } from '../modules/parameterisation/parameterisation.table.js';
import { persons, users } from '../modules/users/users.table.js';
import { containerOf } from '../plugins/storage.js';
import { demoCompanies } from './companies.js';
import { demoUsername } from './identity.js';

type DocPlan = { status: number; file?: boolean; note?: string; deleted?: boolean };
type Kind = 'active' | 'pending' | 'blocked' | 'inactive';

type DemoBroker = {
  key: string;
  name: string;
  trade: string;
  kind: Kind;
  alphanumeric?: boolean;
  commission: string;
  /** Demo users (local part) of this brokerage. */
  users?: string[];
  admin: string;
  officer: string;
  city: { zip: string; street: string; district: string; state: number; city: number };
  /** Status of each default document, in the order of defaultBrokerDocuments. */
  docs: DocPlan[];
  extraDocs?: { name: string; required: boolean; plan: DocPlan }[];
  overrides?: boolean;
  /** A pending registration whose compliance card is already approved (only documentation left). */
  complianceApproved?: boolean;
};

const C = DocumentStatus.CONFORME;
const P = DocumentStatus.PENDENTE;
const A = DocumentStatus.AGUARDANDO_ANALISE;
const R = DocumentStatus.REPROVADO;
const allOk: DocPlan[] = defaultBrokerDocuments.map(() => ({ status: C, file: true }));

const sp = { zip: '01310100', street: 'Avenida Paulista', district: 'Bela Vista', state: 35, city: 3550308 };
const rj = { zip: '20040002', street: 'Rua da Assembleia', district: 'Centro', state: 33, city: 3304557 };
const bh = { zip: '30130010', street: 'Avenida Afonso Pena', district: 'Centro', state: 31, city: 3106200 };
const cwb = { zip: '80020310', street: 'Rua XV de Novembro', district: 'Centro', state: 41, city: 4106902 };
const poa = {
  zip: '90010150',
  street: 'Rua dos Andradas',
  district: 'Centro Histórico',
  state: 43,
  city: 4314902,
};

export const demoBrokers: DemoBroker[] = [
  {
    key: 'lopes',
    name: 'Lopes & Azevedo Corretora de Seguros Ltda.',
    trade: 'Lopes Seguros',
    kind: 'active',
    commission: '20',
    users: ['corretor', 'agente'],
    admin: 'Marina Lopes',
    officer: 'Renato Azevedo',
    city: sp,
    docs: [
      { status: C, file: true },
      { status: C, file: true },
      { status: A, file: true },
      {
        status: R,
        file: true,
        note: 'Comprovante ilegível; envie um extrato recente com o nome da corretora.',
      },
      { status: P },
      { status: P },
    ],
    extraDocs: [
      { name: 'Declaração de conformidade (PLD/FT)', required: true, plan: { status: P } },
      { name: 'Procuração antiga', required: false, plan: { status: P, deleted: true } },
    ],
    overrides: true,
  },
  {
    key: 'azevedo',
    name: 'Azevedo Consultoria e Corretagem de Seguros Ltda.',
    trade: 'Azevedo Seguros',
    kind: 'active',
    commission: '18',
    users: ['corretor2'],
    admin: 'Paulo Azevedo',
    officer: 'Luíza Azevedo',
    city: rj,
    docs: allOk,
  },
  {
    key: 'nova',
    name: 'Nova Garantia Corretora de Seguros Ltda.',
    trade: 'Nova Garantia',
    kind: 'pending',
    complianceApproved: true,
    alphanumeric: true,
    commission: '20',
    admin: 'Camila Rocha',
    officer: 'Eduardo Nunes',
    city: bh,
    docs: defaultBrokerDocuments.map(() => ({ status: P })),
  },
  {
    key: 'sigma',
    name: 'Sigma Corretora de Seguros e Garantias Ltda.',
    trade: 'Sigma Garantias',
    kind: 'pending',
    commission: '20',
    admin: 'Otávio Siqueira',
    officer: 'Joana Freitas',
    city: cwb,
    docs: [
      { status: A, file: true },
      { status: A, file: true },
      { status: P },
      { status: P },
      { status: P },
      { status: P },
    ],
  },
  {
    key: 'prisma',
    name: 'Prisma Corretagem de Seguros Eireli',
    trade: 'Prisma Seguros',
    kind: 'blocked',
    commission: '15',
    admin: 'Sérgio Prado',
    officer: 'Marta Prado',
    city: poa,
    docs: allOk,
  },
  {
    key: 'horizonte',
    name: 'Horizonte Sul Corretora de Seguros Ltda.',
    trade: 'Horizonte Sul',
    kind: 'inactive',
    commission: '20',
    admin: 'Vinícius Moraes',
    officer: 'Clara Moraes',
    city: poa,
    docs: defaultBrokerDocuments.map(() => ({ status: P })),
  },
  ...[
    ['atlas', 'Atlas Corretora de Seguros Ltda.', 'Atlas Seguros', 'Fernanda Lima', 'Roberto Lima', sp],
    ['baluarte', 'Baluarte Corretagem de Seguros Ltda.', 'Baluarte', 'Ricardo Tavares', 'Sônia Tavares', rj],
    [
      'confianca',
      'Confiança Total Corretora de Seguros Ltda.',
      'Confiança Total',
      'André Castro',
      'Lívia Castro',
      bh,
    ],
    [
      'delta',
      'Delta Garantias Corretora de Seguros S.A.',
      'Delta Garantias',
      'Bruno Teixeira',
      'Aline Teixeira',
      cwb,
    ],
    ['estrela', 'Estrela Guia Corretora de Seguros Ltda.', 'Estrela Guia', 'Juliana Reis', 'Marcos Reis', sp],
    [
      'fortaleza',
      'Fortaleza Seguros e Garantias Corretora Ltda.',
      'Fortaleza',
      'Gustavo Pires',
      'Helena Pires',
      poa,
    ],
    ['garantir', 'Garantir Corretora de Seguros Ltda.', 'Garantir', 'Isabela Souza', 'Caio Souza', rj],
    ['ipe', 'Ipê Corretagem de Seguros Ltda.', 'Ipê Seguros', 'Leonardo Melo', 'Patrícia Melo', bh],
  ].map(
    ([key, name, trade, admin, officer, city]) =>
      ({
        key,
        name,
        trade,
        kind: 'active',
        commission: '20',
        admin,
        officer,
        city,
        docs: allOk,
      }) as DemoBroker,
  ),
];

const slugOf = (host: string) => host.split('.')[0]!;
const emailOf = (name: string, domain: string) =>
  `${name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')}@${domain}`;

/**
 * Demo brokerages per company: active (with documents in every status and the demo broker users
 * linked), pending registration, blocked and inactive, with responsible persons, bank data, commission
 * ranges and history. Idempotent by the natural key, the CNPJ (users change a brokerage's e-mail
 * and name; the CNPJ never changes): a brokerage whose CNPJ exists is left as it is.
 */
export const seedBrokers = async (db: Db) => {
  for (const company of demoCompanies) {
    // Own stream (not shared with the policy-holder seeds) so brokers never reuse their CNPJs.
    const random = createSeededRandom(company.id * 104_729 + 0xb20c);
    const slug = slugOf(company.hosts[0]);
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, company.id), eq(users.username, demoUsername('admin', slug))));
    const companyModalities = await db
      .select({
        id: modalities.id,
        min: modalities.minCommissionPercentage,
        max: modalities.maxCommissionPercentage,
      })
      .from(modalities)
      .where(and(eq(modalities.companyId, company.id), eq(modalities.isActive, true)))
      .orderBy(asc(modalities.id));

    for (const [index, def] of demoBrokers.entries()) {
      const cnpj = generateCnpj({ alphanumeric: def.alphanumeric, random });
      const adminCpf = generateCpf({ random });
      const officerCpf = generateCpf({ random });
      const domain = `${def.key}.corretora.demo`;
      const brokerEmail = `contato@${domain}`;
      const [existing] = await db
        .select({ id: brokers.id })
        .from(brokers)
        .where(and(eq(brokers.companyId, company.id), eq(brokers.cnpj, cnpj)));
      if (existing) continue;

      const createdAt = new Date(Date.UTC(2025, 2 + (index % 9), 3 + index, 13, 0, 0));
      const [person] = await db
        .insert(persons)
        .values({
          companyId: company.id,
          name: def.name,
          document: cnpj,
          email: brokerEmail,
          phone: '(11) 3456-7890',
        })
        .returning();
      const approved = def.kind === 'active' || def.kind === 'blocked';
      const [broker] = await db
        .insert(brokers)
        .values({
          companyId: company.id,
          personId: person!.id,
          cnpj,
          tradeName: def.trade,
          susepProtocol: `${202000000 + company.id * 10 + index}`.slice(0, 9),
          email: brokerEmail,
          phone: '(11) 3456-7890',
          zipCode: def.city.zip,
          addressName: def.city.street,
          number: String(100 + index * 37),
          complement: index % 2 ? `Sala ${300 + index}` : null,
          neighborhood: def.city.district,
          stateProvinceId: def.city.state,
          cityId: def.city.city,
          bankId: [1, 341, 237, 33, 104][index % 5]!,
          bankAgency: String(1000 + index * 111).slice(0, 4),
          bankAccount: `${10000 + index * 2345}-${index % 10}`,
          bankAccountTypeId: 1,
          comissionPercentage: def.commission,
          waitingValidation: def.kind === 'pending',
          hasPendingComplianceValidation: def.kind === 'pending' && !def.complianceApproved,
          hasPendingDocuments: def.docs.some(
            (d, i) => defaultBrokerDocuments[i]!.IsRequired && d.status !== C,
          ),
          isBlocked: def.kind === 'blocked',
          isActive: def.kind !== 'inactive',
          approvedAt: approved ? new Date(createdAt.getTime() + 3 * 86_400_000) : null,
          approvedByUserId: approved ? (admin?.id ?? null) : null,
          createdAt,
          updatedAt: createdAt,
        })
        .returning();
      const brokerId = broker!.id;
      const adminEmail = emailOf(def.admin, domain);
      await db.insert(brokerResponsiblePersons).values([
        {
          companyId: company.id,
          brokerId,
          typeId: 1,
          name: def.admin,
          cpf: adminCpf,
          email: adminEmail,
          phone: '(11) 98765-4321',
        },
        {
          companyId: company.id,
          brokerId,
          typeId: 2,
          name: def.officer,
          cpf: officerCpf,
          email: emailOf(def.officer, domain),
          phone: '(11) 97654-3210',
        },
      ]);
      await db.insert(brokerRegistrationRequests).values({
        companyId: company.id,
        cnpj,
        email: adminEmail,
        tokenHash: `seed-${company.id}-${def.key}`,
        status: 'completed',
        expiresAt: new Date(createdAt.getTime() + 7 * 86_400_000),
        brokerId,
        createdAt,
        completedAt: createdAt,
      });

      // The demo broker users belong to their brokerage; the other brokerages get their
      // administrator user when the insurer approves them (decideBrokerRegistration).
      for (const local of def.users ?? []) {
        await db
          .update(users)
          .set({ brokerId })
          .where(and(eq(users.companyId, company.id), eq(users.username, demoUsername(local, slug))));
      }

      // Request documents with archives (metadata only: the demo has no stored bytes for them).
      const plans = [
        ...defaultBrokerDocuments.map((d, i) => ({
          name: d.Name,
          required: d.IsRequired,
          byInsurer: false,
          plan: def.docs[i] ?? { status: P },
        })),
        ...(def.extraDocs ?? []).map((d) => ({ ...d, byInsurer: true })),
      ];
      for (const [i, d] of plans.entries()) {
        const [doc] = await db
          .insert(requestDocuments)
          .values({
            companyId: company.id,
            ownerType: 'broker',
            ownerId: brokerId,
            name: d.name,
            typeId: RequestDocumentType.COMPANY,
            isRequired: d.required,
            statusId: d.plan.status,
            createdByInsurer: d.byInsurer,
            createdByUserId: d.byInsurer ? (admin?.id ?? null) : null,
            reviewNote: d.plan.note ?? null,
            reviewedByUserId: d.plan.status === C || d.plan.status === R ? (admin?.id ?? null) : null,
            reviewedAt: d.plan.status === C || d.plan.status === R ? createdAt : null,
            deletedAt: d.plan.deleted ? createdAt : null,
            createdAt,
            updatedAt: createdAt,
          })
          .returning();
        if (d.plan.file) {
          const [archive] = await db
            .insert(archives)
            .values({
              companyId: company.id,
              name: `${d.name.replace(/[^\p{L}\p{N} ]/gu, '').trim()}.pdf`,
              extension: 'pdf',
              contentType: 'application/pdf',
              sizeBytes: 48_000 + i * 1_024,
              relativePath: `seed/brokers/${def.key}-${i}.pdf`,
              container: containerOf(company.id),
              createdAt,
            })
            .returning();
          await db.insert(requestDocumentArchives).values({
            companyId: company.id,
            requestDocumentId: doc!.id,
            archiveId: archive!.id,
            createdAt,
          });
        }
      }

      // History: registration, approval, block, rejection.
      const later = (days: number) => new Date(createdAt.getTime() + days * 86_400_000);
      const entry = (field: string, oldValue: string | null, newValue: string, days: number | null) => ({
        companyId: company.id,
        ownerType: 'Broker',
        ownerId: brokerId,
        field,
        oldValue,
        newValue,
        changedByUserId: days === null ? null : (admin?.id ?? null),
        changedAt: days === null ? createdAt : later(days),
      });
      const history: (typeof changeHistory.$inferInsert)[] = [
        entry('Registration', null, 'Enviado para análise da seguradora', null),
      ];
      if (approved) history.push(entry('Registration', 'Aguardando validação', 'Aprovado', 3));
      if (def.complianceApproved) history.push(entry('Compliance', null, 'Conformidade aprovada', 1));
      if (def.kind === 'blocked')
        history.push(entry('IsBlocked', 'Desbloqueada', 'Bloqueada — SUSEP com registro suspenso', 20));
      if (def.kind === 'inactive')
        history.push(
          entry(
            'Registration',
            'Aguardando validação',
            'Reprovado — documentação societária divergente do CNPJ',
            5,
          ),
        );
      if (def.key === 'lopes') history.push(entry('ComissionPercentage', '15,00%', '20,00%', 30));
      await db.insert(changeHistory).values(history);

      if (def.overrides) {
        for (const m of companyModalities.slice(0, 2)) {
          await db
            .insert(brokerCommissions)
            .values({
              companyId: company.id,
              brokerId,
              modalityId: m.id,
              minPercentage: sql`least(greatest(${m.min}::numeric, 10), ${m.max}::numeric)`,
              maxPercentage: sql`greatest(${m.min}::numeric, least(${m.max}::numeric, 25))`,
              defaultPercentage: sql`greatest(${m.min}::numeric, least(${m.max}::numeric, 22))`,
            })
            .onConflictDoNothing();
        }
      }
    }
  }
};
