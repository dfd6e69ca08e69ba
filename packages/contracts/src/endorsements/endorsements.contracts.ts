import { Permission, UserType } from '@aval/domain';
import { z } from 'zod';
import { archiveView, requestDocumentView } from '../documents/documents.contracts.js';
import { endpoint } from '../endpoint.js';
import { cardCall } from '../kanban/card-call.js';
import { date, insuredAmount, optionalText, uuid } from '../shared/fields.js';
import { qInt } from '../shared/schemas.js';

/**
 * Endorsements (issue 16): change (IS, vigência, object, parties' data) and cancellation of an
 * issued policy. Each endorsement is an endorsement proposal (its UniqueId is the spec's
 * ProposalUniqueId) that runs the automatic registration, credit, reinsurance and subscription
 * steps and then waits for the insurer's approval (card ENDOSSO_ALTERACAO / ENDOSSO_CANCELAMENTO).
 */
const area = 'endorsements';
const request = { permissions: [Permission.SOLICITAR_ENDOSSO] } as const;
const insurerOnly = { permissions: [Permission.SOLICITAR_ENDOSSO], userTypes: [UserType.INSURANCE] } as const;

const idOrUuid = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^(\d{1,9}|[0-9a-fA-F-]{36})$/, message);

export const premiumDifferenceView = z
  .object({
    Kind: z.enum(['extra', 'restitution', 'none']).meta({
      description: 'extra: prêmio adicional a cobrar; restitution: restituição; none: sem diferença.',
    }),
    EffectiveDate: z.string(),
    RemainingDays: z.number().int(),
    NewRemainingDays: z.number().int(),
    Tax: z.string().meta({ description: 'A taxa comercial da apólice (% a.a.).' }),
    ExtraPremium: z.string(),
    IOFValue: z.string(),
    CommissionOnExtra: z.string(),
    UnearnedPremium: z.string(),
    AcquisitionCostPercentage: z.string(),
    AcquisitionCostsKept: z.string(),
    Restitution: z.string().meta({
      description:
        'Prêmio não decorrido menos os custos de aquisição retidos; num cancelamento, mais o IOF da parte não decorrida (a mesma regra e o mesmo valor do cancelamento interno na mesma data).',
    }),
    CurrentInsurancePremium: z.string(),
    NewInsurancePremium: z.string(),
    NewComissionValue: z.string(),
  })
  .meta({ id: 'EndorsementPremiumDifference' });
export type PremiumDifferenceView = z.infer<typeof premiumDifferenceView>;

export const comparedField = z
  .object({
    Field: z.string(),
    Label: z.string(),
    OldValue: z.string().nullable(),
    NewValue: z.string().nullable(),
  })
  .meta({ id: 'EndorsementComparedField' });
export type ComparedFieldView = z.infer<typeof comparedField>;

export const endorsementStepView = z.object({
  Step: z.enum(['registration', 'credit', 'reinsurance', 'subscription']),
  Name: z.string(),
  Approved: z.boolean(),
  Message: z.string().nullable(),
  ExecutedAt: z.string(),
});
export type EndorsementStepView = z.infer<typeof endorsementStepView>;

export const endorsementView = z
  .object({
    EndorsementId: z.number().int(),
    ProposalUniqueId: z.string(),
    Number: z.number().int().meta({ description: 'Número do endosso na apólice (1, 2, …).' }),
    PolicyUniqueId: z.string(),
    PolicyNumber: z.string(),
    EndorsementTypeId: z.number().int(),
    EndorsementTypeName: z.string(),
    ReasonEndorsementRequestId: z.number().int(),
    ReasonName: z.string(),
    EndorsementChangeTypeIds: z.array(z.number().int()),
    StatusId: z.number().int(),
    StatusName: z.string(),
    StartDate: z.string(),
    EndDate: z.string(),
    DeadlineDays: z.number().int(),
    InsuredAmountValue: z.string(),
    ComplementaryInsuredAmountValue: z.string().meta({ description: 'Nova IS − IS anterior.' }),
    ComplementaryEndDate: z.string().nullable(),
    ComplementaryDeadlineDays: z.number().int(),
    PremiumDifference: premiumDifferenceView,
    RequestInsurancePremiumReview: z.boolean(),
    JustificationInsurancePremiumReview: z.string().nullable(),
    Steps: z.array(endorsementStepView),
    RequestedAt: z.string(),
    RequestedByName: z.string().nullable(),
    DecidedAt: z.string().nullable(),
    DecidedByName: z.string().nullable(),
    DecisionNote: z.string().nullable(),
    HasDocument: z.boolean(),
    BankSlips: z
      .array(
        z.object({
          InstallmentNumber: z.number().int(),
          DueDate: z.string(),
          Amount: z.string(),
          StatusId: z.number().int(),
          StatusName: z.string(),
          DigitableLine: z.string(),
        }),
      )
      .meta({
        description:
          'Boletos do prêmio adicional, emitidos na aprovação (DownloadEndorsementDocument com installment).',
      }),
  })
  .meta({ id: 'Endorsement' });
export type EndorsementView = z.infer<typeof endorsementView>;

const party = z.object({ Name: optionalText('o nome', 200) }).optional();

/** The endorsement payload (spec §3): what changes, why, and the documents. */
export const endorsementPayload = z.object({
  PolicyUniqueId: uuid('Apólice inválida.'),
  EndorsementTypeId: z.coerce
    .number()
    .int()
    .min(1, 'Tipo de endosso inválido.')
    .max(2, 'Tipo de endosso inválido.'),
  ReasonEndorsementRequestId: z.coerce
    .number({ message: 'Informe o motivo.' })
    .int()
    .positive('Informe o motivo.'),
  EndorsementChangeTypeIds: z.array(z.coerce.number().int().min(1).max(4)).max(4).default([]),
  InsuredAmountValue: insuredAmount('a importância segurada').optional(),
  EndDate: date('Fim de vigência inválido.').optional(),
  /**
   * From when the change applies (default today): within the policy's vigência, retroactive up to
   * the modality's RetroactiveDays and ahead up to its FutureDays; the premium is pro rata from it.
   */
  EffectiveDate: date('Data de efeito inválida.').optional(),
  EndorsementObject: optionalText('o objeto', 4000),
  ContractualTerms: z
    .object({
      Object: optionalText('o objeto', 4000),
      ParticularClausule: optionalText('a cláusula particular', 4000),
    })
    .optional(),
  PolicyHolder: party,
  Insured: party,
});
export type EndorsementPayload = z.infer<typeof endorsementPayload>;

export const createEndorsementBody = endorsementPayload.extend({
  RestoreInsurancePremium: z.boolean().default(true),
  RequestInsurancePremiumReview: z.boolean().default(false),
  JustificationInsurancePremiumReview: optionalText('a justificativa', 2000),
  Documents: z
    .array(
      z.object({
        Name: z.string().trim().min(1).max(120),
        ArchiveUniqueIds: z.array(uuid('Arquivo inválido.')).max(20),
      }),
    )
    .max(20)
    .default([]),
});
export type CreateEndorsementBody = z.infer<typeof createEndorsementBody>;

export const requiredEndorsementDocument = z.object({
  Name: z.string(),
  IsRequired: z.boolean(),
  RequestDocumentTypeId: z.number().int(),
});

export const endorsementValidation = z
  .object({
    PremiumDifference: premiumDifferenceView,
    Changes: z.array(comparedField),
    RequiredDocuments: z.array(requiredEndorsementDocument),
  })
  .meta({ id: 'EndorsementValidation' });

export const getEndorsementType = endpoint({
  area,
  method: 'GET',
  path: '/api/Endorsement/GetEndorsementType',
  summary: 'Tipos de endosso (1 alteração, 2 cancelamento) e o que uma alteração pode mudar',
  response: z.array(
    z.object({
      Id: z.number().int(),
      Name: z.string(),
      CardType: z.string(),
      ChangeTypes: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
    }),
  ),
  ...request,
});

export const getReasonEndorsementRequest = endpoint({
  area,
  method: 'GET',
  path: '/api/ReasonEndorsementRequest/GetReasonEndorsementRequest',
  summary: 'Motivos de solicitação de endosso de um tipo',
  query: z.object({ PolicyEndorsementTypeId: qInt().min(1).max(2) }),
  response: z.array(
    z.object({ Id: z.number().int(), Name: z.string(), PolicyEndorsementTypeId: z.number().int() }),
  ),
  ...request,
});

export const validateCanRequestEndorsementType = endpoint({
  area,
  method: 'POST',
  path: '/api/Endorsement/ValidateCanRequestEndorsementType',
  summary: 'Diz se a apólice aceita um endosso do tipo (emitida, vigente, sem outro endosso em andamento)',
  query: z.object({ policyUniqueId: uuid('Apólice inválida.'), type: qInt().min(1).max(2) }),
  response: z.object({ CanRequest: z.boolean(), Message: z.string().nullable() }),
  ...request,
});

export const getPolicyEndorsementRequestDocument = endpoint({
  area,
  method: 'GET',
  path: '/api/Endorsement/GetPolicyEndorsementRequestDocument',
  summary: 'Documentos pedidos para o endosso, por tipo, motivo, modalidade e alterações',
  description:
    'endorsementChangeTypeIds: lista separada por vírgulas (1 IS, 2 vigência, 3 objeto, 4 partes). Documentos do tipo 4 (endosso).',
  query: z.object({
    endorsementTypeId: qInt().min(1).max(2),
    endorsementReasonId: qInt().min(1).optional(),
    modalityId: qInt().min(1).optional(),
    endorsementChangeTypeIds: z
      .string()
      .regex(/^(\d+(,\d+)*)?$/, 'Alterações inválidas.')
      .optional(),
  }),
  response: z.array(requiredEndorsementDocument),
  ...request,
});

export const validateEndorsement = endpoint({
  area,
  method: 'POST',
  path: '/api/Endorsement/ValidateEndorsement',
  summary: 'Valida o endosso e mostra a diferença de prêmio e as alterações antes de enviar',
  description:
    'Diferença de prêmio pró-rata aos dias restantes pela taxa comercial da apólice: prêmio adicional (com a comissão do corretor) ou restituição líquida dos custos de aquisição retidos na proporção (Lei 15.040/2024, art. 6), com a comissão devolvida na proporção.',
  body: endorsementPayload,
  response: endorsementValidation,
  ...request,
});

export const createEndorsement = endpoint({
  area,
  method: 'POST',
  path: '/api/Endorsement/CreateEndorsement',
  summary: 'Cria a proposta de endosso e inicia as etapas automáticas',
  body: createEndorsementBody,
  response: endorsementView,
  ...request,
});

const stepResult = z.object({
  ProposalUniqueId: z.string(),
  Step: endorsementStepView.shape.Step,
  Approved: z.boolean(),
  Message: z.string().nullable(),
  StatusId: z.number().int(),
});
const stepQuery = z.object({ proposalUniqueId: uuid('Proposta de endosso inválida.') });

export const executeAutomaticRegistrationEndorsementPolicy = endpoint({
  area,
  method: 'POST',
  path: '/api/Endorsement/ExecuteAutomaticRegistrationEndorsementPolicy',
  summary: 'Executa (de novo) a validação automática de cadastro do endosso',
  query: stepQuery,
  response: stepResult,
  ...insurerOnly,
});
export const executeAutomaticCreditApprovalEndorsementPolicy = endpoint({
  area,
  method: 'POST',
  path: '/api/Endorsement/ExecuteAutomaticCreditApprovalEndorsementPolicy',
  summary: 'Executa (de novo) a aprovação automática de crédito do endosso',
  query: stepQuery,
  response: stepResult,
  ...insurerOnly,
});
export const executeAutomaticReinsuranceEndorsementPolicy = endpoint({
  area,
  method: 'POST',
  path: '/api/Endorsement/ExecuteAutomaticReinsuranceEndorsementPolicy',
  summary: 'Executa (de novo) a validação automática de resseguro do endosso',
  query: stepQuery,
  response: stepResult,
  ...insurerOnly,
});
export const executeAutomaticSubscriptionEndorsementPolicy = endpoint({
  area,
  method: 'POST',
  path: '/api/Endorsement/ExecuteAutomaticSubscriptionEndorsementPolicy',
  summary: 'Executa (de novo) a subscrição automática do endosso',
  body: z.object({ ProposalUniqueId: uuid('Proposta de endosso inválida.') }),
  response: stepResult,
  ...insurerOnly,
});

export const approveEndorsement = endpoint({
  area,
  method: 'POST',
  path: '/api/Endorsement/ApproveEndorsement',
  summary: 'Aprova (ou recusa) o endosso: a apólice muda, o PDF do endosso é gerado',
  description:
    'Somente a seguradora. Approve=false recusa com Justification obrigatória. Na aprovação: a apólice recebe a nova IS, vigência, objeto e partes (ou é cancelada), o exposto do tomador é ajustado, o histórico registrado e o documento do endosso gerado.',
  body: z.object({
    ProposalUniqueId: uuid('Proposta de endosso inválida.'),
    Approve: z.boolean().default(true),
    Justification: optionalText('a justificativa', 2000),
  }),
  response: endorsementView,
  ...insurerOnly,
});

export const validateRestore = endpoint({
  area,
  method: 'POST',
  path: '/api/RestoreInsurancePremium/ValidateRestore',
  summary: 'Restituição de prêmio de um cancelamento na data informada (pró-rata, líquida dos custos)',
  body: z.object({ PolicyUniqueId: uuid('Apólice inválida.'), EffectiveDate: date().optional() }),
  response: z.object({
    CanRestore: z.boolean(),
    Message: z.string().nullable(),
    PremiumDifference: premiumDifferenceView,
  }),
  ...request,
});

export const getCompareChanges = endpoint({
  area,
  method: 'GET',
  path: '/api/endorsement/GetCompareChanges',
  summary: 'Comparação do endosso: somente os campos alterados',
  query: z.object({ proposalUniqueId: uuid('Proposta de endosso inválida.') }),
  response: z.array(comparedField),
  ...request,
});

export const listEndorsementsByPolicy = endpoint({
  area,
  method: 'GET',
  path: '/api/Endorsement/ListEndorsementsByPolicy',
  summary: 'Endossos da apólice, do mais recente (EndorsementId decrescente)',
  query: z.object({ policyUniqueId: uuid('Apólice inválida.') }),
  response: z.array(endorsementView),
  permissions: [Permission.SOLICITAR_ENDOSSO, Permission.VISUALIZAR_APOLICES],
});

export const listEndorsementAttachments = endpoint({
  area,
  method: 'GET',
  path: '/api/Endorsement/ListEndorsementAttachments',
  summary: 'Documentos anexados ao endosso',
  query: z.object({ endorsementId: idOrUuid('Endosso inválido.') }),
  response: z.array(requestDocumentView),
  permissions: [Permission.SOLICITAR_ENDOSSO, Permission.VISUALIZAR_APOLICES],
});

const download = z.object({ UrlToDownload: z.string() });

export const downloadEndorsementDocument = endpoint({
  area,
  method: 'GET',
  path: '/api/Endorsement/DownloadEndorsementDocument',
  summary: 'URL assinada do PDF do endosso emitido (ou do boleto do prêmio adicional)',
  description:
    'Sem installment: o documento do endosso (tags TAG_* e NR_APOLICE preenchidas), gerado na aprovação. Com installment: o boleto daquela parcela do prêmio adicional.',
  query: z.object({
    proposalUniqueId: uuid('Proposta de endosso inválida.'),
    installment: qInt().min(1).max(99).optional(),
  }),
  response: download,
  permissions: [Permission.SOLICITAR_ENDOSSO, Permission.VISUALIZAR_APOLICES],
});

export const getEndorsementRequestDocumentArchives = endpoint({
  area,
  method: 'GET',
  path: '/api/Endorsement/GetEndorsementRequestDocumentArchives',
  summary: 'Arquivos de um documento do endosso',
  query: z.object({ requestDocumentUniqueId: uuid('Documento inválido.') }),
  response: z.array(archiveView),
  permissions: [Permission.SOLICITAR_ENDOSSO, Permission.VISUALIZAR_APOLICES],
});

export const downloadEndorsementArchive = endpoint({
  area,
  method: 'GET',
  path: '/api/Endorsement/DownloadEndorsementArchive',
  summary: 'URL assinada de um arquivo de documento do endosso',
  query: z.object({ archiveUniqueId: uuid('Arquivo inválido.') }),
  response: download,
  permissions: [Permission.SOLICITAR_ENDOSSO, Permission.VISUALIZAR_APOLICES],
});

export const endorsementCardInfo = endorsementView
  .extend({
    PolicyHolderName: z.string(),
    PolicyHolderDocument: z.string(),
    InsuredName: z.string().nullable(),
    ModalityName: z.string(),
    BrokerName: z.string(),
    Changes: z.array(comparedField),
    Documents: z.array(requestDocumentView),
  })
  .meta({ id: 'EndorsementCardInfo' });

export const getCardEndorsementInfo = cardCall({
  method: 'GET',
  path: '/api/kanban/GetCardEndorsementInfo',
  summary: 'Dados do Endosso de um card ENDOSSO_ALTERACAO / ENDOSSO_CANCELAMENTO',
  description:
    'ProposalUniqueId: o card ref (UniqueId da proposta de endosso). Devolve o endosso, a apólice, as etapas automáticas, a comparação e os documentos. Mover o card para a etapa de aprovação aprova o endosso; para a de recusa, recusa.',
  query: z.object({ ProposalUniqueId: uuid('Proposta de endosso inválida.') }),
  response: endorsementCardInfo,
});
