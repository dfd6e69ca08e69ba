import { UserType } from '@aval/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { proposalRead } from '../proposals/proposals.contracts.js';

/**
 * The home of each user (issue 17): what waits for the caller, counted in one call where no call
 * of the spec counts it. Lists (late SRO, policies expiring, quotes) come from their own calls;
 * the kanban service gives the cards. Money as decimal strings.
 */

/** Days left of the 25-day acceptance clock at or under which a proposal counts as "nearing". */
export const ACCEPTANCE_NEAR_DAYS = 5;

export const homeStatusCount = z
  .object({ StatusId: z.number().int(), StatusName: z.string(), Count: z.number().int() })
  .meta({ id: 'HomeStatusCount' });

export const homeAcceptanceDue = z
  .object({
    UniqueId: z.string(),
    Number: z.number().int(),
    /** `surety` or `property` (the insurer's proposal route carries it). */
    Kind: z.enum(['surety', 'property']),
    StatusId: z.number().int(),
    StatusName: z.string(),
    PolicyHolderName: z.string(),
    BrokerName: z.string(),
    DaysLeft: z.number().int(),
    IsPaused: z.boolean(),
    IsOverdue: z.boolean(),
  })
  .meta({ id: 'HomeAcceptanceDue' });

export const homePolicyHolderLimit = z
  .object({
    UniqueId: z.string(),
    Name: z.string(),
    Document: z.string(),
    Limit: z.string(),
    Used: z.string(),
    Available: z.string(),
    /** Used over limit, in percent with one decimal (0 without a limit). */
    UsedPercent: z.number(),
  })
  .meta({ id: 'HomePolicyHolderLimit' });

export const homePendingDocuments = z
  .object({
    ProposalUniqueId: z.string(),
    ProposalNumber: z.number().int(),
    StatusId: z.number().int(),
    StatusName: z.string(),
    Pending: z.number().int(),
  })
  .meta({ id: 'HomePendingDocuments' });

export const homeSummary = z
  .object({
    /** Proposals in the caller's scope per status (statuses with none left out). */
    ProposalsByStatus: z.array(homeStatusCount),
    /** Insurer staff: proposals in analysis (2, 6) with the acceptance clock at or under the limit, fewest days first. */
    AcceptanceDue: z.array(homeAcceptanceDue),
    AcceptanceDueTotal: z.number().int(),
    /** Brokers, agents and policy holder users: their policy holders with a limit, most used first (up to 8). */
    PolicyHolderLimits: z.array(homePolicyHolderLimit),
    /** Proposals still edited (8, 1, 6) with required documents not yet accepted, most pending first (up to 8). */
    PendingDocuments: z.array(homePendingDocuments),
    PendingDocumentsTotal: z.number().int(),
  })
  .meta({ id: 'HomeSummary' });
export type HomeSummary = z.infer<typeof homeSummary>;

export const getHomeSummary = endpoint({
  area: 'extra',
  method: 'GET',
  path: '/api/Home/GetHomeSummary',
  summary:
    'Resumo da página inicial: propostas por status, prazos de aceitação, limites e documentos pendentes',
  description: `Conforme quem pergunta (mesma visibilidade das pesquisas): seguradora vê todas as propostas e as que estão em análise com ${ACCEPTANCE_NEAR_DAYS} dias ou menos do prazo de aceitação de 25 dias; corretor e agente as da sua corretora e os limites dos seus tomadores; tomador as suas e o seu limite. Documentos obrigatórios pendentes das propostas ainda em edição.`,
  response: homeSummary,
  permissions: proposalRead,
  userTypes: [UserType.INSURANCE, UserType.BROKER, UserType.AGENT, UserType.POLICY_HOLDER],
});
