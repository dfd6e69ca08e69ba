import {
  calculateCreditLimit,
  cnpjCheckDigits,
  createSeededRandom,
  defaultRatingBands,
  defaultScoreParameters,
  generateCnpj,
  generateCpf,
  RequestDocumentType,
  toMoneyString,
} from '@aval/domain';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { changeHistory } from '../modules/change-history/change-history.table.js';
import { ensureDefaultDocuments } from '../modules/documents/documents.service.js';
import { listActiveModalities } from '../modules/parameterisation/parameterisation.repository.js';
import { addPartners } from '../modules/pep/index.js';
import {
  creditRatingBands,
  creditScoreParameters,
  economicGroups,
  policyHolderBranches,
  policyHolderExposures,
  policyHolderFinancialStatements,
  policyHolderLimits,
  policyHolderLocations,
  policyHolderNominations,
  policyHolders,
} from '../modules/policy-holders/policy-holders.table.js';
import { users } from '../modules/users/users.table.js';
import { demoCompanies } from './companies.js';

/** Name of the demo policy holder the `tomador@<slug>.demo` user belongs to (identity seed). */
export const DEMO_POLICY_HOLDER_NAME = 'Construtora Horizonte Azul Ltda.';
/** Each demo policy holder user (identity seed) and the holder it belongs to. */
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

const between = (random: () => number, min: number, max: number) => min + (max - min) * random();
const round1000 = (v: number) => Math.round(v / 1000) * 1000;

/** Policy holders per demo company (idempotent: a company that has some is left as it is). */
export const seedPolicyHolders = async (db: Db) => {
  for (const c of demoCompanies) {
    const company = { id: c.id, key: c.companyKey, name: c.name };
    await db
      .insert(creditScoreParameters)
      .values({ companyId: c.id, ...defaultScoreParameters })
      .onConflictDoNothing();
    for (const b of defaultRatingBands) {
      await db
        .insert(creditRatingBands)
        .values({ companyId: c.id, ...b })
        .onConflictDoNothing();
    }
    const [already] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(policyHolders)
      .where(eq(policyHolders.companyId, c.id));
    if ((already?.n ?? 0) === 0) await seedCompany(db, company);
    await seedNominations(db, c.id);
  }
};

const seedCompany = async (db: Db, company: { id: number; key: string; name: string }) => {
  const random = createSeededRandom(company.id * 7919);
  const bands = await db.select().from(creditRatingBands).where(eq(creditRatingBands.companyId, company.id));
  const [params] = await db
    .select()
    .from(creditScoreParameters)
    .where(eq(creditScoreParameters.companyId, company.id));
  const mods = await listActiveModalities(db, company.id, { suretyRated: true });

  const groupIds: number[] = [];
  for (const [i, name] of groups.entries()) {
    const [g] = await db
      .insert(economicGroups)
      .values({ companyId: company.id, name, limitAmount: i === 0 ? '60000000.00' : null })
      .returning();
    groupIds.push(g!.id);
  }

  for (const [i, [name, tradeName, cnae, cnaeDescription]] of names.entries()) {
    const alphanumeric = i % 8 === 6;
    const document = generateCnpj({ random, alphanumeric });
    const place = places[i % places.length]!;
    const revenue = round1000(between(random, 8_000_000, 400_000_000));
    const [holder] = await db
      .insert(policyHolders)
      .values({
        companyId: company.id,
        name,
        document,
        tradeName,
        email: `contato@${tradeName
          .normalize('NFD')
          .replace(/[^A-Za-z]/g, '')
          .toLowerCase()}.com.br`,
        phone: `(${String(11 + (i % 80)).padStart(2, '0')}) 3${String(100 + i).padStart(3, '0')}-${String(1000 + i * 37).slice(-4)}`,
        cnae: cnae.replace(/\D/g, ''),
        cnaeDescription,
        foundingDate: `${1975 + Math.floor(random() * 45)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-15`,
        annualRevenue: toMoneyString(revenue),
        shareCapital: toMoneyString(round1000(revenue * between(random, 0.05, 0.3))),
        isBlocked: blocked.has(i),
        isRestrictiveBlocked: restrictive.has(i),
        ignoreCcgSignature: ignoreCcg.has(i),
        isActive: !inactive.has(i),
        economicGroupId: groupOf[i] === undefined ? null : groupIds[groupOf[i]!]!,
      })
      .returning();
    const id = holder!.id;
    await seedPartners(db, company, id, i);

    await db.insert(policyHolderLocations).values({
      companyId: company.id,
      policyHolderId: id,
      zipCode: `${place[3]}${String(100 + Math.floor(random() * 899))}`,
      addressName: streets[i % streets.length]!,
      number: String(100 + Math.floor(random() * 2900)),
      complement: i % 3 === 0 ? `Sala ${100 + i}` : null,
      neighborhood: place[4],
      stateProvinceId: place[0],
      cityId: place[1],
      isMain: true,
    });
    if (i % 4 === 0) {
      const other = places[(i + 5) % places.length]!;
      await db.insert(policyHolderLocations).values({
        companyId: company.id,
        policyHolderId: id,
        zipCode: `${other[3]}${String(100 + Math.floor(random() * 899))}`,
        addressName: streets[(i + 5) % streets.length]!,
        number: String(10 + Math.floor(random() * 900)),
        complement: 'Canteiro de obras',
        neighborhood: other[4],
        stateProvinceId: other[0],
        cityId: other[1],
        isMain: false,
      });
    }
    if (i % 5 === 0) {
      for (const n of [2, 3]) {
        const base = `${document.slice(0, 8)}${String(n).padStart(4, '0')}`;
        await db.insert(policyHolderBranches).values({
          companyId: company.id,
          policyHolderId: id,
          branchCnpj: base + cnpjCheckDigits(base),
        });
      }
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
    await db.insert(policyHolderFinancialStatements).values([
      { companyId: company.id, policyHolderId: id, year: 2025, ...statement },
      {
        companyId: company.id,
        policyHolderId: id,
        year: 2024,
        revenue: toMoneyString(round1000(revenue * 0.9)),
        equity: toMoneyString(round1000(equity * 0.92)),
        netIncome: toMoneyString(round1000(revenue * 0.9 * margin * 0.8)),
        indebtedness: statement.indebtedness,
      },
    ]);
    if (params && bands.length && i % 9 !== 8) {
      const result = calculateCreditLimit(statement, params, bands, mods);
      const base = { companyId: company.id, policyHolderId: id, rating: result.rating };
      await db.insert(policyHolderLimits).values([
        { ...base, modalityId: null, limitAmount: result.limit, score: result.score },
        ...result.rates.map((r, k) => ({
          ...base,
          modalityId: r.modalityId,
          rate: r.rate,
          limitAmount: k === 0 && i % 6 === 0 ? toMoneyString(Number(result.limit) * 0.3) : null,
        })),
      ]);
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
    if (blocked.has(i)) {
      await db.insert(changeHistory).values([
        {
          companyId: company.id,
          ownerType: 'PolicyHolder',
          ownerId: id,
          field: 'IsBlocked',
          oldValue: 'Não',
          newValue: 'Sim',
        },
        {
          companyId: company.id,
          ownerType: 'PolicyHolder',
          ownerId: id,
          field: 'Justification',
          oldValue: null,
          newValue: 'Apontamentos de protesto em aberto na análise cadastral.',
        },
      ]);
    }
    await ensureDefaultDocuments(
      { db: db as never, company },
      { type: 'policy_holder', id },
      registrationDocuments,
    );
  }

  const slug = demoCompanies.find((x) => x.id === company.id)!.hosts[0].split('.')[0];
  for (const [local, name] of DEMO_HOLDER_USERS) {
    const [demo] = await db
      .select({ id: policyHolders.id })
      .from(policyHolders)
      .where(and(eq(policyHolders.companyId, company.id), eq(policyHolders.name, name)));
    await db
      .update(users)
      .set({ policyHolderId: demo!.id })
      .where(and(eq(users.companyId, company.id), eq(users.username, `${local}@${slug}.demo`)));
  }
};

/**
 * Approved nominations for the demo broker users that have a brokerage (users.broker_id, set by
 * the brokers seed): `corretor` gets two thirds of the policy holders, `corretor2` a third, and
 * one pending request each. Skipped while those users have no brokerage; idempotent.
 */
const seedNominations = async (db: Db, companyId: number) => {
  const slug = demoCompanies.find((x) => x.id === companyId)!.hosts[0].split('.')[0];
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
  const holders = await db
    .select({ id: policyHolders.id })
    .from(policyHolders)
    .where(eq(policyHolders.companyId, companyId))
    .orderBy(asc(policyHolders.id));
  for (const u of brokerUsers) {
    const first = u.username.startsWith('corretor@');
    const rows = holders.map((h, i) => ({ h, i })).filter(({ i }) => (first ? i % 3 !== 2 : i % 3 === 0));
    const pending = holders.find((_, i) => (first ? i % 3 === 2 : i % 3 === 1));
    await db.insert(policyHolderNominations).values([
      ...rows.map(({ h }) => ({
        companyId,
        policyHolderId: h.id,
        brokerId: u.brokerId!,
        statusId: 2,
        requestedByUserId: u.id,
        decidedAt: new Date(),
      })),
      ...(pending
        ? [
            {
              companyId,
              policyHolderId: pending.id,
              brokerId: u.brokerId!,
              statusId: 1,
              requestedByUserId: u.id,
              justification:
                'Cliente da corretora há cinco anos; pedido de nomeação para licitações de 2026.',
            },
          ]
        : []),
    ]);
  }
};
