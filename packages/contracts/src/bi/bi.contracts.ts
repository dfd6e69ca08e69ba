import { Permission, UserType } from '@aval/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { date, integer } from '../shared/fields.js';

/**
 * BI (issue 17): the built-in dashboard's aggregates, computed by SQL over the live tables, and the
 * company's external BI (Metabase static embedding). Our own calls (`area: 'extra'`): the spec
 * only names the route `/bi/embbeded` and permission 3. Money as decimal strings, dates `YYYY-MM-DD`.
 */
const P = Permission;

const positiveId = () => integer({ min: 1 });

export const biFilters = z.object({
  /** Period of production (issue date of policies, creation of proposals); default: the last 12 months. */
  StartDate: date('Data inicial inválida.').optional(),
  EndDate: date('Data final inválida.').optional(),
  BranchId: positiveId().optional(),
  ModalityId: positiveId().optional(),
  BrokerId: positiveId().optional(),
});
export type BiFilters = z.infer<typeof biFilters>;

const option = z.object({ Id: z.number().int(), Name: z.string() });

const limitUse = {
  Limit: z.string(),
  Used: z.string(),
  Available: z.string(),
  /** Used ÷ limit × 100, two decimals; null without a limit. */
  UsedPercentage: z.string().nullable(),
};

export const biDashboard = z
  .object({
    StartDate: z.string(),
    EndDate: z.string(),
    /** Brazil's calendar day the snapshots (in force, expiring, late) are taken on. */
    Today: z.string(),
    /** True for brokers, agents and advisors: their brokerages' production only, no holder limits. */
    BrokerScoped: z.boolean(),
    Options: z.object({
      Branches: z.array(option),
      Modalities: z.array(option.extend({ BranchId: z.number().int() })),
      Brokers: z.array(option),
    }),
    /** Premium written per month (America/Sao_Paulo) and modality: policies issued, endorsement extra premiums, minus restitutions. */
    PremiumByMonth: z.array(
      z.object({
        Month: z.string(),
        ModalityId: z.number().int(),
        ModalityName: z.string(),
        Written: z.string(),
        Restitutions: z.string(),
        Net: z.string(),
      }),
    ),
    /** Issued policies in force today (Emitida, start ≤ today ≤ end), by modality. */
    InsuredAmountInForce: z.array(
      z.object({
        ModalityId: z.number().int(),
        ModalityName: z.string(),
        Policies: z.number().int(),
        InsuredAmount: z.string(),
      }),
    ),
    /** Quotes created in the period, those sent to analysis, those issued. */
    Funnel: z.array(
      z.object({
        Stage: z.enum(['Quote', 'Proposal', 'Issued']),
        Label: z.string(),
        Count: z.number().int(),
        InsuredAmount: z.string(),
      }),
    ),
    /** The 10 policy holders using most of their global limit (exposure ledger). */
    LimitByPolicyHolder: z.array(
      z.object({ PolicyHolderId: z.number().int(), Name: z.string(), Document: z.string(), ...limitUse }),
    ),
    /** Economic groups: the group's limit (or the sum of its members') and the members' exposure. */
    LimitByEconomicGroup: z.array(
      z.object({
        EconomicGroupId: z.number().int(),
        Name: z.string(),
        Members: z.number().int(),
        ...limitUse,
      }),
    ),
    /** Policies in force ending within 0-30, 31-60 and 61-90 days. */
    Expiring: z.array(
      z.object({
        Days: z.number().int(),
        Label: z.string(),
        Policies: z.number().int(),
        InsuredAmount: z.string(),
      }),
    ),
    /** SRO registrations pending past their deadline (the oldest 10 listed). */
    LateSro: z.object({
      Total: z.number().int(),
      InsuredAmount: z.string(),
      Policies: z.array(
        z.object({
          UniqueId: z.string(),
          Number: z.string(),
          PolicyHolderName: z.string(),
          BrokerName: z.string(),
          SroDeadline: z.string(),
          DaysLate: z.number().int(),
        }),
      ),
    }),
    /**
     * Commission flex per broker over the policies issued in the period: the first calculated
     * commission (the broker's default) against the one issued; CommissionGivenUp = Σ premium ×
     * max(0, first − used) ÷ 100.
     */
    CommissionFlex: z.array(
      z.object({
        BrokerId: z.number().int(),
        BrokerName: z.string(),
        Policies: z.number().int(),
        FlexedPolicies: z.number().int(),
        AverageDefaultPercentage: z.string(),
        AverageUsedPercentage: z.string(),
        CommissionGivenUp: z.string(),
      }),
    ),
  })
  .meta({ id: 'BiDashboard' });
export type BiDashboard = z.infer<typeof biDashboard>;

export const getBiDashboard = endpoint({
  area: 'extra',
  method: 'GET',
  path: '/api/Bi/GetDashboard',
  summary: 'Painel de BI: prêmio emitido, IS em vigor, funil, limites, vencimentos, SRO e flex de comissão',
  description:
    'Permissão 3 (VISUALIZAR_BI). A seguradora vê a empresa toda; corretor, agente e assessor (o perfil padrão do assessor tem a permissão 3) veem só a produção das corretoras que enxergam (a própria, ou as assessoradas), sem os limites dos tomadores nem os gráficos das esteiras (`BrokerScoped`). Filtros: período (`StartDate`, `EndDate`; padrão os últimos 12 meses), ramo, modalidade e corretora. Agregados calculados em SQL sobre as tabelas da empresa (RLS). Os retratos (IS em vigor, vencimentos, SRO atrasado, limites) são de hoje no calendário de Brasília; os filtros de ramo, modalidade e corretora valem para todos, exceto limites (do tomador, não da apólice).',
  query: biFilters,
  response: biDashboard,
  permissions: [P.VISUALIZAR_BI],
  userTypes: [UserType.INSURANCE, UserType.BROKER, UserType.AGENT, UserType.ADVISOR],
});

export const externalBiEmbed = z
  .object({
    /** False: no external BI configured, the portal shows the built-in dashboard. */
    Configured: z.boolean(),
    /** `{site}/embed/dashboard/{token}#bordered=false&titled=true`, valid until ExpiresAt. */
    Url: z.string().nullable(),
    ExpiresAt: z.string().nullable(),
  })
  .meta({ id: 'ExternalBiEmbed' });

export const getExternalBiEmbed = endpoint({
  area: 'extra',
  method: 'GET',
  path: '/api/Bi/GetExternalBiEmbed',
  summary: 'URL assinada (10 min) do painel do BI externo (Metabase), com a empresa travada',
  description:
    'Permissão 3. Quando a empresa configurou um BI externo, assina com HS256 um token `{ resource: { dashboard }, params: { company_id }, exp }` válido por 10 minutos e devolve a URL de incorporação; o segredo nunca sai do servidor. Sem configuração: `{ Configured: false }`.',
  response: externalBiEmbed,
  permissions: [P.VISUALIZAR_BI],
  userTypes: [UserType.INSURANCE],
});

export const externalBiSettings = z
  .object({
    Configured: z.boolean(),
    SiteUrl: z.string().nullable(),
    DashboardId: z.number().int().nullable(),
    /** Whether a secret is stored (the secret itself is never returned). */
    HasSecret: z.boolean(),
    UpdatedAt: z.string().nullable(),
  })
  .meta({ id: 'ExternalBiSettings' });

export const getExternalBiSettings = endpoint({
  area: 'extra',
  method: 'GET',
  path: '/api/Bi/GetExternalBiSettings',
  summary: 'Configuração do BI externo da empresa (sem o segredo)',
  response: externalBiSettings,
  permissions: [P.PARAMETRIZAR_SEGURADORA],
  userTypes: [UserType.INSURANCE],
});

export const saveExternalBiSettingsBody = z.object({
  /** False removes the configuration (the built-in dashboard shows). */
  Enabled: z.boolean(),
  SiteUrl: z
    .url({ protocol: /^https?$/, message: 'Informe a URL do Metabase (http ou https).' })
    .max(300, 'A URL pode ter no máximo 300 caracteres.')
    .optional(),
  DashboardId: integer({ min: 1 }).optional(),
  /** The Metabase embedding secret key; omitted keeps the stored one. */
  Secret: z
    .string()
    .trim()
    .min(32, 'A chave secreta de incorporação tem ao menos 32 caracteres.')
    .max(256, 'A chave secreta pode ter no máximo 256 caracteres.')
    .optional(),
});

export const saveExternalBiSettings = endpoint({
  area: 'extra',
  method: 'PUT',
  path: '/api/Bi/SaveExternalBiSettings',
  summary: 'Configura (ou remove) o BI externo da empresa: URL do Metabase, painel e chave secreta',
  description:
    'Permissão 26 (PARAMETRIZAR_SEGURADORA), só a seguradora. `Enabled=false` remove a configuração. A chave é guardada cifrada no servidor e nunca volta em resposta alguma.',
  body: saveExternalBiSettingsBody,
  response: externalBiSettings,
  permissions: [P.PARAMETRIZAR_SEGURADORA],
  userTypes: [UserType.INSURANCE],
});
