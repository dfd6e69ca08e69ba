import { z } from 'zod';
import { createRequestDocumentBody, requestDocumentView } from '../documents/documents.contracts.js';
import {
  financialResult,
  proposalDetail,
  proposalKey,
  proposalView,
  riskChangeView,
} from '../proposals/proposals.contracts.js';
import {
  date,
  insuredAmount,
  integer,
  money,
  optionalText,
  rate,
  requiredText,
  uuid,
} from '../shared/fields.js';
import { cardCall } from './card-call.js';

/**
 * The proposal cards of the analysis pipes (PEP, credit, registration, subscription, inspection,
 * reinsurance; issue 15): their detail call and what the underwriter does on them. Insurer staff
 * who may view pipes (1) and manage proposals (31; reads 32).
 */
const key = proposalKey();

export const proposalAnalysisState = z
  .object({
    Round: z.number().int(),
    PassedEngineIds: z.array(z.number().int()),
    WaitingEngineId: z.number().int().nullable(),
    WaitingEngineName: z.string().nullable(),
    WaitingCardType: z.string().nullable(),
    CessionPlan: z
      .object({
        InsuredAmount: z.string(),
        Retention: z.string(),
        Retained: z.string(),
        Ceded: z.string(),
        LocalOffered: z.string(),
        EventualMax: z.string(),
        Admitted: z.string(),
      })
      .nullable()
      .meta({ description: 'O plano de cessão do card de resseguro (≥ 40% a locais, ≤ 10% a eventuais).' }),
  })
  .meta({ id: 'ProposalAnalysisState' });

export const proposalCardInfo = z
  .object({
    Proposal: proposalDetail,
    Analysis: proposalAnalysisState,
    RiskChange: riskChangeView,
  })
  .meta({ id: 'ProposalCardInfo' });
export type ProposalCardInfo = z.infer<typeof proposalCardInfo>;

export const getCardProposalInfo = cardCall({
  method: 'GET',
  path: '/api/kanban/GetCardProposalInfo',
  summary: 'Detalhes da Proposta / Dados da Proposta de um card de proposta',
  description:
    'ProposalUniqueId: o card ref dos cards de proposta (SEGURADO_QSA_PEP, REQUEST_LIMIT e GRUPO_ECONOMICO de proposta, ANALISE_CCG de proposta, PROPOSTA_SUBSCRICAO, PROPOSTA_INSPECAO, PROPOSTA de resseguro). Devolve a proposta completa (com documentos, linha do tempo e log do motor), onde a análise automática está (validações aprovadas, a que aguarda o card, plano de cessão) e a mudança de risco.',
  query: z.object(key),
  response: proposalCardInfo,
});

export const kanbanProposalRequestDocument = cardCall({
  method: 'POST',
  path: '/api/kanban/KanbanProposalRequestDocument',
  summary: 'Pede um documento ao corretor no card da proposta',
  description:
    'Corpo: ProposalUniqueId, Name, RequestDocumentTypeId (1-8) e IsRequired. Cria o documento pedido na proposta (pendente) e o devolve. Permissões 1 e 45/47.',
  body: z.object({ ...key, ...createRequestDocumentBody.shape }),
  response: requestDocumentView,
});

export const kanbanProposalChangeStatusRequestDocument = cardCall({
  method: 'POST',
  path: '/api/kanban/KanbanProposalChangeStatusRequestDocument',
  summary: 'Aprova (Conforme) ou reprova um documento da proposta no card',
  description:
    'Corpo: RequestDocumentUniqueId (documento de uma proposta), Approve e Justification (obrigatória ao reprovar). Devolve o documento.',
  body: z.object({
    RequestDocumentUniqueId: uuid('Documento inválido.'),
    Approve: z.boolean(),
    Justification: optionalText('a justificativa', 2000),
  }),
  response: requestDocumentView,
});

export const kanbanProposalDeleteRequestDocument = cardCall({
  method: 'POST',
  path: '/api/kanban/KanbanProposalDeleteRequestDocument',
  summary: 'Remove um documento pedido da proposta no card',
  description:
    'Corpo: ProposalUniqueId e RequestDocumentUniqueId. O documento fica entre os removidos (pode ser restaurado).',
  body: z.object({ ...key, RequestDocumentUniqueId: uuid('Documento inválido.') }),
  response: z.object({ Deleted: z.boolean() }),
});

export const kanbanProposalSendToBroker = cardCall({
  method: 'POST',
  path: '/api/kanban/KanbanProposalSendToBroker',
  summary: 'Envia a proposta ao corretor com o que o subscritor mudou ou pede (2 → 6)',
  description:
    'Corpo: ProposalUniqueId, Reason (o que o corretor deve ver ou fazer) e RequestDocuments (opcional). A validação que a proposta aguardava conta como aprovada pelo subscritor (log do motor), o card é fechado e a proposta passa a 6 Aguardando Corretor; quando o corretor responde (UpdateProposalTimelineInfo), volta a 2 e a análise segue da validação seguinte.',
  body: z.object({
    ...key,
    Reason: requiredText('o motivo', 2000, { min: 5 }),
    RequestDocuments: z.array(createRequestDocumentBody).max(10).optional(),
  }),
  response: proposalView,
});

export const kanbanInsuranceUpdateProposal = cardCall({
  method: 'POST',
  path: '/api/kanban/KanbanInsuranceUpdateProposal',
  summary: 'O subscritor muda a taxa, o agravo ou a sinistralidade da proposta no card',
  description:
    'Corpo: ProposalUniqueId, Version (opcional), Tax (taxa comercial, %), SpecialLoading e LossHistory (%). O prêmio é recalculado pela taxa informada e gravado, com histórico; o corretor vê a mudança na proposta e no histórico. IS e vigência (InsuredAmountValue, ProposalStartDate, ProposalEndDate) mudam sem recálculo: o corretor as vê em GetProposalRiskChange e aceita (recalcula) ou desfaz (ResetProposalRiskChange). Proposta em 2, 6 ou 9.',
  body: z.object({
    ...key,
    Version: integer({ min: 1 }).optional(),
    Tax: rate('a taxa').nullish(),
    SpecialLoading: rate('o agravo', { max: 500 }).nullish(),
    LossHistory: rate('a sinistralidade', { max: 500 }).nullish(),
    InsuredAmountValue: insuredAmount('a importância segurada').nullish(),
    ProposalStartDate: date().nullish(),
    ProposalEndDate: date().nullish(),
  }),
  response: financialResult.extend({ Version: z.number().int() }),
});

export const kanbanInsuranceUpdateProposalContractualTerms = cardCall({
  method: 'POST',
  path: '/api/kanban/KanbanInsuranceUpdateProposalContractualTerms',
  summary: 'O subscritor edita a cláusula especial e o texto das cláusulas particulares no card',
  description:
    'Corpo: ProposalUniqueId, SpecialClause (texto; vazio remove) e ParticularClauses ([{ ParticularClauseId, Text }], só as que a proposta já tem). Histórico e linha do tempo registram a mudança; devolve as condições contratuais como GetProposalContractualTerms.',
  body: z.object({
    ...key,
    SpecialClause: optionalText('a cláusula especial', 20_000),
    ParticularClauses: z
      .array(
        z.object({
          ParticularClauseId: integer({ min: 1 }),
          Text: requiredText('o texto da cláusula', 20_000),
        }),
      )
      .max(50)
      .optional(),
  }),
  response: z.array(z.record(z.string(), z.unknown())),
});

export const economicGroupCardInfo = z
  .object({
    /** Null on a registry card (its ref is the policy holder). */
    ProposalUniqueId: z.string().nullable(),
    ProposalNumber: z.number().int().nullable(),
    InsuredAmount: z.string().nullable(),
    PolicyHolder: z.object({
      Id: z.number().int(),
      UniqueId: z.string(),
      Name: z.string(),
      Document: z.string(),
    }),
    EconomicGroup: z
      .object({
        Id: z.number().int(),
        UniqueId: z.string(),
        Name: z.string(),
        Limit: z.string(),
        Used: z.string(),
        Available: z.string(),
        Members: z.array(
          z.object({
            Id: z.number().int(),
            UniqueId: z.string(),
            Name: z.string(),
            Document: z.string(),
            Used: z.string(),
          }),
        ),
      })
      .nullable(),
    HolderAvailable: z.string(),
  })
  .meta({ id: 'EconomicGroupCardInfo' });

export const getCardEconomicGroupInfo = cardCall({
  method: 'GET',
  path: '/api/kanban/GetCardEconomicGroupInfo',
  summary: 'Dados do Tomador e do seu grupo econômico de um card GRUPO_ECONOMICO',
  description:
    'ProposalUniqueId: o card ref, que é a proposta (a validação de crédito parou no limite do grupo) ou o tomador (card do cadastro para confirmar o grupo; então ProposalUniqueId, ProposalNumber e InsuredAmount vêm nulos). Devolve o tomador, o grupo econômico com o limite, o utilizado (livro de exposições) e o disponível, e os membros com o que cada um usa.',
  query: z.object(key),
  response: economicGroupCardInfo,
});

export const kanbanSaveEconomicGroup = cardCall({
  method: 'POST',
  path: '/api/kanban/KanbanSaveEconomicGroup',
  summary: 'Ajusta o limite do grupo econômico do tomador no card GRUPO_ECONOMICO',
  description:
    'Corpo: ProposalUniqueId (o card ref: proposta ou tomador) e Limit (limite agregado do grupo; vazio = soma dos limites dos membros). Histórico no tomador; devolve os dados do card. Aprovar o card segue a análise; a validação de crédito pode ser reexecutada (16).',
  body: z.object({ ...key, Limit: money('o limite do grupo').nullish() }),
  response: economicGroupCardInfo,
});
