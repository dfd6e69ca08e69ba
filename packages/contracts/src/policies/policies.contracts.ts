import { Permission, UserType } from '@aval/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { proposalKey } from '../proposals/proposals.contracts.js';
import { changeHistoryEntry } from '../shared/change-history.js';
import { date, requiredText, uuid } from '../shared/fields.js';
import { pageQuery, qBool, qInt, sortQuery } from '../shared/schemas.js';

/**
 * Policies (apólices), spec §7 "Policies": search (the caller's, of a policy holder, of an
 * insured), the short brief, history, documents, the internal cancellation, and the public
 * authenticity check printed on the PDF as a QR code.
 *
 * Money travels as decimal strings ('1234.56'); dates as `YYYY-MM-DD` (DD/MM/YYYY accepted on input).
 */

const P = Permission;
const area = 'policies';
/** Who may see policies: VISUALIZAR_APOLICES, or manage them (cancel, request endorsements). */
export const policyRead = [P.VISUALIZAR_APOLICES, P.CANCELAR_APOLICE_MANUALMENTE, P.SOLICITAR_ENDOSSO];
const readers = [
  UserType.INSURANCE,
  UserType.BROKER,
  UserType.AGENT,
  UserType.ADVISOR,
  UserType.POLICY_HOLDER,
];

/** The "a vencer" windows of the list (days until the end of the vigência). */
export const policyExpiringWindows = [30, 60, 90] as const;

export const policySummary = z
  .object({
    Id: z.number().int(),
    UniqueId: z.string(),
    PolicyNumber: z.string(),
    StatusId: z.number().int(),
    StatusName: z.string(),
    ProposalUniqueId: z.string(),
    ProposalNumber: z.number().int(),
    ModalityName: z.string(),
    PolicyHolderUniqueId: z.string(),
    PolicyHolderName: z.string(),
    PolicyHolderDocument: z.string(),
    InsuredUniqueId: z.string().nullable(),
    InsuredName: z.string().nullable(),
    InsuredDocument: z.string().nullable(),
    BrokerName: z.string(),
    BrokerDocument: z.string(),
    StartDate: z.string(),
    EndDate: z.string(),
    InsuredAmountValue: z.string(),
    InsurancePremium: z.string(),
    IssuedAt: z.string(),
    EnableToSteppin: z.boolean(),
    EnableToMonitoring: z.boolean(),
    EnableToBigRisk: z.boolean(),
    /** Days until the end of the vigência (negative once it passed). */
    DaysToEnd: z.number().int(),
  })
  .meta({ id: 'PolicySummary' });
export type PolicySummary = z.infer<typeof policySummary>;

/** A page of policies. Past 10 000 matches the count stops: `TotalIsCapped` says so. */
export const policyPage = z
  .object({
    Data: z.array(policySummary),
    Total: z.number().int(),
    TotalIsCapped: z.boolean(),
    CurrentPage: z.number().int(),
    RowsPerPage: z.number().int(),
  })
  .meta({ id: 'PolicyPage' });
export type PolicyPage = z.infer<typeof policyPage>;

const optionalFlag = () => qBool().optional();
const orderAndPage = {
  ...sortQuery([
    'PolicyNumber',
    'IssuedAt',
    'StartDate',
    'EndDate',
    'InsuredAmountValue',
    'PolicyHolderName',
    'StatusId',
  ]),
  ...pageQuery,
};

/** Filters of SearchPoliciesRelatedToLoggedUser (spec §7), names as the spec writes them. */
export const policySearchQuery = z.object({
  policyNumber: z.string().trim().max(25).optional(),
  policyHolderName: z.string().trim().max(100).optional(),
  /** CPF/CNPJ or its beginning, masked or not (a CNPJ root finds every branch). */
  policyHolderDocument: z.string().trim().max(18).optional(),
  insuredName: z.string().trim().max(100).optional(),
  insuredDocument: z.string().trim().max(18).optional(),
  statusId: qInt().min(1).max(5).optional(),
  /** Vigência starting on or after (DD/MM/YYYY). */
  startDate: date('Data inicial inválida.').optional(),
  /** Vigência ending on or before (DD/MM/YYYY). */
  endDate: date('Data final inválida.').optional(),
  brokerName: z.string().trim().max(100).optional(),
  brokerDocument: z.string().trim().max(18).optional(),
  enableToSteppin: optionalFlag(),
  enableToMonitoring: optionalFlag(),
  enableToBigRisk: optionalFlag(),
  /** "A vencer": in force (Emitida) and ending within 30, 60 or 90 days. */
  expiringInDays: z.coerce
    .number()
    .refine(
      (v) => (policyExpiringWindows as readonly number[]).includes(v),
      'Prazo a vencer inválido (30, 60 ou 90).',
    )
    .optional(),
  ...orderAndPage,
});
export type PolicySearchQuery = z.infer<typeof policySearchQuery>;

export const searchPoliciesRelatedToLoggedUser = endpoint({
  area,
  method: 'GET',
  path: '/api/Policy/SearchPoliciesRelatedToLoggedUser',
  summary: 'Pesquisa de apólices (/apolices): filtros, paginação e ordenação, conforme quem pesquisa',
  description:
    'Seguradora: todas as apólices da companhia; corretor, agente e assessor como corretor: as da sua corretora (principal ou cocorretora); tomador: as suas. Nomes por fragmento (sem acentos, sem caixa), documentos por prefixo, `policyNumber` exato ou prefixo, datas DD/MM/YYYY (`startDate`: início da vigência a partir de; `endDate`: fim da vigência até), `expiringInDays` 30/60/90 (Emitidas que vencem nesse prazo). `Total` é limitado a 10 000 (`TotalIsCapped`).',
  query: policySearchQuery,
  response: policyPage,
  envelope: 'raw',
  permissions: policyRead,
  userTypes: readers,
});

/** The policies of one party (the Apólices tab of its page), a page at a time, by the party's key. */
const policiesOfParty = <const P extends string, const K extends z.ZodRawShape>(
  path: P,
  summary: string,
  key: K,
) =>
  endpoint({
    area,
    method: 'GET',
    path,
    summary,
    query: z.object({ ...key, ...orderAndPage }),
    response: policyPage,
    envelope: 'raw',
    permissions: policyRead,
    userTypes: readers,
  });

export const searchPoliciesRelatedToPolicyHolder = policiesOfParty(
  '/api/Policy/SearchPoliciesRelatedToPolicyHolder',
  'Apólices de um tomador (aba Apólices de /tomador/{id})',
  { PolicyHolderUniqueId: uuid('Tomador inválido.') },
);

export const searchPoliciesRelatedToInsured = policiesOfParty(
  '/api/Policy/SearchPoliciesRelatedToInsured',
  'Apólices de um segurado (aba Apólices de /segurado/{id})',
  { UniqueId: uuid('Segurado inválido.') },
);

export const policyCoBroker = z
  .object({
    Name: z.string(),
    Document: z.string(),
    SUSEP: z.string(),
    Leader: z.boolean(),
    Participation: z.string(),
  })
  .meta({ id: 'PolicyCoBroker' });

export const policyRestitution = z
  .object({
    CancelDate: z.string(),
    TotalDays: z.number().int(),
    RemainingDays: z.number().int(),
    Factor: z.string(),
    UnearnedPremium: z.string(),
    /** Acquisition costs the insurer keeps, percent of the unearned premium (Lei 15.040/2024 art. 6). */
    AcquisitionCostPercentage: z.string(),
    AcquisitionCostsKept: z.string(),
    IofRestitution: z.string(),
    /** UnearnedPremium − AcquisitionCostsKept + IofRestitution: the cancellation endorsement's figure too. */
    TotalRestitution: z.string(),
  })
  .meta({ id: 'PolicyRestitution' });
export type PolicyRestitution = z.infer<typeof policyRestitution>;

export const policyBrief = policySummary
  .extend({
    BranchCode: z.string(),
    ModalityGroupName: z.string(),
    ObjectText: z.string(),
    DeadlineDays: z.number().int(),
    BrokerSusep: z.string(),
    CoBrokers: z.array(policyCoBroker),
    NetPremium: z.string().nullable(),
    ComissionPercentage: z.string().nullable(),
    ComissionValue: z.string().nullable(),
    IOFValue: z.string().nullable(),
    TotalPremium: z.string(),
    NumberOfInstallments: z.number().int(),
    /** SRO (registration with SUSEP): 1 Pendente, 2 Registrada; deadline 2 business days after issue. */
    SroStatusId: z.number().int(),
    SroStatusName: z.string(),
    SroDeadline: z.string(),
    SroRegisteredAt: z.string().nullable(),
    SroProtocol: z.string().nullable(),
    /** The policy PDF exists (DownloadPolicyDocument answers) and its SHA-256. */
    HasDocument: z.boolean(),
    DocumentSha256: z.string().nullable(),
    /** Path of the public authenticity page (`/verificar/{number}?codigo=…`). */
    VerificationPath: z.string(),
    ExpiryNoticeSentAt: z.string().nullable(),
    CancelledAt: z.string().nullable(),
    CancelReason: z.string().nullable(),
    CancelRestitution: z.string().nullable(),
    /** The caller may cancel it internally now (insurer staff with permission 23, policy Emitida). */
    CanCancel: z.boolean(),
  })
  .meta({ id: 'PolicyBrief' });
export type PolicyBrief = z.infer<typeof policyBrief>;

export const getPolicyShortBrief = endpoint({
  area,
  method: 'GET',
  path: '/api/Policy/GetPolicyShortBrief',
  summary: 'Resumo da apólice (/apolice/{id}): partes, vigência, IS, prêmio, SRO, documento',
  query: z.object({ policyUniqueId: uuid('Apólice inválida.') }),
  response: policyBrief,
  permissions: policyRead,
  userTypes: readers,
});

export const getPolicyHistory = endpoint({
  area,
  method: 'GET',
  path: '/api/Policy/GetHistory',
  summary: 'Histórico de alterações da apólice (emissão, aviso de vencimento, vencimento, cancelamento)',
  query: z.object({ policyUniqueid: uuid('Apólice inválida.') }),
  response: z.array(changeHistoryEntry),
  permissions: policyRead,
  userTypes: readers,
});

export const policyDownload = z
  .object({ UrlToDownload: z.string(), FileName: z.string() })
  .meta({ id: 'PolicyDownload' });

export const downloadPolicyDocument = endpoint({
  area,
  method: 'GET',
  path: '/api/Policy/DownloadPolicyDocument',
  summary:
    'Link assinado do PDF da apólice (com `endorsement=true`: o do último endosso aprovado, se houver)',
  description:
    '`endorsement=true` devolve o PDF do último endosso emitido da apólice quando existe; sem endossos, o PDF da apólice. 404 com mensagem quando o PDF ainda não foi gerado.',
  query: z.object({ ProposalUniqueId: uuid('Proposta inválida.'), endorsement: qBool().optional() }),
  response: policyDownload,
  permissions: policyRead,
  userTypes: readers,
});

export const downloadLastEndorsementDocument = endpoint({
  area,
  method: 'GET',
  path: '/api/Policy/DownloadLastEndorsementDocument',
  summary:
    'Link assinado do PDF do último endosso da apólice (404 "A apólice não tem endossos." sem endossos)',
  query: z.object(proposalKey()),
  response: policyDownload,
  permissions: policyRead,
  userTypes: readers,
});

export const getNumberOfDaysToCancelPolicy = endpoint({
  area,
  method: 'GET',
  path: '/api/Policy/GetNumberOfDaysToCancelPolicy',
  summary: 'Janela do cancelamento interno: quantos dias antes de hoje a data do cancelamento pode ser',
  response: z.number().int(),
  permissions: [P.CANCELAR_APOLICE_MANUALMENTE],
  userTypes: [UserType.INSURANCE],
});

export const internalCancelPolicyBody = z.object({
  Reason: requiredText('o motivo do cancelamento', 500, { min: 5 }),
  /** Day the cancellation takes effect (default today); within GetNumberOfDaysToCancelPolicy days back. */
  CancelDate: date('Data do cancelamento inválida.').optional(),
  /** Only compute the restitution (the dialog shows it before confirming). */
  Simulate: z.boolean().optional(),
});
export type InternalCancelPolicyBody = z.input<typeof internalCancelPolicyBody>;

export const internalCancelResult = z
  .object({
    PolicyUniqueId: z.string(),
    PolicyNumber: z.string(),
    StatusId: z.number().int(),
    Simulated: z.boolean(),
    Restitution: policyRestitution,
  })
  .meta({ id: 'InternalCancelResult' });

export const internalCancelPolicy = endpoint({
  area,
  method: 'POST',
  path: '/api/Policy/InternalCancelPolicy',
  summary: 'Cancelamento interno da apólice pela seguradora, com restituição pro rata do prêmio',
  description:
    'Somente seguradora com a permissão 23 (CANCELAR_APOLICE_MANUALMENTE). Apólice Emitida passa a Cancelada (3) com o motivo; a restituição é o prêmio (e o IOF) proporcional aos dias restantes da vigência a partir de `CancelDate`; a exposição do tomador é liberada. `Simulate: true` só calcula.',
  query: z.object({ policyNumber: z.string().trim().min(1, 'Informe o número da apólice.').max(25) }),
  body: internalCancelPolicyBody,
  response: internalCancelResult,
  permissions: [P.CANCELAR_APOLICE_MANUALMENTE],
  userTypes: [UserType.INSURANCE],
});

/** Public authenticity check: only what the PDF itself shows, nothing else. */
export const policyVerification = z
  .object({
    PolicyNumber: z.string(),
    StatusId: z.number().int(),
    StatusName: z.string(),
    PolicyHolderName: z.string(),
    PolicyHolderDocument: z.string(),
    InsuredName: z.string().nullable(),
    InsuredDocument: z.string().nullable(),
    InsuredAmountValue: z.string(),
    StartDate: z.string(),
    EndDate: z.string(),
    DocumentSha256: z.string().nullable(),
  })
  .meta({ id: 'PolicyVerification' });
export type PolicyVerification = z.infer<typeof policyVerification>;

export const verifyPolicy = endpoint({
  area: 'extra',
  method: 'GET',
  path: '/api/Policy/VerifyPolicy',
  summary:
    'Autenticidade da apólice (página pública /verificar/{number}): situação, partes, IS, vigência e SHA-256',
  description:
    'Público (sem token; com CompanyKey), limitado por minuto. Número e código impressos no PDF (QR). Qualquer divergência responde 404 "Apólice não encontrada." (sem dizer qual parte falhou). CPFs aparecem mascarados.',
  query: z.object({
    number: z.string().trim().min(1, 'Informe o número da apólice.').max(25),
    code: z.string().trim().min(1, 'Informe o código de verificação.').max(32),
  }),
  response: policyVerification,
  auth: false,
});
