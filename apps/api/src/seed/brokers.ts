import type { InsertBrokerBody } from '@aval/contracts';
import * as calls from '@aval/contracts';
import {
  CardType,
  createSeededRandom,
  DocumentStatus,
  generateCnpj,
  generateCpf,
  maskCnpj,
  maskCpf,
  RequestDocumentType,
  toDec,
} from '@aval/domain';
import { atInstant } from '@aval/transport/clock';
import { and, asc, eq } from 'drizzle-orm';
import type { UserContext } from '../context.js';
import type { Db } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import {
  createDocumentByInsurer,
  defaultBrokerDocuments,
  deleteBrokerDocument,
  listBrokerDocuments,
  reviewBrokerDocument,
  submitOwnDocuments,
  uploadOwnDocument,
} from '../modules/brokers/brokers.documents.js';
import {
  decideBrokerRegistration,
  insertBroker,
  validateRegistrationRequest,
} from '../modules/brokers/brokers.registration.js';
import * as brokers from '../modules/brokers/index.js';
import { saveBrokerCommission } from '../modules/brokers/save-broker-commission.js';
import { modalities } from '../modules/parameterisation/parameterisation.table.js';
import * as users from '../modules/users/index.js';
import { moveOnBoard } from './board.js';
import { demoCompanies } from './companies.js';
import { actorContext, perform, publicContext } from './context.js';
import { uploadDemoFiles } from './files.js';
import { createDemoUser, defineDemoPassword, demoAdministrator, demoUsername } from './identity.js';
import { mailedLink } from './platform.js';

type DocPlan = { status: number; file?: boolean; note?: string; deleted?: boolean };
type Kind = 'active' | 'pending' | 'blocked' | 'inactive';

type DemoBroker = {
  key: string;
  name: string;
  trade: string;
  kind: Kind;
  alphanumeric?: boolean;
  commission: string;
  /** The demo user (local part) who is the brokerage's administrator: its registration creates them. */
  adminUser?: string;
  /** Demo users the insurer creates in this brokerage once it is approved. */
  agents?: string[];
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
    adminUser: 'corretor',
    agents: ['agente'],
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
    adminUser: 'corretor2',
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

type Company = (typeof demoCompanies)[number];
const DAY = 86_400_000;

/** What the administrator types on /completar-cadastro (the token comes from the mailed link). */
const registrationForm = (
  def: DemoBroker,
  index: number,
  company: Company,
  people: { cnpj: string; adminCpf: string; officerCpf: string; adminEmail: string; domain: string },
): Omit<InsertBrokerBody, 'Token'> => ({
  Cnpj: people.cnpj,
  Name: def.name,
  TradeName: def.trade,
  SUSEPProtocol: `${202000000 + company.id * 10 + index}`.slice(0, 9),
  Email: `contato@${people.domain}`,
  Phone: '(11) 3456-7890',
  ZipCode: def.city.zip,
  AddressName: def.city.street,
  Number: String(100 + index * 37),
  Complement: index % 2 ? `Sala ${300 + index}` : null,
  Neighborhood: def.city.district,
  StateProvinceId: def.city.state,
  CityId: def.city.city,
  BankId: [1, 341, 237, 33, 104][index % 5]!,
  BankAgency: String(1000 + index * 111).slice(0, 4),
  BankAccount: `${10000 + index * 2345}-${index % 10}`,
  BankAccountTypeId: 1,
  ResponsiblePersons: [
    {
      ResponsiblePersonTypeId: 1,
      Name: def.admin,
      Cpf: maskCpf(people.adminCpf),
      Email: people.adminEmail,
      Phone: '(11) 98765-4321',
    },
    {
      ResponsiblePersonTypeId: 2,
      Name: def.officer,
      Cpf: maskCpf(people.officerCpf),
      Email: emailOf(def.officer, people.domain),
      Phone: '(11) 97654-3210',
    },
  ],
});

/**
 * The administrator files the brokerage's registration: asks for the link on /iniciar-cadastro,
 * follows it from the e-mail and sends /completar-cadastro. Undefined when the CNPJ is already
 * registered (the portal's answer: "já está cadastrada"), which keeps the seed idempotent.
 */
const fileRegistration = async (db: Db, company: Company, form: Omit<InsertBrokerBody, 'Token'>) => {
  const visitor = publicContext(db, company);
  const adminEmail = form.ResponsiblePersons[0]!.Email;
  try {
    await validateRegistrationRequest(visitor, { Cnpj: form.Cnpj, Email: adminEmail });
  } catch (e) {
    if (e instanceof AppError && e.code === 'broker_exists') return undefined;
    throw e;
  }
  const token = mailedLink(db, adminEmail, /\/completar-cadastro\/[0-9A-Z]+\?token=([A-Za-z0-9_-]+)/);
  const { BrokerUniqueId } = await insertBroker(visitor, { ...form, Token: token });
  const brokerId = (await brokers.brokerIdByUniqueId(visitor, BrokerUniqueId))!;
  const admin = (await users.findUserByUsername(visitor, adminEmail))!;
  return { brokerId, uniqueId: BrokerUniqueId, adminUserId: admin.user.id };
};

/**
 * The brokerage's documents: its administrator attaches a file to each slot the plan says has one
 * and sends them to analysis; the insurer reviews them (Conforme, or Reprovado with the reason),
 * asks for its own extra documents and deletes one it no longer needs.
 */
const fileDocuments = async (
  broker: UserContext,
  insurer: UserContext,
  brokerId: number,
  def: DemoBroker,
) => {
  const slots = await listBrokerDocuments(broker);
  const plans = defaultBrokerDocuments.map((d, i) => ({
    slot: slots.find((s) => s.Name === d.Name)!,
    plan: def.docs[i] ?? { status: P },
  }));
  const withFile = plans.filter((p) => p.plan.file);
  if (withFile.length) {
    const files = await uploadDemoFiles(
      broker,
      withFile.map((p) => p.slot.Name),
    );
    for (const [i, p] of withFile.entries())
      await perform(broker, calls.uploadBrokerRequestDocumentArchive, () =>
        uploadOwnDocument(broker, {
          RequestDocumentUniqueId: p.slot.UniqueId,
          ArchiveUniqueIds: files[i]!.ArchiveUniqueIds,
        }),
      );
    await perform(broker, calls.submitBrokerDocumentToReview, () =>
      submitOwnDocuments(
        broker,
        withFile.map((p) => p.slot.UniqueId),
      ),
    );
  }
  for (const p of withFile) {
    const review = calls.kanbanBrokerChangeStatusRequestDocument;
    if (p.plan.status === C)
      await perform(insurer, review, () => reviewBrokerDocument(insurer, p.slot.UniqueId, { approve: true }));
    if (p.plan.status === R)
      await perform(insurer, review, () =>
        reviewBrokerDocument(insurer, p.slot.UniqueId, { approve: false, note: p.plan.note }),
      );
  }
  for (const extra of def.extraDocs ?? []) {
    const created = await perform(insurer, calls.createBrokerRequestDocumentByInsurer, () =>
      createDocumentByInsurer(insurer, {
        BrokerId: brokerId,
        Name: extra.name,
        RequestDocumentTypeId: RequestDocumentType.COMPANY,
        IsRequired: extra.required,
      }),
    );
    if (extra.plan.deleted)
      await perform(insurer, calls.deleteBrokerRequestDocument, () =>
        deleteBrokerDocument(insurer, { RequestDocumentUniqueId: created.UniqueId, BrokerId: brokerId }),
      );
  }
};

/** The insurer changes the brokerage's default commission on its registry (UpdateBroker). */
const setCommission = async (
  insurer: UserContext,
  uniqueId: string,
  form: Omit<InsertBrokerBody, 'Token'>,
  percentage: string,
) => {
  const { Cnpj: _, ...registry } = form;
  await perform(insurer, calls.updateBroker, () =>
    brokers.updateBroker(insurer, { ...registry, UniqueId: uniqueId, ComissionPercentage: percentage }),
  );
};

/**
 * Demo brokerages per company, registered as people register them: each administrator files the
 * registration through the public pages (the brokerage, its responsible persons and its
 * administrator's user), attaches the documents, and the insurer's administrator (`admin@`) reviews
 * them and approves the registration on the brokers screen, on the days it happened (`atInstant`).
 * Active ones (documents in every status; the demo brokers' users are the administrators of Lopes
 * and Azevedo, who define the demo password from their first-access e-mail), pending ones (Nova
 * Garantia with its compliance card approved on the board, Sigma waiting on both), a blocked one and
 * a refused one, with commissions set by the insurer and the change history the services record.
 * Idempotent by the natural key, the CNPJ: a brokerage whose CNPJ is registered is left as it is.
 */
export const seedBrokers = async (db: Db) => {
  for (const company of demoCompanies) {
    // Own stream (not shared with the policy-holder seeds) so brokers never reuse their CNPJs.
    const random = createSeededRandom(company.id * 104_729 + 0xb20c);
    const slug = slugOf(company.hosts[0]);
    const insurer = await demoAdministrator(db, company);
    const companyModalities = await db
      .select({
        id: modalities.id,
        min: modalities.minCommissionPercentage,
        max: modalities.maxCommissionPercentage,
      })
      .from(modalities)
      .where(and(eq(modalities.companyId, company.id), eq(modalities.isActive, true)))
      .orderBy(asc(modalities.id));
    let pendingSeen = 0;

    for (const [index, def] of demoBrokers.entries()) {
      const cnpj = generateCnpj({ alphanumeric: def.alphanumeric, random });
      const adminCpf = generateCpf({ random });
      const officerCpf = generateCpf({ random });
      if (!insurer) continue;
      const domain = `${def.key}.corretora.demo`;
      const adminEmail = def.adminUser ? demoUsername(def.adminUser, slug) : emailOf(def.admin, domain);
      const form = registrationForm(def, index, company, {
        cnpj: maskCnpj(cnpj),
        adminCpf,
        officerCpf,
        adminEmail,
        domain,
      });
      const createdAt = new Date(Date.UTC(2025, 2 + (index % 9), 3 + index, 13, 0, 0));
      const on = <T>(days: number, work: () => Promise<T>) =>
        atInstant(new Date(createdAt.getTime() + days * DAY), work);

      const filed = await on(0, () => fileRegistration(db, company, form));
      if (!filed) continue;
      const { brokerId, uniqueId } = filed;
      const broker = await actorContext(db, company, filed.adminUserId);
      if (!broker) throw new Error(`seed: the administrator of ${form.Name} cannot act`);
      await on(0, () => fileDocuments(broker, insurer, brokerId, def));

      if (def.kind === 'pending') {
        if (def.complianceApproved)
          await on(1, () =>
            moveOnBoard(
              insurer,
              { cardType: CardType.ANALISE_CONFORMIDADE_CORRETORA, cardRef: uniqueId },
              { kind: 'approve' },
            ),
          );
        // The first pending registration's documentation was taken into analysis three days ago.
        if (pendingSeen++ === 0)
          await atInstant(new Date(Date.now() - 3 * DAY), () =>
            moveOnBoard(
              insurer,
              { cardType: CardType.ANALISE_DOCUMENTACAO_CORRETORA, cardRef: uniqueId },
              { stepName: 'Em análise' },
            ),
          );
        continue;
      }
      if (def.kind === 'inactive') {
        // The insurer refuses the registration on its card (the board's decision).
        await on(5, () =>
          perform(insurer, calls.navigateKanbanCard, () =>
            decideBrokerRegistration(insurer, brokerId, {
              approve: false,
              note: 'documentação societária divergente do CNPJ',
            }),
          ),
        );
        continue;
      }
      await on(3, async () => {
        await perform(insurer, calls.navigateKanbanCard, () =>
          decideBrokerRegistration(insurer, brokerId, { approve: true }),
        );
        // Lopes was registered at 15% and raised to 20% a month later.
        const first = def.key === 'lopes' ? '15' : def.commission;
        if (first !== '20') await setCommission(insurer, uniqueId, form, first);
      });
      if (def.key === 'lopes') await on(30, () => setCommission(insurer, uniqueId, form, def.commission));
      if (def.adminUser) await on(3, () => defineDemoPassword(db, company, adminEmail));
      for (const local of def.agents ?? [])
        await on(4, () => createDemoUser(insurer, company, local, brokerId));
      if (def.kind === 'blocked')
        await on(20, () =>
          perform(insurer, calls.inverterBlocked, () =>
            brokers.invertBlocked(insurer, {
              BrokerId: brokerId,
              Justification: 'SUSEP com registro suspenso',
            }),
          ),
        );

      // The brokerage's own commission ranges on two modalities, set by the insurer at its approval:
      // 10% to 25% (22% by default) where the modality's range allows.
      if (def.overrides)
        await on(3, async () => {
          for (const m of companyModalities.slice(0, 2)) {
            const within = (v: number) => {
              const [lowest, highest, wanted] = [toDec(m.min), toDec(m.max), toDec(v)];
              return wanted.lessThan(lowest) ? lowest : wanted.greaterThan(highest) ? highest : wanted;
            };
            await perform(insurer, calls.saveBrokerProposalCommission, () =>
              saveBrokerCommission(insurer, {
                BrokerId: brokerId,
                ModalityId: m.id,
                MinComissionPercentage: within(10).toFixed(2),
                MaxComissionPercentage: within(25).toFixed(2),
                DefaultComissionPercentage: within(22).toFixed(2),
              }),
            );
          }
        });
    }
  }
};
