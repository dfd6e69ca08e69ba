import { isValidEmail, isValidPhone, Permission as P, UserType as U } from '@aval/domain';
import { z } from 'zod';
import {
  changeRequestDocumentNameBody,
  createRequestDocumentBody,
  requestDocumentIdBody,
  requestDocumentView,
  submitRequestDocumentsBody,
  uploadRequestDocumentBody,
} from '../documents/documents.contracts.js';
import { endpoint } from '../endpoint.js';
import { addressInput, locationView } from '../shared/address.js';
import { changeHistoryEntry } from '../shared/change-history.js';
import { cpfCnpj, date, integer, money, optionalText, requiredText, uuid } from '../shared/fields.js';
import { pageOf, pageQuery, qBool, qInt, sortQuery } from '../shared/schemas.js';

const area = 'policy-holders';
/** Reads: brokers and policy holders (14) or insurer staff (30). */
export const policyHolderRead = [P.VISUALIZAR_TOMADORES, P.VISUALIZAR_TOMADORES_SEGURADORA] as const;
/** Changes: brokers (13) or insurer staff (29). */
export const policyHolderWrite = [P.GERENCIAR_TOMADORES, P.GERENCIAR_TOMADORES_SEGURADORA] as const;

// ---------------------------------------------------------------- views

/** A location of the policy holder: the shared location view with its UniqueId. */
export const policyHolderLocation = locationView
  .extend({ UniqueId: z.string() })
  .meta({ id: 'PolicyHolderLocation' });
export type PolicyHolderLocation = z.infer<typeof policyHolderLocation>;

export const policyHolderBranch = z
  .object({
    Id: z.number().int(),
    UniqueId: z.string(),
    /** Full branch CNPJ, unmasked. */
    BranchCnpj: z.string(),
    /** The part after the slash (4 characters) and the check digits: `0002-08`. */
    Branch: z.string(),
    CreatedAt: z.string(),
  })
  .meta({ id: 'PolicyHolderBranch' });
export type PolicyHolderBranch = z.infer<typeof policyHolderBranch>;

export const policyHolderSummary = z
  .object({
    Id: z.number().int(),
    UniqueId: z.string(),
    Name: z.string(),
    /** Unmasked CNPJ (alphanumeric allowed) or CPF. */
    Document: z.string(),
    TradeName: z.string().nullable(),
    IsBlocked: z.boolean(),
    IsRestrictiveBlocked: z.boolean(),
    IgnoreCCGSignature: z.boolean(),
    IsActive: z.boolean(),
    EconomicGroupId: z.number().int().nullable(),
    EconomicGroupName: z.string().nullable(),
    Rating: z.string().nullable(),
    CreatedAt: z.string(),
  })
  .meta({ id: 'PolicyHolderSummary' });
export type PolicyHolderSummary = z.infer<typeof policyHolderSummary>;

/** Utilisation of a limit: amounts are decimal strings. */
export const limitUsage = z.object({
  Limit: z.string(),
  Used: z.string(),
  Available: z.string(),
});

export const modalityLimit = z
  .object({
    ModalityId: z.number().int(),
    ModalityName: z.string(),
    /** Code of the modality's branch (0775 public, 0776 private, ...). */
    BranchCode: z.string().nullable(),
    /** Own limit of the modality, or the global one when it has none. */
    Limit: z.string(),
    Used: z.string(),
    Available: z.string(),
    /** Rate (percent a year) of the modality. */
    Rate: z.string().nullable(),
    HasOwnLimit: z.boolean(),
  })
  .meta({ id: 'PolicyHolderModalityLimit' });

export const policyHolderLimits = z
  .object({
    PolicyHolderUniqueId: z.string(),
    Rating: z.string().nullable(),
    Score: z.string().nullable(),
    CalculatedAt: z.string().nullable(),
    CalculatedByName: z.string().nullable(),
    Global: limitUsage,
    EconomicGroup: limitUsage
      .extend({ Id: z.number().int(), UniqueId: z.string(), Name: z.string(), Members: z.number().int() })
      .nullable(),
    /** min(global available, economic group available). */
    EffectiveAvailable: z.string(),
    Modalities: z.array(modalityLimit),
    /** How "used" is computed today. */
    UsageSource: z.string(),
  })
  .meta({ id: 'PolicyHolderLimits' });
export type PolicyHolderLimits = z.infer<typeof policyHolderLimits>;

export const financialStatement = z
  .object({
    Id: z.number().int(),
    Year: z.number().int(),
    Revenue: z.string(),
    Equity: z.string(),
    NetIncome: z.string(),
    Indebtedness: z.string(),
  })
  .meta({ id: 'PolicyHolderFinancialStatement' });

export const limitObservation = z
  .object({
    Id: z.number().int(),
    UniqueId: z.string(),
    Observation: z.string(),
    CreatedByName: z.string(),
    CreatedAt: z.string(),
  })
  .meta({ id: 'PolicyHolderLimitObservation' });

export const policyHolderDetail = policyHolderSummary
  .extend({
    Email: z.string().nullable(),
    Phone: z.string().nullable(),
    Cnae: z.string().nullable(),
    CnaeDescription: z.string().nullable(),
    FoundingDate: z.string().nullable(),
    AnnualRevenue: z.string().nullable(),
    ShareCapital: z.string().nullable(),
    Website: z.string().nullable(),
    Locations: z.array(policyHolderLocation),
    Branches: z.array(policyHolderBranch),
    LimitsAndRates: policyHolderLimits,
    FinancialStatements: z.array(financialStatement),
    /** What the logged user may do here (the API enforces the same rules). */
    Permissions: z.object({
      CanEdit: z.boolean(),
      CanToggleBlocked: z.boolean(),
      CanToggleRestrictive: z.boolean(),
      CanToggleIgnoreCCG: z.boolean(),
      CanCalculateLimits: z.boolean(),
    }),
  })
  .meta({ id: 'PolicyHolderDetail' });
export type PolicyHolderDetail = z.infer<typeof policyHolderDetail>;

export const NominationStatus = { PENDENTE: 1, APROVADA: 2, RECUSADA: 3 } as const;
export const nominationStatusLabels: Record<number, string> = { 1: 'Pendente', 2: 'Aprovada', 3: 'Recusada' };

export const policyHolderNomination = z
  .object({
    Id: z.number().int(),
    UniqueId: z.string(),
    PolicyHolderUniqueId: z.string(),
    PolicyHolderName: z.string(),
    PolicyHolderDocument: z.string(),
    BrokerId: z.number().int(),
    StatusId: z.number().int(),
    StatusName: z.string(),
    Justification: z.string().nullable(),
    RequestedByName: z.string().nullable(),
    CreatedAt: z.string(),
    DecidedAt: z.string().nullable(),
  })
  .meta({ id: 'PolicyHolderNomination' });
export type PolicyHolderNomination = z.infer<typeof policyHolderNomination>;

export const policyHolderValidation = z
  .object({
    Found: z.boolean(),
    PolicyHolderUniqueId: z.string().nullable(),
    Name: z.string().nullable(),
    Document: z.string(),
    /** Blocks, state and limit: null when the caller may not see the policy holder (Found, not nominated). */
    IsBlocked: z.boolean().nullable(),
    IsRestrictiveBlocked: z.boolean().nullable(),
    IsActive: z.boolean().nullable(),
    /** For brokers: an approved nomination exists (insurer staff: always true). */
    IsNominated: z.boolean(),
    /** For brokers: their brokerage's nomination request awaits the insurer. */
    NominationPending: z.boolean(),
    /** SemLimite (no limit calculated or zero), Disponivel, Esgotado. */
    LimitStatus: z.enum(['SemLimite', 'Disponivel', 'Esgotado']).nullable(),
    AvailableLimit: z.string().nullable(),
    CanProceed: z.boolean(),
    Messages: z.array(z.string()),
    /** The holder's registered branches (filiais) the proposal may name; empty when not visible. */
    Branches: z.array(policyHolderBranch),
    /**
     * The holder's rate (percent a year) for each modality it has one for; empty when not visible.
     * A modality without one is priced at its default rate (DefaultRate), if any.
     */
    Rates: z.array(z.object({ ModalityId: z.number().int(), Rate: z.string() })),
  })
  .meta({ id: 'PolicyHolderValidation' });
export type PolicyHolderValidation = z.infer<typeof policyHolderValidation>;

// ---------------------------------------------------------------- inputs

/** A location of the policy holder: the shared address, with its Id when it is changed. */
export const locationInput = addressInput.extend({
  Id: z.number().int().positive().nullish(),
  IsMain: z.boolean().optional(),
});
export type LocationInput = z.infer<typeof locationInput>;

export const financialStatementInput = z.object({
  Year: integer({ min: 1990, max: 2100 }),
  Revenue: money('a receita'),
  Equity: money('o patrimônio líquido', { signed: true }),
  NetIncome: money('o lucro líquido', { signed: true }),
  Indebtedness: money('o endividamento'),
});
export type FinancialStatementInput = z.infer<typeof financialStatementInput>;

/** Fields left out are kept; null or '' clears them. */
export const saveComplementarDataBody = z.object({
  PolicyHolderUniqueId: uuid(),
  TradeName: optionalText('o nome fantasia', 120),
  Email: optionalText('o e-mail', 254).refine((v) => !v || isValidEmail(v), {
    message: 'E-mail inválido',
  }),
  Phone: optionalText('o telefone', 20).refine((v) => !v || isValidPhone(v), {
    message: 'Telefone inválido',
  }),
  Cnae: optionalText('o CNAE', 10).refine((v) => !v || /^\d{4}-?\d\/?\d{2}$|^\d{7}$/.test(v), {
    message: 'CNAE inválido.',
  }),
  CnaeDescription: optionalText('a descrição do CNAE', 200),
  FoundingDate: date().nullish(),
  AnnualRevenue: money('o faturamento anual').nullish(),
  ShareCapital: money('o capital social').nullish(),
  Website: optionalText('o site', 200),
  /** Locations to add (no Id) or change (with Id); ones not listed are kept. */
  Locations: z.array(locationInput).max(20).optional(),
  /** Financial statements of a limit request, upserted by year. */
  FinancialStatements: z.array(financialStatementInput).max(10).optional(),
});
export type SaveComplementarDataBody = z.infer<typeof saveComplementarDataBody>;

const phUniqueIdQuery = z.object({ PolicyHolderUniqueId: uuid() });

// ---------------------------------------------------------------- calls

export const getPolicyHolder = endpoint({
  area,
  method: 'GET',
  path: '/api/PolicyHolder/GetPolicyHolder',
  summary: 'Detalhe do tomador: dados, localizações, filiais, limites e taxas com utilização',
  query: z.object({ UniqueId: uuid() }),
  response: policyHolderDetail,
  permissions: policyHolderRead,
});

export const updatePolicyHolderName = endpoint({
  area,
  method: 'GET',
  path: '/api/PolicyHolder/UpdatePolicyHolderName',
  summary: 'Altera a razão social do tomador (registra no histórico)',
  query: z.object({
    PolicyHolderUniqueId: uuid(),
    Name: requiredText('o nome', 150, { min: 3 }),
  }),
  response: policyHolderSummary,
  permissions: policyHolderWrite,
});

export const searchPolicyHoldersRelatedToCurrentUserLogged = endpoint({
  area,
  method: 'GET',
  path: '/api/PolicyHolder/SearchPolicyHoldersRelatedToCurrentUserLogged',
  summary: 'Tomadores visíveis ao usuário (corretor: nomeados; tomador: ele mesmo; seguradora: todos)',
  query: z.object({
    policyHolderName: z.string().trim().max(150).optional(),
    policyHolderDocument: z.string().trim().max(20).optional(),
    isBlocked: qBool().optional(),
    isActive: qBool().optional(),
    economicGroupId: qInt().optional(),
    ...sortQuery(['Name', 'Document', 'EconomicGroupName', 'Rating']),
    ...pageQuery,
  }),
  response: pageOf(policyHolderSummary),
  envelope: 'raw',
  permissions: policyHolderRead,
});

export const searchPolicyHolder = endpoint({
  area,
  method: 'GET',
  path: '/api/PolicyHolder/SearchPolicyHolder',
  summary: 'Busca rápida por nome ou documento (até 20), para seleção em formulários',
  query: z.object({
    TextSearch: z.string().trim().max(150).default(''),
    IgnoreInactive: qBool().optional(),
  }),
  response: z.array(policyHolderSummary),
  permissions: policyHolderRead,
});

export const getPolicyHoldersNominatedByBrokerUniqueId = endpoint({
  area,
  method: 'GET',
  path: '/api/PolicyHolder/GetPolicyHoldersNominatedByBrokerUniqueId',
  summary: 'Nomeações de tomadores de um corretor (todas as situações)',
  description:
    'brokerUniqueId: UniqueId da corretora (tabela brokers) ou, enquanto ela não existe, o id inteiro da corretora. Corretores só consultam a própria corretora.',
  query: z.object({ brokerUniqueId: z.string().trim().min(1, 'Informe a corretora.').max(60) }),
  response: z.array(policyHolderNomination),
  permissions: [...policyHolderRead, P.VISUALIZAR_CORRETORES, P.GERENCIAR_CORRETORES],
});

export const getPolicyHolderChangeHistory = endpoint({
  area,
  method: 'GET',
  path: '/api/PolicyHolderChangeHistory/Get',
  summary: 'Histórico de alterações do tomador (com ChangedByName)',
  description: 'policyHolderId: id inteiro ou UniqueId do tomador.',
  query: z.object({ policyHolderId: z.string().trim().min(1, 'Informe o tomador.').max(60) }),
  response: z.array(changeHistoryEntry),
  permissions: policyHolderRead,
});

export const saveComplementarData = endpoint({
  area,
  method: 'POST',
  path: '/api/PolicyHolder/SaveComplementarData',
  summary: 'Salva dados complementares, localizações e demonstrativos financeiros do tomador',
  body: saveComplementarDataBody,
  response: policyHolderDetail,
  permissions: policyHolderWrite,
});

export const validatePolicyHolderByCNPJToNewProposal = endpoint({
  area,
  method: 'POST',
  path: '/api/PolicyHolder/ValidatePolicyHolderByCNPJToNewProposal',
  summary: 'Confere se o tomador pode receber uma nova proposta (cadastro, bloqueios, nomeação, limite)',
  query: z.object({ Cnpj: cpfCnpj('o CNPJ') }),
  response: policyHolderValidation,
  permissions: policyHolderRead,
});

export const registerPolicyHolderBody = z.object({
  Name: requiredText('a razão social', 200, { min: 3 }),
  Document: cpfCnpj('o CNPJ'),
  EconomicGroupName: optionalText('o grupo econômico', 120),
  IsActive: z.boolean().optional(),
});
export type RegisterPolicyHolderBody = z.infer<typeof registerPolicyHolderBody>;

export const registerPolicyHolder = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/PolicyHolder/RegisterPolicyHolder',
  summary: 'Cadastra um tomador na seguradora (razão social, CNPJ e grupo econômico)',
  description:
    'A seguradora (GERENCIAR_TOMADORES_SEGURADORA) cadastra o tomador pelo CNPJ, com o grupo econômico pelo nome (criado quando a seguradora ainda não o tem) e, para um tomador que ela não opera mais, IsActive false. 422 para um CPF ou um CNPJ já cadastrado. Entra no histórico do tomador; os dados complementares seguem por SaveComplementarData.',
  body: registerPolicyHolderBody,
  response: policyHolderSummary,
  permissions: [P.GERENCIAR_TOMADORES_SEGURADORA],
  userTypes: [U.INSURANCE],
});

export const registerPolicyHolderNomeationRequest = endpoint({
  area,
  method: 'POST',
  path: '/api/PolicyHolder/RegisterPolicyHolderNomeationRequest',
  summary: 'O corretor pede a nomeação por um tomador (fica pendente para a esteira de nomeação)',
  body: z
    .object({
      PolicyHolderUniqueId: uuid().optional(),
      Cnpj: cpfCnpj('o CNPJ').optional(),
      Justification: optionalText('a justificativa', 500),
    })
    .refine((b) => b.PolicyHolderUniqueId || b.Cnpj, { message: 'Informe o tomador.' }),
  response: policyHolderNomination,
  permissions: policyHolderWrite,
  userTypes: [U.BROKER, U.AGENT],
});

const toggle = (path: string, summary: string) =>
  ({
    area,
    method: 'POST',
    path,
    summary,
    query: phUniqueIdQuery,
    body: z.object({ Justification: optionalText('a justificativa', 500) }).nullish(),
    response: policyHolderSummary,
    userTypes: [U.INSURANCE],
  }) as const;

export const inverterIgnoreCCGSignaturePolicyHolder = endpoint({
  ...toggle(
    '/api/PolicyHolder/InverterIgnoreCCGSignaturePolicyHolder',
    'Alterna a dispensa de assinatura de CCG do tomador',
  ),
  permissions: [P.IGNORAR_ASSINATURA_DE_CCG],
});

export const inverterBlockedPolicyHolder = endpoint({
  ...toggle('/api/PolicyHolder/InverterBlockedPolicyHolder', 'Bloqueia ou desbloqueia o tomador'),
  permissions: [P.GERENCIAR_TOMADORES_SEGURADORA],
});

export const inverterBlockedRestrictvePolicyHolder = endpoint({
  ...toggle(
    '/api/PolicyHolder/InverterBlockedRestrictvePolicyHolder',
    'Bloqueia ou desbloqueia o tomador por restritivos',
  ),
  permissions: [P.BLOQUEAR_RESTRITIVOS_DO_TOMADOR],
});

export const calculatePolicyHolderLimitsAndRates = endpoint({
  area,
  method: 'POST',
  path: '/api/PolicyHolder/CalculatePolicyHolderLimitsAndRates',
  summary: 'Calcula rating, limite e taxas por modalidade a partir do último demonstrativo financeiro',
  description:
    'Fórmula (domain.md §5, parâmetros em dados por seguradora: credit_score_parameters e credit_rating_bands): pontuação = soma de margem líquida, alavancagem e retorno sobre o patrimônio ponderados; a faixa de rating define limite = min(PL × multiplicador, receita × participação, teto) e taxa = taxa padrão da modalidade × multiplicador.',
  query: phUniqueIdQuery,
  response: policyHolderLimits,
  permissions: [P.GERENCIAR_TOMADORES_SEGURADORA],
  userTypes: [U.INSURANCE],
});

export const insertPolicyHolderBranch = endpoint({
  area,
  method: 'POST',
  path: '/api/PolicyHolder/InsertPolicyHolderBranch',
  summary: 'Inclui uma filial (CNPJ completo ou a parte após a barra, alfanumérica)',
  query: z.object({
    PolicyHolderUniqueId: uuid(),
    BranchCnpj: z.string({ message: 'Informe a filial.' }).trim().min(4, 'Informe a filial.').max(20),
  }),
  response: policyHolderBranch,
  permissions: policyHolderWrite,
});

export const createPolicyHolderRequestLimitObservation = endpoint({
  area,
  method: 'POST',
  path: '/api/PolicyHolder/CreatePolicyHolderRequestLimitObservation',
  summary: 'Registra uma observação da solicitação de limite',
  body: z.object({
    PolicyHolderUniqueId: uuid(),
    Observation: requiredText('a observação', 2000),
  }),
  response: limitObservation,
  permissions: policyHolderWrite,
});

export const removePolicyHolderLocation = endpoint({
  area,
  method: 'DELETE',
  path: '/api/PolicyHolder/RemovePolicyHolderLocation',
  summary: 'Remove uma localização do tomador',
  query: z.object({ locationId: qInt().positive() }),
  response: z.boolean(),
  permissions: policyHolderWrite,
});

export const deletePolicyHolderBranchByUniqueId = endpoint({
  area,
  method: 'DELETE',
  path: '/api/PolicyHolder/DeletePolicyHolderBranchByUniqueId',
  summary: 'Exclui uma filial do tomador',
  query: z.object({ uniqueId: uuid() }),
  response: z.boolean(),
  permissions: policyHolderWrite,
});

// ---------------------------------------------------------------- request documents (core mechanism)

const holderKey = { PolicyHolderUniqueId: uuid() };

export const policyHolderDocuments = z
  .object({
    RequestDocuments: z.array(requestDocumentView),
    DeletedRequestDocuments: z.array(requestDocumentView),
    PendingRequiredCount: z.number().int(),
  })
  .meta({ id: 'PolicyHolderDocuments' });

export const policyHolderRequestLimit = z
  .object({
    RequestDocuments: z.array(requestDocumentView),
    DeletedRequestDocuments: z.array(requestDocumentView),
    Observations: z.array(limitObservation),
    FinancialStatements: z.array(financialStatement),
  })
  .meta({ id: 'PolicyHolderRequestLimit' });

const docsDescription =
  'Documentos do tomador pelo mecanismo único de documentos solicitados (permissões 43-47 conferidas pelo núcleo).';

export const getDocumentsByPolicyHolderUniqueId = endpoint({
  area,
  method: 'GET',
  path: '/api/PolicyHolder/GetDocumentsByPolicyHolderUniqueId',
  summary: 'Documentos do tomador (exceto os da solicitação de limite), ativos e excluídos',
  query: z.object({ policyHolderUniqueId: uuid() }),
  response: policyHolderDocuments,
  permissions: policyHolderRead,
});

export const getRequestLimitDocuments = endpoint({
  area,
  method: 'GET',
  path: '/api/PolicyHolder/GetRequestLimitDocuments',
  summary: 'Solicitação de limite: documentos (tipo 8), observações e demonstrativos financeiros',
  query: z.object({ policyHolderUniqueId: uuid() }),
  response: policyHolderRequestLimit,
  permissions: policyHolderRead,
});

export const uploadPolicyHolderRequestDocument = endpoint({
  area,
  method: 'POST',
  path: '/api/PolicyHolder/UploadRequestDocument',
  summary: 'Anexa arquivos (de /api/Archive/Upload) a um documento do tomador',
  description: docsDescription,
  body: uploadRequestDocumentBody.extend(holderKey),
  response: requestDocumentView,
  permissions: [...policyHolderRead, ...policyHolderWrite],
});

export const uploadPolicyHolderRequestLimitsDocument = endpoint({
  area,
  method: 'POST',
  path: '/api/PolicyHolder/UploadRequestLimitsDocument',
  summary: 'Anexa arquivos a um documento da solicitação de limite (tipo 8)',
  description: docsDescription,
  body: uploadRequestDocumentBody.extend(holderKey),
  response: requestDocumentView,
  permissions: [...policyHolderRead, ...policyHolderWrite],
});

export const sendPolicyHolderRequestToAnalysis = endpoint({
  area,
  method: 'POST',
  path: '/api/PolicyHolder/sendRequestToAnalysis',
  summary: 'Envia para análise os documentos pendentes ou reprovados que têm arquivos',
  description: docsDescription,
  body: submitRequestDocumentsBody.extend(holderKey),
  response: z.array(requestDocumentView),
  permissions: [...policyHolderRead, ...policyHolderWrite],
});

export const deletePolicyHolderRequestDocument = endpoint({
  area,
  method: 'POST',
  path: '/api/PolicyHolder/DeleteRequestDocument',
  summary: 'Exclui (logicamente) um documento do tomador',
  description: docsDescription,
  body: requestDocumentIdBody.extend(holderKey),
  response: z.boolean(),
  permissions: policyHolderWrite,
});

export const createPolicyHolderRequestDocument = endpoint({
  area,
  method: 'POST',
  path: '/api/PolicyHolder/CreateRequestDocument',
  summary: 'Cria um documento solicitado ao tomador',
  description: docsDescription,
  body: createRequestDocumentBody.extend(holderKey),
  response: requestDocumentView,
  permissions: policyHolderWrite,
});

export const changePolicyHolderRequestDocumentName = endpoint({
  area,
  method: 'POST',
  path: '/api/PolicyHolder/ChangeRequestDocumentName',
  summary: 'Renomeia um documento do tomador',
  description: docsDescription,
  body: changeRequestDocumentNameBody.extend(holderKey),
  response: requestDocumentView,
  permissions: policyHolderWrite,
});

export const restorePolicyHolderRequestDocument = endpoint({
  area,
  method: 'POST',
  path: '/api/PolicyHolder/RestoreRequestDocument',
  summary: 'Restaura um documento excluído do tomador',
  description: docsDescription,
  body: requestDocumentIdBody.extend(holderKey),
  response: z.boolean(),
  permissions: policyHolderWrite,
});
