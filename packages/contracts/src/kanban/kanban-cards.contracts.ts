import { allCardTypes } from '@aval/domain';
import { z } from 'zod';
import { brokerView } from '../brokers/brokers.contracts.js';
import { archiveView, requestDocumentView } from '../documents/documents.contracts.js';
import {
  financialStatement,
  limitObservation,
  policyHolderLimits,
  policyHolderNomination,
} from '../policy-holders/policy-holders.contracts.js';
import { id, money, optionalText, rate, requiredText, uuid } from '../shared/fields.js';
import { cardCall } from './card-call.js';

/**
 * The registry cards' detail calls on the main API (spec §7 "Kanban (main API)"): insurer staff
 * who may view pipes (permission 1) open a card's detail view by its card ref.
 */
export const getCardBrokerInfo = cardCall({
  method: 'GET',
  path: '/api/kanban/GetCardBrokerInfo',
  summary: 'Dados da Corretora de um card de cadastro (documentação, conformidade, PEP)',
  description:
    'O card de ANALISE_DOCUMENTACAO_CORRETORA, ANALISE_CONFORMIDADE_CORRETORA ou CORRETORA_PEP traz o UniqueId da corretora como card ref; esta chamada devolve os dados da corretora, com responsáveis e situação do cadastro.',
  query: z.object({ BrokerUniqueId: uuid('Corretora inválida.') }),
  response: brokerView,
});

export const nominationCardInfo = policyHolderNomination
  .extend({
    BrokerUniqueId: z.string().nullable(),
    BrokerName: z.string().nullable(),
    BrokerCpfCnpj: z.string().nullable(),
  })
  .meta({ id: 'NominationCardInfo' });

export const getCardPolicyHolderNomeationRequestInfo = cardCall({
  method: 'GET',
  path: '/api/kanban/GetCardPolicyHolderNomeationRequestInfo',
  summary: 'Dados da Solicitação de Nomeação de um card NOMEACAO_TOMADOR',
  description:
    'PolicyHolderNomeationRequestId: o UniqueId da solicitação (o card ref do card) ou o seu Id. Devolve a solicitação, o tomador e a corretora que pediu a nomeação.',
  query: z.object({
    PolicyHolderNomeationRequestId: z
      .string()
      .trim()
      .regex(/^(\d{1,9}|[0-9a-fA-F-]{36})$/, 'Solicitação de nomeação inválida.'),
  }),
  response: nominationCardInfo,
});

export const requestLimitCardInfo = z
  .object({
    UniqueId: z.string().meta({ description: 'A solicitação de revisão de limite (o card ref).' }),
    StatusId: z.number().int().meta({ description: '1 Pendente, 2 Aprovada, 3 Recusada.' }),
    StatusName: z.string(),
    RequestedAt: z.string(),
    RequestedByName: z.string().nullable(),
    DecidedAt: z.string().nullable(),
    DecidedByName: z.string().nullable(),
    Justification: z.string().nullable().meta({ description: 'A justificativa da decisão no card.' }),
    AppliedLimit: z.string().nullable().meta({ description: 'O limite global aplicado na aprovação.' }),
    AppliedRating: z.string().nullable(),
    PolicyHolder: z.object({
      Id: z.number().int(),
      UniqueId: z.string(),
      Name: z.string(),
      TradeName: z.string().nullable(),
      Document: z.string().meta({ description: 'CNPJ com máscara.' }),
    }),
    FinancialStatements: z.array(financialStatement),
    RequestDocuments: z.array(requestDocumentView),
    Observations: z.array(limitObservation),
    CurrentLimits: policyHolderLimits,
    Calculated: z
      .object({
        Rating: z.string(),
        Score: z.string(),
        Limit: z.string(),
        Rates: z.array(z.object({ ModalityId: z.number().int(), Rate: z.string() })),
      })
      .nullable()
      .meta({
        description:
          'O que CalculatePolicyHolderLimitsAndRates daria agora pelo último demonstrativo (nada é gravado); null com CalculationMessage quando falta demonstrativo ou parâmetro.',
      }),
    CalculationMessage: z.string().nullable(),
  })
  .meta({ id: 'RequestLimitCardInfo' });
export type RequestLimitCardInfo = z.infer<typeof requestLimitCardInfo>;

export const getCardRequestLimitInfo = cardCall({
  method: 'GET',
  path: '/api/kanban/GetCardRequestLimitInfo',
  summary: 'Revisão de Limite de um card REQUEST_LIMIT',
  description:
    'PolicyHolderUniqueId: o card ref do card REQUEST_LIMIT (o UniqueId da solicitação de revisão de limite) ou o UniqueId do tomador (a sua última solicitação). Devolve a solicitação, o tomador, os demonstrativos, os documentos e as observações da solicitação de limite, o limite e as taxas atuais e o cálculo pelo último demonstrativo. Aprovar o card (mover para a etapa de aprovação) aplica o limite, o rating e as taxas calculados, com histórico; recusar guarda a justificativa. O corretor vê o resultado nas observações e no limite do tomador.',
  query: z.object({ PolicyHolderUniqueId: uuid('Solicitação de revisão de limite inválida.') }),
  response: requestLimitCardInfo,
});

export const kanbanRequestLimitChangeStatusRequestDocument = cardCall({
  method: 'POST',
  path: '/api/kanban/KanbanRequestLimitChangeStatusRequestDocument',
  summary: 'Aprova ou reprova um documento da solicitação de limite (card REQUEST_LIMIT)',
  description:
    'Corpo: RequestDocumentUniqueId (documento do tipo 8, Solicitação de Limite, do tomador), Approve (true: Conforme; false: Reprovado) e Justification (obrigatória ao reprovar). Devolve o documento. Pede a permissão 1 e a de editar ou gerenciar documentos (45/47).',
  body: z.object({
    RequestDocumentUniqueId: uuid('Documento inválido.'),
    Approve: z.boolean(),
    Justification: optionalText('a justificativa', 2000),
  }),
  response: requestDocumentView,
});

export const kanbanRequestLimitApproveWithValues = cardCall({
  area: 'extra',
  method: 'POST',
  path: '/api/kanban/KanbanRequestLimitApproveWithValues',
  summary: 'Aprova a revisão de limite com limite e taxa informados pelo analista (card REQUEST_LIMIT)',
  description:
    'Corpo: RequestUniqueId (o card ref do card REQUEST_LIMIT), Limit (limite global, maior que zero), ModalityId (modalidade com taxa de crédito) e Rate (taxa em pontos percentuais, maior que zero e dentro da faixa que o cálculo dá à modalidade pelas faixas de rating, quando configuradas), Justification opcional. Em vez do limite e das taxas calculados, grava o limite global e a taxa da modalidade (o rating e as taxas das outras modalidades ficam), com histórico; aprova a solicitação, escreve a observação que o corretor lê e encerra o card na etapa Aprovado. Devolve a Revisão de Limite. Pede a permissão 35 (gerenciar a esteira de crédito); 422 quando a solicitação já foi analisada ou um valor está fora da faixa. O limite não passa do teto da seguradora: o menor entre um múltiplo do limite calculado e um múltiplo do patrimônio líquido do último demonstrativo (parâmetros da seguradora; 3× e 2× por padrão); acima dele, 422 com o teto na mensagem, salvo para quem tem a permissão 48 (Aprovar limite acima do teto) e envia ConfirmAboveBound com a justificativa, que fica no histórico do tomador e no histórico do card.',
  body: z.object({
    RequestUniqueId: uuid('Solicitação de revisão de limite inválida.'),
    Limit: money('o limite'),
    ModalityId: id('Modalidade inválida.'),
    Rate: rate('a taxa'),
    Justification: optionalText('a justificativa', 2000),
    ConfirmAboveBound: z.boolean().optional().meta({
      description:
        'true: aprova um limite acima do teto da seguradora (pede a permissão 48 e a justificativa com ao menos 10 caracteres).',
    }),
  }),
  response: requestLimitCardInfo,
});

// ---------------------------------------------------------------- observations on any card

export const cardObservation = z
  .object({
    UniqueId: z.string(),
    Observation: z.string(),
    CreatedByName: z.string().nullable(),
    CreatedAt: z.string(),
    FromInsurer: z.boolean().meta({ description: 'true: escrita pela seguradora; false: pelo corretor.' }),
  })
  .meta({ id: 'KanbanCardObservation' });
export type CardObservationView = z.infer<typeof cardObservation>;

const cardTypeField = z.enum(allCardTypes as [string, ...string[]], { message: 'Tipo de card inválido.' });

export const followUpSendObservation = cardCall({
  method: 'POST',
  path: '/api/kanban/FollowUpSendObservation',
  summary: 'Registra uma observação num card e avisa o outro lado por e-mail',
  description:
    'Corpo: CardType (um dos 18 tipos), CardRef (o card ref: UniqueId do registro dono do card) e Observation (até 2000 caracteres). A observação fica no card com autor e data; o corretor (ou o tomador) do registro recebe o texto por e-mail. Devolve as observações do card, da mais antiga à mais nova. Pede a permissão 1; um card ref que não existe nesta seguradora dá 404.',
  body: z.object({
    CardType: cardTypeField,
    CardRef: uuid('Card inválido.'),
    Observation: requiredText('a observação', 2000),
  }),
  response: z.array(cardObservation),
});

export const getCardObservations = cardCall({
  area: 'extra',
  method: 'GET',
  path: '/api/kanban/GetCardObservations',
  summary: 'Observações de um card (as que FollowUpSendObservation registrou)',
  query: z.object({ CardType: cardTypeField, CardRef: uuid('Card inválido.') }),
  response: z.array(cardObservation),
});

/** A user named on a card (its assignee, who moved it). */
export const cardUserName = z.object({ Id: z.number().int(), Name: z.string() }).meta({ id: 'CardUserName' });

export const getCardUserNames = cardCall({
  area: 'extra',
  method: 'GET',
  path: '/api/kanban/GetCardUserNames',
  summary: 'Nomes dos usuários que aparecem nos cards (responsável, quem moveu)',
  description:
    'UserIds: até 100 ids separados por vírgula (o serviço de esteiras guarda só o id). Devolve os usuários desta empresa com o nome da pessoa; ids de outra empresa ou inexistentes não aparecem.',
  query: z.object({
    UserIds: z
      .string()
      .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'Informe até 100 ids de usuário separados por vírgula.')
      .transform((v) => [...new Set(v.split(',').map(Number))]),
  }),
  response: z.array(cardUserName),
});

// ---------------------------------------------------------------- RAMO_ATIVIDADE

export const branchActivityView = z
  .object({
    Code: z.string().meta({ description: 'CNAE com máscara (4120-4/00).' }),
    Description: z.string(),
    Restricted: z.boolean().meta({ description: 'Atividade de atenção para a subscrição.' }),
  })
  .meta({ id: 'BranchActivity' });

export const getBranchActivities = cardCall({
  method: 'GET',
  path: '/api/kanban/GetBranchActivities',
  summary: 'Ramos de atividade (CNAE) que o card RAMO_ATIVIDADE oferece',
  response: z.array(branchActivityView),
});

export const branchActivityCardInfo = z
  .object({
    PolicyHolder: z.object({
      Id: z.number().int(),
      UniqueId: z.string(),
      Name: z.string(),
      TradeName: z.string().nullable(),
      Document: z.string().meta({ description: 'CNPJ com máscara.' }),
      Cnae: z.string().nullable().meta({ description: 'O CNAE atual do tomador, com máscara.' }),
      CnaeDescription: z.string().nullable(),
    }),
    StatusId: z
      .number()
      .int()
      .nullable()
      .meta({ description: '1 Pendente, 2 Aceito, 3 Recusado; null: nunca analisado.' }),
    StatusName: z.string(),
    AnalysedCnae: z.string().nullable().meta({ description: 'O CNAE analisado (com máscara).' }),
    Accepted: z.boolean().meta({ description: 'Aceito e ainda o CNAE do tomador.' }),
    Restricted: z.boolean(),
    Justification: z.string().nullable(),
    DecidedByName: z.string().nullable(),
    DecidedAt: z.string().nullable(),
    Observations: z.array(cardObservation),
  })
  .meta({ id: 'BranchActivityCardInfo' });
export type BranchActivityCardInfo = z.infer<typeof branchActivityCardInfo>;

export const getCardBranchActivityInfo = cardCall({
  method: 'GET',
  path: '/api/kanban/GetCardBranchActivityInfo',
  summary: 'Dados do Tomador de um card RAMO_ATIVIDADE (ramo de atividade a aceitar ou recusar)',
  description:
    'PolicyHolderUniqueId: o card ref do card RAMO_ATIVIDADE. Devolve o tomador com o seu CNAE, a situação da análise do ramo de atividade e as observações do card.',
  query: z.object({ PolicyHolderUniqueId: uuid('Tomador inválido.') }),
  response: branchActivityCardInfo,
});

export const kanbanSaveBranchActivity = cardCall({
  method: 'POST',
  path: '/api/kanban/KanbanSaveBranchActivity',
  summary: 'Aceita ou recusa o ramo de atividade (CNAE) de um tomador',
  description:
    'Corpo: PolicyHolderUniqueId, Cnae (opcional: um CNAE de GetBranchActivities que passa a ser o do tomador; sem ele, o CNAE atual), Accept e Justification (obrigatória ao recusar). O tomador guarda a decisão (a validação de cadastro lê "aceito"), com histórico, e o card vai para Aprovado ou Recusado e é encerrado. Pede a permissão 1 e a de gestão da esteira de cadastro (34).',
  body: z.object({
    PolicyHolderUniqueId: uuid('Tomador inválido.'),
    Cnae: z
      .string()
      .trim()
      .regex(/^\d{4}-?\d\/?\d{2}$/, 'CNAE inválido.')
      .optional(),
    Accept: z.boolean({ message: 'Informe se o ramo de atividade é aceito.' }),
    Justification: optionalText('a justificativa', 2000),
  }),
  response: branchActivityCardInfo,
});

// ---------------------------------------------------------------- ANALISE_CCG, ANALISE_CCG_MANUAL

export const ccgSignatoryView = z
  .object({
    Name: z.string(),
    Cpf: z.string().meta({ description: 'CPF com máscara.' }),
    Email: z.string().nullable(),
    RoleId: z
      .number()
      .int()
      .meta({ description: '1 Sócio com poderes, 2 Avalista (pessoa física), 3 Cônjuge do avalista.' }),
    RoleName: z.string(),
    Married: z.boolean(),
    SpouseOfCpf: z.string().nullable(),
    SignedAt: z.string().nullable(),
  })
  .meta({ id: 'CcgSignatory' });

export const ccgCardInfo = z
  .object({
    UniqueId: z.string().meta({ description: 'O CCG (o card ref).' }),
    StatusId: z.number().int().meta({
      description:
        '1 Criado, 2 AguardandoAssinatura, 3 AguardandoAnaliseSeguradora, 4 Assinado, 5 AlteracaoReprovada, 6 AguardandoCorretor.',
    }),
    StatusName: z.string(),
    Manual: z
      .boolean()
      .meta({ description: 'Assinado em papel e enviado digitalizado (ANALISE_CCG_MANUAL).' }),
    IgnoreCCGSignature: z.boolean().meta({ description: 'O tomador dispensa a assinatura (permissão 17).' }),
    SignedOrIgnored: z.boolean(),
    Justification: z.string().nullable(),
    CreatedAt: z.string(),
    SignedAt: z.string().nullable(),
    DecidedByName: z.string().nullable(),
    DecidedAt: z.string().nullable(),
    PolicyHolder: z.object({
      Id: z.number().int(),
      UniqueId: z.string(),
      Name: z.string(),
      Document: z.string(),
    }),
    BrokerName: z.string().nullable(),
    Signatories: z.array(ccgSignatoryView),
    RequestDocuments: z
      .array(requestDocumentView)
      .meta({ description: 'Os documentos do tipo CCG do tomador (o CCG assinado).' }),
    Observations: z.array(cardObservation),
  })
  .meta({ id: 'CcgCardInfo' });
export type CcgCardInfo = z.infer<typeof ccgCardInfo>;

export const getCardPolicyHolderCCGInfo = cardCall({
  method: 'GET',
  path: '/api/kanban/GetCardPolicyHolderCCGInfo',
  summary: 'Dados da Solicitação de CCG de um card ANALISE_CCG ou ANALISE_CCG_MANUAL',
  description:
    'PolicyHolderCCGUniqueId: o card ref (o UniqueId do CCG). Devolve o CCG com a situação, o tomador, os signatários (sócios com poderes, avalistas e cônjuges), o CCG assinado enviado e as observações. Aprovar o card (mover para Aprovado) passa o CCG a 4 Assinado; recusar, a 5 Alteração Reprovada.',
  query: z.object({ PolicyHolderCCGUniqueId: uuid('CCG inválido.') }),
  response: ccgCardInfo,
});

export const kanbanPolicyHolderCCGSendToBroker = cardCall({
  method: 'POST',
  path: '/api/kanban/KanbanPolicyHolderCCGSendToBroker',
  summary: 'Devolve o CCG ao corretor para ajuste (6 Aguardando Corretor)',
  description:
    'Corpo: PolicyHolderCCGUniqueId e Observation (o que o corretor deve corrigir ou enviar). O CCG passa a 6 Aguardando Corretor, o card vai para "Aguardando corretor", a observação fica no card e o corretor recebe o e-mail; quando ele envia o CCG de novo, o CCG volta a 3 e o card a "Em análise". Pede a permissão 1 e a de gestão da esteira de cadastro (34).',
  body: z.object({
    PolicyHolderCCGUniqueId: uuid('CCG inválido.'),
    Observation: requiredText('a observação', 2000),
  }),
  response: ccgCardInfo,
});

// ---------------------------------------------------------------- broker documents on cards

export const getRequestDocumentArchives = cardCall({
  method: 'GET',
  path: '/api/kanban/GetRequestDocumentArchives',
  summary: 'Arquivos de um documento solicitado (de qualquer card)',
  description: 'RequestDocumentUniqueId: o documento. Pede a permissão 1 e a de ver ou baixar documentos.',
  query: z.object({ RequestDocumentUniqueId: uuid('Documento inválido.') }),
  response: z.array(archiveView),
});

export const kanbanBrokerRequestDocument = cardCall({
  method: 'POST',
  path: '/api/kanban/KanbanBrokerRequestDocument',
  summary: 'Solicita um documento à corretora de um card de cadastro',
  description:
    'Corpo: BrokerUniqueId (o card ref), Name, RequestDocumentTypeId (padrão 5, Corretora) e IsRequired. Cria o documento pendente da corretora (com histórico); o corretor só é avisado em KanbanBrokerRequestDocumentsSendToBroker. Pede a permissão 1 e a de editar ou gerenciar documentos (45/47).',
  body: z.object({
    BrokerUniqueId: uuid('Corretora inválida.'),
    Name: z
      .string()
      .trim()
      .min(3, 'O nome do documento deve ter ao menos 3 caracteres.')
      .max(50, 'O nome do documento deve ter no máximo 50 caracteres.'),
    RequestDocumentTypeId: z.number().int().min(1).max(8).optional(),
    IsRequired: z.boolean().optional(),
  }),
  response: requestDocumentView,
});

export const kanbanBrokerChangeStatusRequestDocument = cardCall({
  method: 'POST',
  path: '/api/kanban/KanbanBrokerChangeStatusRequestDocument',
  summary: 'Aprova ou reprova um documento da corretora (card de cadastro)',
  description:
    'Corpo: RequestDocumentUniqueId, Approve (true: Conforme; false: Reprovado) e Justification (obrigatória ao reprovar). Pede a permissão 1 e a de editar ou gerenciar documentos (45/47).',
  body: z.object({
    RequestDocumentUniqueId: uuid('Documento inválido.'),
    Approve: z.boolean(),
    Justification: optionalText('a justificativa', 2000),
  }),
  response: requestDocumentView,
});

export const kanbanBrokerRequestDocumentsSendToBroker = cardCall({
  method: 'POST',
  path: '/api/kanban/KanbanBrokerRequestDocumentsSendToBroker',
  summary: 'Envia à corretora os documentos pendentes ou reprovados do seu cadastro',
  description:
    'Corpo: BrokerUniqueId (o card ref) e Observation (opcional). A corretora recebe por e-mail a lista de documentos pendentes e reprovados (com o motivo), o card de cadastro vai para "Aguardando corretor" e a observação fica no card. Devolve os documentos da corretora. 422 quando nada está pendente.',
  body: z.object({
    BrokerUniqueId: uuid('Corretora inválida.'),
    Observation: optionalText('a observação', 2000),
  }),
  response: z.array(requestDocumentView),
});

export const kanbanBrokerDeleteRequestDocument = cardCall({
  method: 'POST',
  path: '/api/kanban/KanbanBrokerDeleteRequestDocument',
  summary: 'Remove um documento solicitado à corretora',
  description:
    'Corpo: RequestDocumentUniqueId. Pede a permissão 1 e a de remover documentos (46). Devolve true.',
  body: z.object({ RequestDocumentUniqueId: uuid('Documento inválido.') }),
  response: z.boolean(),
});
