import type { SaveComplementarDataBody } from '@aval/contracts';
import * as calls from '@aval/contracts';
import {
  CardType,
  calculateCreditLimit,
  cnpjCheckDigits,
  createSeededRandom,
  generateCnpj,
  generateCpf,
  RequestDocumentType,
  toMoneyString,
} from '@aval/domain';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { UserContext } from '../context.js';
import type { Db } from '../db/client.js';
import { atInstant } from '../lib/clock.js';
import { ensureDefaultDocuments } from '../modules/documents/documents.service.js';
import * as kanban from '../modules/kanban/index.js';
import { activeModalities } from '../modules/parameterisation/index.js';
import { addPartners } from '../modules/pep/index.js';
import * as holders from '../modules/policy-holders/index.js';
import {
  creditRatingBands,
  creditScoreParameters,
  policyHolderExposures,
  policyHolderLimits,
  policyHolderNominations,
  policyHolders,
} from '../modules/policy-holders/policy-holders.table.js';
import { users } from '../modules/users/users.table.js';
import { moveOnBoard } from './board.js';
import { demoCompanies } from './companies.js';
import { actorContext, perform } from './context.js';
import { createDemoUser, demoAdministrator } from './identity.js';

/** Name of the demo policy holder the `tomador@<slug>.demo` user belongs to. */
export const DEMO_POLICY_HOLDER_NAME = 'Construtora Horizonte Azul Ltda.';
/** Each demo policy holder user (created with the holders, below) and the holder it belongs to. */
const DEMO_HOLDER_USERS = [
  ['tomador', DEMO_POLICY_HOLDER_NAME],
  ['tomador2', 'Engenharia Vale do Paraíba S.A.'],
] as const;

const names = [
  [DEMO_POLICY_HOLDER_NAME, 'Horizonte Azul', '4120-4/00', 'Construção de edifícios'],
  ['Engenharia Vale do Paraíba S.A.', 'Vale Engenharia', '4211-1/01', 'Construção de rodovias e ferrovias'],
  ['Pavimentadora Serra Verde Ltda.', 'Serra Verde', '4211-1/01', 'Construção de rodovias e ferrovias'],
  ['Construtora Andrade Lemos Ltda.', 'Andrade Lemos', '4120-4/00', 'Construção de edifícios'],
  ['Saneamento Atlântico Obras Ltda.', 'Atlântico Saneamento', '4222-7/01', 'Obras de saneamento'],
  ['Metalúrgica Pioneira Estruturas Ltda.', 'Pioneira Estruturas', '2511-0/00', 'Estruturas metálicas'],
  ['Infraestrutura Cerrado Engenharia Ltda.', 'Cerrado Infra', '4213-8/00', 'Obras de urbanização'],
  ['Consórcio Ponte Nova Engenharia Ltda.', 'Ponte Nova', '4212-0/00', 'Obras de arte especiais'],
  [
    'Elétrica Fortaleza Instalações Ltda.',
    'Fortaleza Elétrica',
    '4321-5/00',
    'Instalação e manutenção elétrica',
  ],
  ['Terraplenagem Rio Claro Ltda.', 'Rio Claro Terraplenagem', '4313-4/00', 'Obras de terraplenagem'],
  ['Construtora Litoral Sul Ltda.', 'Litoral Sul', '4120-4/00', 'Construção de edifícios'],
  [
    'Serviços Integrados Guarani Ltda.',
    'Guarani Serviços',
    '8111-7/00',
    'Serviços combinados de apoio a edifícios',
  ],
  ['Limpeza Urbana Planalto Ltda.', 'Planalto Limpeza', '3811-4/00', 'Coleta de resíduos não perigosos'],
  [
    'Tecnologia Vigia Sistemas Ltda.',
    'Vigia Sistemas',
    '6204-0/00',
    'Consultoria em tecnologia da informação',
  ],
  ['Hidráulica Três Rios Engenharia Ltda.', 'Três Rios', '4322-3/01', 'Instalações hidráulicas'],
  ['Portuária Baía Norte Serviços Ltda.', 'Baía Norte', '5231-1/02', 'Operações de terminais'],
  ['Construtora Ipê Amarelo Ltda.', 'Ipê Amarelo', '4120-4/00', 'Construção de edifícios'],
  [
    'Engenharia Ferroviária Mantiqueira S.A.',
    'Mantiqueira Ferrovias',
    '4211-1/02',
    'Pintura para sinalização',
  ],
  ['Manutenção Predial Aurora Ltda.', 'Aurora Predial', '4399-1/03', 'Obras de alvenaria'],
  ['Energia Solar Sertão Ltda.', 'Sertão Solar', '4221-9/02', 'Construção de estações e redes de energia'],
  [
    'Dragagem Costa Verde Ltda.',
    'Costa Verde Dragagem',
    '4291-0/00',
    'Obras portuárias, marítimas e fluviais',
  ],
  ['Vigilância Sentinela Segurança Ltda.', 'Sentinela', '8011-1/01', 'Vigilância e segurança privada'],
  [
    'Alimentação Coletiva Sabor Brasil Ltda.',
    'Sabor Brasil',
    '5620-1/01',
    'Fornecimento de alimentos para empresas',
  ],
  ['Construtora Monte Sião Ltda.', 'Monte Sião', '4120-4/00', 'Construção de edifícios'],
  ['Engenharia de Túneis Paranapiacaba S.A.', 'Paranapiacaba', '4292-8/01', 'Montagem de estruturas'],
  ['Telecom Redes Amazônia Ltda.', 'Redes Amazônia', '4221-9/05', 'Manutenção de redes de telecomunicações'],
  [
    'Sinalização Viária Bandeirantes Ltda.',
    'Bandeirantes Sinalização',
    '4211-1/02',
    'Pintura para sinalização',
  ],
  ['Construtora Pedra Branca Ltda.', 'Pedra Branca', '4120-4/00', 'Construção de edifícios'],
  ['Obras Hospitalares Esperança Ltda.', 'Esperança Obras', '4120-4/00', 'Construção de edifícios'],
  [
    'Consultoria Ambiental Mata Atlântica Ltda.',
    'Mata Atlântica',
    '7119-7/03',
    'Serviços de engenharia ambiental',
  ],
  ['Gás Canalizado Nordeste Obras Ltda.', 'Nordeste Gás', '4221-9/04', 'Construção de redes de gás'],
  ['Restauro Patrimônio Histórico Ltda.', 'Patrimônio Restauro', '4330-4/99', 'Obras de acabamento'],
] as const;

/** IBGE codes: state, city, city name, neighbourhoods. */
const places = [
  [35, 3550308, 'São Paulo', '01310', 'Bela Vista'],
  [33, 3304557, 'Rio de Janeiro', '20040', 'Centro'],
  [31, 3106200, 'Belo Horizonte', '30130', 'Funcionários'],
  [41, 4106902, 'Curitiba', '80010', 'Centro'],
  [43, 4314902, 'Porto Alegre', '90010', 'Centro Histórico'],
  [29, 2927408, 'Salvador', '40020', 'Comércio'],
  [26, 2611606, 'Recife', '50030', 'Boa Vista'],
  [53, 5300108, 'Brasília', '70070', 'Asa Sul'],
  [52, 5208707, 'Goiânia', '74110', 'Setor Bueno'],
  [35, 3509502, 'Campinas', '13010', 'Cambuí'],
  [23, 2304400, 'Fortaleza', '60110', 'Aldeota'],
  [13, 1302603, 'Manaus', '69005', 'Centro'],
] as const;
const streets = [
  'Avenida Paulista',
  'Rua da Assembleia',
  'Avenida Afonso Pena',
  'Rua XV de Novembro',
  'Avenida Borges de Medeiros',
  'Avenida Sete de Setembro',
  'Rua do Sol',
  'Eixo Monumental',
  'Avenida T-4',
  'Rua Barão de Jaguara',
  'Avenida Santos Dumont',
  'Avenida Eduardo Ribeiro',
];

const groups = ['Grupo Horizonte', 'Grupo Vale Paraíba', 'Grupo Litoral'] as const;
/** Index of each policy holder's group (undefined = none). */
const groupOf: Record<number, number> = { 0: 0, 3: 0, 10: 0, 1: 1, 2: 1, 17: 1, 16: 2, 23: 2 };
const blocked = new Set([5, 12, 21]);
const restrictive = new Set([12, 26]);
const ignoreCcg = new Set([7]);
const inactive = new Set([31]);

const registrationDocuments = [
  { Name: 'Cartão CNPJ', RequestDocumentTypeId: RequestDocumentType.POLICY_HOLDER, IsRequired: true },
  {
    Name: 'Contrato social consolidado',
    RequestDocumentTypeId: RequestDocumentType.POLICY_HOLDER,
    IsRequired: true,
  },
  {
    Name: 'Documentos dos sócios',
    RequestDocumentTypeId: RequestDocumentType.POLICY_HOLDER,
    IsRequired: false,
  },
  { Name: 'Balanço patrimonial', RequestDocumentTypeId: RequestDocumentType.REQUEST_LIMIT, IsRequired: true },
  {
    Name: 'DRE do último exercício',
    RequestDocumentTypeId: RequestDocumentType.REQUEST_LIMIT,
    IsRequired: true,
  },
];

/** Two partners of each holder's QSA (the CCG's signatories are suggested from it). */
const partnerNames = [
  ['Ricardo Almeida Souza', 'Patrícia Nogueira Lima'],
  ['Fernando Teixeira Rocha', 'Juliana Castro Pires'],
  ['Marcos Vinícius Barros', 'Camila Ferreira Dias'],
  ['André Luiz Cardoso', 'Luciana Prado Mendes'],
] as const;

const seedPartners = (
  db: Db,
  company: { id: number; key: string; name: string },
  holderId: number,
  i: number,
) => {
  const random = createSeededRandom(company.id * 104_729 + i);
  const [first, second] = partnerNames[i % partnerNames.length]!;
  return addPartners({ db: db as never, company }, 'PolicyHolder', holderId, [
    { name: first, cpf: generateCpf({ random }), role: 'Sócio-Administrador' },
    { name: second, cpf: generateCpf({ random }), role: 'Sócio' },
  ]);
};

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

const between = (random: () => number, min: number, max: number) => min + (max - min) * random();
const round1000 = (v: number) => Math.round(v / 1000) * 1000;

/**
 * Policy holders per demo company (idempotent: a company that has some is left as it is). The
 * insurer's credit formula parameters and rating bands came with its installation (install/). A
 * modality limit of its own for some holders and the limit use a policy system outside the demo
 * recorded are inserted. The rest is done by the demo analyst through the
 * services: the registration (name, CNPJ, economic group), complementary data (addresses, financial
 * statements), branches, blocks, the calculated limits and rates, the group limit; and the
 * nominations are asked by the demo brokers and decided on their cards.
 */
export const seedPolicyHolders = async (db: Db) => {
  for (const c of demoCompanies) {
    const analyst = await demoUser(db, c, 'analista');
    const admin = await demoUser(db, c, 'admin');
    if (!analyst || !admin) continue;
    const [already] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(policyHolders)
      .where(eq(policyHolders.companyId, c.id));
    // The registry is the administrator's (the analyst's profile only reads holders: no 29).
    if ((already?.n ?? 0) === 0) await seedCompany(db, admin);
    await seedNominations(db, c, analyst);
  }
};

/** A demo user's context (insurer staff), or undefined when the identity seed has not created it. */
const demoUser = async (db: Db, company: (typeof demoCompanies)[number], local: string) => {
  const slug = company.hosts[0].split('.')[0];
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, company.id), eq(users.username, `${local}@${slug}.demo`)));
  return user && actorContext(db, company, user.id);
};

const seedCompany = async (db: Db, ctx: UserContext) => {
  const company = ctx.company;
  const random = createSeededRandom(company.id * 7919);
  const bands = await db.select().from(creditRatingBands).where(eq(creditRatingBands.companyId, company.id));
  const [params] = await db
    .select()
    .from(creditScoreParameters)
    .where(eq(creditScoreParameters.companyId, company.id));
  const mods = await activeModalities(ctx, { suretyRated: true });

  for (const [i, [name, tradeName, cnae, cnaeDescription]] of names.entries()) {
    const alphanumeric = i % 8 === 6;
    const document = generateCnpj({ random, alphanumeric });
    const place = places[i % places.length]!;
    const revenue = round1000(between(random, 8_000_000, 400_000_000));
    const foundingDate = `${1975 + Math.floor(random() * 45)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-15`;
    const shareCapital = toMoneyString(round1000(revenue * between(random, 0.05, 0.3)));
    // The insurer registers the holder by its CNPJ, in its economic group.
    const holder = await perform(ctx, calls.registerPolicyHolder, () =>
      holders.registerPolicyHolder(ctx, {
        Name: name,
        Document: document,
        EconomicGroupName: groupOf[i] === undefined ? null : groups[groupOf[i]!],
        IsActive: !inactive.has(i),
      }),
    );
    const id = holder.Id;
    const uniqueId = holder.UniqueId;
    await seedPartners(db, company, id, i);

    const locations: SaveComplementarDataBody['Locations'] = [
      {
        ZipCode: `${place[3]}${String(100 + Math.floor(random() * 899))}`,
        AddressName: streets[i % streets.length]!,
        Number: String(100 + Math.floor(random() * 2900)),
        Complement: i % 3 === 0 ? `Sala ${100 + i}` : null,
        Neighborhood: place[4],
        StateProvinceId: place[0],
        CityId: place[1],
        IsMain: true,
      },
    ];
    if (i % 4 === 0) {
      const other = places[(i + 5) % places.length]!;
      locations.push({
        ZipCode: `${other[3]}${String(100 + Math.floor(random() * 899))}`,
        AddressName: streets[(i + 5) % streets.length]!,
        Number: String(10 + Math.floor(random() * 900)),
        Complement: 'Canteiro de obras',
        Neighborhood: other[4],
        StateProvinceId: other[0],
        CityId: other[1],
        IsMain: false,
      });
    }
    // Two fiscal years; the latest drives the limit.
    const margin = between(random, -0.02, 0.14);
    const equity = round1000(revenue * between(random, 0.08, 0.6));
    const statement = {
      revenue: toMoneyString(revenue),
      equity: toMoneyString(equity),
      netIncome: toMoneyString(round1000(revenue * margin)),
      indebtedness: toMoneyString(round1000(equity * between(random, 0.2, 3.5))),
    };
    await perform(ctx, calls.saveComplementarData, () =>
      holders.saveComplementarData(ctx, {
        PolicyHolderUniqueId: uniqueId,
        TradeName: tradeName,
        Email: `contato@${tradeName
          .normalize('NFD')
          .replace(/[^A-Za-z]/g, '')
          .toLowerCase()}.com.br`,
        Phone: `(${String(11 + (i % 80)).padStart(2, '0')}) 3${String(100 + i).padStart(3, '0')}-${String(1000 + i * 37).slice(-4)}`,
        Cnae: cnae.replace(/\D/g, ''),
        CnaeDescription: cnaeDescription,
        FoundingDate: foundingDate,
        AnnualRevenue: toMoneyString(revenue),
        ShareCapital: shareCapital,
        Website: undefined,
        Locations: locations,
        FinancialStatements: [
          {
            Year: 2025,
            Revenue: statement.revenue,
            Equity: statement.equity,
            NetIncome: statement.netIncome,
            Indebtedness: statement.indebtedness,
          },
          {
            Year: 2024,
            Revenue: toMoneyString(round1000(revenue * 0.9)),
            Equity: toMoneyString(round1000(equity * 0.92)),
            NetIncome: toMoneyString(round1000(revenue * 0.9 * margin * 0.8)),
            Indebtedness: statement.indebtedness,
          },
        ],
      }),
    );
    if (i % 5 === 0) {
      for (const n of [2, 3]) {
        const base = `${document.slice(0, 8)}${String(n).padStart(4, '0')}`;
        await perform(ctx, calls.insertPolicyHolderBranch, () =>
          holders.insertBranch(ctx, uniqueId, base + cnpjCheckDigits(base)),
        );
      }
    }
    if (i === 0) await holders.setEconomicGroupLimit(ctx, id, '60000000.00');

    if (params && bands.length && i % 9 !== 8) {
      // The analyst calculates the holder's rating, limit and rates from its statements.
      await holders.applyLimitsAndRates(ctx, (await holders.findHolderById(ctx, id))!);
      const result = calculateCreditLimit(statement, params, bands, mods);
      if (i % 6 === 0 && result.rates[0]) {
        // A limit of its own for the first modality (no call of the portal sets one).
        await db
          .update(policyHolderLimits)
          .set({ limitAmount: toMoneyString(Number(result.limit) * 0.3) })
          .where(
            and(
              eq(policyHolderLimits.policyHolderId, id),
              eq(policyHolderLimits.modalityId, result.rates[0].modalityId),
            ),
          );
      }
      const limit = Number(result.limit);
      if (limit > 0 && mods.length) {
        const share = i === 2 ? 1.05 : between(random, 0.05, 0.85);
        const first = round1000(limit * share * 0.6);
        const second = round1000(limit * share * 0.4);
        await db.insert(policyHolderExposures).values([
          {
            companyId: company.id,
            policyHolderId: id,
            modalityId: mods[0]!.id,
            amount: toMoneyString(first),
            reference: 'demo',
          },
          {
            companyId: company.id,
            policyHolderId: id,
            modalityId: mods[Math.min(2, mods.length - 1)]!.id,
            amount: toMoneyString(second),
            reference: 'demo',
          },
        ]);
      }
    }
    if (blocked.has(i))
      await perform(ctx, calls.inverterBlockedPolicyHolder, () =>
        holders.toggleFlag(
          ctx,
          uniqueId,
          'isBlocked',
          'Apontamentos de protesto em aberto na análise cadastral.',
        ),
      );
    if (restrictive.has(i))
      await perform(ctx, calls.inverterBlockedRestrictvePolicyHolder, () =>
        holders.toggleFlag(ctx, uniqueId, 'isRestrictiveBlocked', null),
      );
    if (ignoreCcg.has(i))
      await perform(ctx, calls.inverterIgnoreCCGSignaturePolicyHolder, () =>
        holders.toggleFlag(ctx, uniqueId, 'ignoreCcgSignature', null),
      );
    await ensureDefaultDocuments(
      { db: db as never, company },
      { type: 'policy_holder', id },
      registrationDocuments,
    );
  }

  // The insurer's administrator creates the demo holders' users, each with its holder.
  const admin = await demoAdministrator(db, demoCompanies.find((x) => x.id === company.id)!);
  for (const [local, name] of DEMO_HOLDER_USERS) {
    const [demo] = await db
      .select({ uniqueId: policyHolders.uniqueId })
      .from(policyHolders)
      .where(and(eq(policyHolders.companyId, company.id), eq(policyHolders.name, name)));
    if (admin && demo)
      await createDemoUser(
        admin,
        demoCompanies.find((x) => x.id === company.id)!,
        local,
        undefined,
        demo.uniqueId,
      );
  }
};

/**
 * The demo broker users that have a brokerage (users.broker_id, set by the brokers seed) ask for
 * their nominations: `corretor` two thirds of the policy holders, `corretor2` a third, approved by
 * the analyst on their cards, and one pending request each. Skipped while those users have no
 * brokerage; idempotent (a company with nominations is left as it is).
 */
const seedNominations = async (db: Db, company: (typeof demoCompanies)[number], analyst: UserContext) => {
  const companyId = company.id;
  const slug = company.hosts[0].split('.')[0];
  const brokerUsers = await db
    .select({ id: users.id, username: users.username, brokerId: users.brokerId })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        isNotNull(users.brokerId),
        inArray(users.username, [`corretor@${slug}.demo`, `corretor2@${slug}.demo`]),
      ),
    );
  if (brokerUsers.length === 0) return;
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(policyHolderNominations)
    .where(eq(policyHolderNominations.companyId, companyId));
  if ((existing?.n ?? 0) > 0) return;
  const all = await db
    .select({ uniqueId: policyHolders.uniqueId })
    .from(policyHolders)
    .where(eq(policyHolders.companyId, companyId))
    .orderBy(asc(policyHolders.id));
  // `corretor` first (its pending request is the first one, 'Em análise' on the board).
  for (const u of brokerUsers.sort(
    (a, b) => Number(b.username.startsWith('corretor@')) - Number(a.username.startsWith('corretor@')),
  )) {
    const broker = await actorContext(db, company, u.id);
    if (!broker) continue;
    const first = u.username.startsWith('corretor@');
    for (const [i, h] of all.entries()) {
      if (first ? i % 3 === 2 : i % 3 !== 0) continue;
      const nomination = await perform(broker, calls.registerPolicyHolderNomeationRequest, () =>
        holders.requestNomination(broker, { PolicyHolderUniqueId: h.uniqueId }),
      );
      await moveOnBoard(
        analyst,
        { cardType: CardType.NOMEACAO_TOMADOR, cardRef: nomination.UniqueId },
        { kind: 'approve' },
      );
    }
    // The pending request on the board: `corretor`'s asked two days ago and taken into analysis
    // 40 hours ago, `corretor2`'s asked 5 hours ago.
    const pending = all.find((_, i) => (first ? i % 3 === 2 : i % 3 === 1));
    if (!pending) continue;
    const request = await atInstant(hoursAgo(first ? 49 : 5), () =>
      perform(broker, calls.registerPolicyHolderNomeationRequest, () =>
        holders.requestNomination(broker, {
          PolicyHolderUniqueId: pending.uniqueId,
          Justification: 'Cliente da corretora há cinco anos; pedido de nomeação para licitações de 2026.',
        }),
      ),
    );
    if (first)
      await atInstant(hoursAgo(40), () =>
        perform(analyst, calls.navigateKanbanCard, () =>
          kanban.moveOwnedCard(analyst, {
            cardType: CardType.NOMEACAO_TOMADOR,
            cardRef: request.UniqueId,
            stepName: 'Em análise',
          }),
        ),
      );
  }
};
