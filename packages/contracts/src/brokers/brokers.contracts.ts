import { Permission as P, UserType as U } from '@aval/domain';
import { z } from 'zod';
import {
  archiveView,
  createRequestDocumentBody,
  requestDocumentIdBody,
  requestDocumentView,
  submitRequestDocumentsBody,
  uploadRequestDocumentBody,
} from '../documents/documents.contracts.js';
import { endpoint } from '../endpoint.js';
import { bank } from '../parameterisation/installments.contracts.js';
import { optionalAddressFields } from '../shared/address.js';
import { changeHistoryEntry } from '../shared/change-history.js';
import { id, optionalText, rate, requiredText } from '../shared/fields.js';
import { pageOf, pageQuery, qBool, qInt, sortQuery } from '../shared/schemas.js';

const area = 'brokers';
const brokerTypes = [U.BROKER, U.AGENT] as const;
/** A broker's own data (GERENCIAR_CORRETORA 2, VISUALIZAR_CORRETORA 28). */
const ownRead = [P.GERENCIAR_CORRETORA, P.VISUALIZAR_CORRETORA] as const;
/** Insurer staff over every broker (GERENCIAR_CORRETORES 21, VISUALIZAR_CORRETORES 22). */
const staffRead = [P.GERENCIAR_CORRETORES, P.VISUALIZAR_CORRETORES] as const;
const anyRead = [...ownRead, ...staffRead] as const;

/** Bank account types of the broker's bank data. */
export const BankAccountType = { CORRENTE: 1, POUPANCA: 2, PAGAMENTO: 3 } as const;
export const bankAccountTypeLabels: Record<number, string> = {
  1: 'Conta corrente',
  2: 'Conta poupança',
  3: 'Conta de pagamento',
};

/** Registration state of a broker, derived from its flags (for lists and badges). */
export const brokerStatusLabels = {
  pending: 'Cadastro pendente',
  active: 'Ativa',
  blocked: 'Bloqueada',
  inactive: 'Inativa',
} as const;
export type BrokerStatusKey = keyof typeof brokerStatusLabels;

export const responsiblePersonInput = z.object({
  ResponsiblePersonTypeId: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, 'Tipo de responsável inválido.'),
  Name: requiredText('o nome do responsável', 120),
  Cpf: requiredText('o CPF do responsável', 14),
  Email: requiredText('o e-mail do responsável', 120),
  Phone: optionalText('o telefone do responsável', 20),
});
export type ResponsiblePersonInput = z.infer<typeof responsiblePersonInput>;

export const responsiblePersonView = z
  .object({
    Id: z.number().int(),
    ResponsiblePersonTypeId: z.number().int(),
    ResponsiblePersonTypeName: z.string(),
    Name: z.string(),
    Cpf: z.string(),
    Email: z.string(),
    Phone: z.string().nullable(),
  })
  .meta({ id: 'BrokerResponsiblePerson' });
export type ResponsiblePersonView = z.infer<typeof responsiblePersonView>;

const bankFields = {
  BankId: id(),
  BankAgency: z
    .string({ message: 'Informe a agência.' })
    .trim()
    .regex(/^\d{1,5}(-[\dXx])?$/, 'Agência inválida.'),
  BankAccount: z
    .string({ message: 'Informe a conta.' })
    .trim()
    .regex(/^\d{1,13}-?[\dXx]$/, 'Conta inválida (use números e o dígito, ex.: 12345-6).'),
  BankAccountTypeId: z.coerce
    .number()
    .int()
    .refine((v) => v in bankAccountTypeLabels, 'Tipo de conta inválido.'),
};

const companyFields = {
  Name: requiredText('a razão social', 150),
  TradeName: optionalText('o nome fantasia', 150),
  SUSEPProtocol: z
    .string({ message: 'Informe o registro SUSEP.' })
    .trim()
    .regex(/^[\dA-Za-z.\-/]{5,20}$/, 'Registro SUSEP inválido (5 a 20 letras ou números).'),
  Email: requiredText('o e-mail da corretora', 120),
  Phone: optionalText('o telefone da corretora', 20),
  ...optionalAddressFields,
};

export const brokerView = z
  .object({
    Id: z.number().int(),
    UniqueId: z.string(),
    PersonId: z.number().int(),
    Name: z.string(),
    TradeName: z.string().nullable(),
    CpfCnpj: z.string(),
    SUSEPProtocol: z.string(),
    Email: z.string(),
    Phone: z.string().nullable(),
    ZipCode: z.string().nullable(),
    AddressName: z.string().nullable(),
    Number: z.string().nullable(),
    Complement: z.string().nullable(),
    Neighborhood: z.string().nullable(),
    StateProvinceId: z.number().int().nullable(),
    CityId: z.number().int().nullable(),
    BankId: z.number().int().nullable(),
    BankName: z.string().nullable(),
    BankAgency: z.string().nullable(),
    BankAccount: z.string().nullable(),
    BankAccountTypeId: z.number().int().nullable(),
    BankAccountTypeName: z.string().nullable(),
    ComissionPercentage: z.string(),
    WaitingValidation: z.boolean(),
    HasPendingDocuments: z.boolean(),
    HasPendingComplianceValidation: z.boolean(),
    IsBlocked: z.boolean(),
    IsActive: z.boolean(),
    StatusKey: z.enum(['pending', 'active', 'blocked', 'inactive']),
    StatusName: z.string(),
    ApprovedAt: z.string().nullable(),
    CreatedAt: z.string(),
    ResponsiblePersons: z.array(responsiblePersonView),
  })
  .meta({ id: 'Broker' });
export type BrokerView = z.infer<typeof brokerView>;

export const brokerSummary = z
  .object({
    Id: z.number().int(),
    UniqueId: z.string(),
    Name: z.string(),
    TradeName: z.string().nullable(),
    CpfCnpj: z.string(),
    SUSEPProtocol: z.string(),
    Email: z.string(),
    WaitingValidation: z.boolean(),
    HasPendingDocuments: z.boolean(),
    HasPendingComplianceValidation: z.boolean(),
    IsBlocked: z.boolean(),
    IsActive: z.boolean(),
    StatusKey: z.enum(['pending', 'active', 'blocked', 'inactive']),
    StatusName: z.string(),
    CreatedAt: z.string(),
    /** For an advisor: the broker users of this brokerage they advise (and may act as). */
    AdvisedUsers: z.array(
      z.object({ UserId: z.number().int(), UniqueId: z.string(), Name: z.string(), Username: z.string() }),
    ),
  })
  .meta({ id: 'BrokerSummary' });
export type BrokerSummary = z.infer<typeof brokerSummary>;

export const getCurrentBroker = endpoint({
  area,
  method: 'GET',
  path: '/api/Broker/GetCurrentBroker',
  summary: 'Dados da corretora do usuário logado (corretor ou agente), ou de uma corretora pelo UniqueId',
  description:
    'Corretor e agente: a própria corretora (outro `brokerUniqueId`: 404). Seguradora (VISUALIZAR/GERENCIAR_CORRETORES) e assessor (corretoras que assessora): informam `brokerUniqueId` — é o detalhe de /corretor/{corretorUniqueId}.',
  query: z.object({ brokerUniqueId: z.uuid({ message: 'Corretora inválida.' }).optional() }),
  response: brokerView,
  permissions: [...anyRead, P.LISTAR_CORRETORES_ASSESSOR],
  userTypes: [U.INSURANCE, U.BROKER, U.AGENT, U.ADVISOR],
});

export const registrationRequestView = z
  .object({
    Cnpj: z.string(),
    Email: z.string(),
    ExpiresAt: z.string(),
    TokenValid: z.boolean(),
    /** With a valid `Token`: the GetBanks list, for the public /completar-cadastro form. */
    Banks: z.array(bank),
  })
  .meta({ id: 'BrokerRegistrationRequest' });

export const validateBrokerRegistrationRequest = endpoint({
  area,
  method: 'GET',
  path: '/api/Broker/ValidateBrokerRegistrationRequest',
  summary: 'Inicia (ou confere) o cadastro de uma corretora pelo CNPJ',
  description:
    'Público (sem token). Sem `Token`: valida o CNPJ (alfanumérico aceito), recusa um CNPJ já cadastrado, registra a solicitação e envia ao `Email` um link para `/completar-cadastro/{cnpj}?token=...` (válido por 7 dias; um novo pedido invalida o anterior). Com `Token`: confere se o link ainda vale para esse CNPJ, sem enviar e-mail, e devolve em `Banks` a lista de GetBanks (a página pública de cadastro não tem token de acesso).',
  query: z.object({
    Cnpj: z.string({ message: 'Informe o CNPJ.' }).trim().min(1, 'Informe o CNPJ.').max(18),
    Email: z.string().trim().max(120).optional(),
    Token: z.string().trim().max(100).optional(),
  }),
  response: registrationRequestView,
  auth: false,
});

export const insertBrokerBody = z.object({
  Cnpj: z.string({ message: 'Informe o CNPJ.' }).trim().min(1, 'Informe o CNPJ.').max(18),
  Token: z
    .string({ message: 'Link de cadastro inválido.' })
    .trim()
    .min(10, 'Link de cadastro inválido.')
    .max(100),
  ...companyFields,
  ...bankFields,
  ResponsiblePersons: z
    .array(responsiblePersonInput)
    .min(2, 'Informe o administrador e o responsável financeiro.')
    .max(4),
});
export type InsertBrokerBody = z.infer<typeof insertBrokerBody>;

export const insertBrokerResult = z
  .object({
    BrokerUniqueId: z.string(),
    WaitingValidation: z.boolean(),
    Message: z.string(),
  })
  .meta({ id: 'InsertBrokerResult' });

export const insertBroker = endpoint({
  area,
  method: 'POST',
  path: '/api/Broker/InsertBroker',
  summary: 'Completa o cadastro da corretora (link do e-mail)',
  description:
    'Público, com o `Token` do link enviado por ValidateBrokerRegistrationRequest. Cria a corretora aguardando validação, os responsáveis (Administrador e Responsável Financeiro, ambos obrigatórios), o usuário administrador (tipo 2, perfil padrão Corretor, ainda sem senha) e os documentos solicitados da corretora. O e-mail de primeiro acesso só é enviado quando a seguradora aprovar o cadastro; até lá a corretora aparece como pendente na lista.',
  body: insertBrokerBody,
  response: insertBrokerResult,
  auth: false,
});

export const updateBrokerBody = z.object({
  UniqueId: z.uuid({ message: 'Corretora inválida.' }),
  ...companyFields,
  ...bankFields,
  /** Insurer only; a broker sending a different value gets 403. */
  ComissionPercentage: rate('o percentual de comissão').optional(),
  ResponsiblePersons: z
    .array(responsiblePersonInput)
    .min(2, 'Informe o administrador e o responsável financeiro.')
    .max(4),
});
export type UpdateBrokerBody = z.infer<typeof updateBrokerBody>;

export const updateBroker = endpoint({
  area,
  method: 'PUT',
  path: '/api/Broker/UpdateBroker',
  summary: 'Atualiza os dados da corretora',
  description:
    'A corretora altera os próprios dados (GERENCIAR_CORRETORA); a seguradora altera qualquer corretora (GERENCIAR_CORRETORES) e também o percentual de comissão padrão. O CNPJ não muda. Cada campo alterado entra no histórico.',
  body: updateBrokerBody,
  response: brokerView,
  permissions: [P.GERENCIAR_CORRETORA, P.GERENCIAR_CORRETORES],
  userTypes: [U.INSURANCE, U.BROKER, U.AGENT],
});

export const brokerStatusView = z
  .object({
    BrokerId: z.number().int(),
    BrokerUniqueId: z.string(),
    IsActive: z.boolean(),
    IsBlocked: z.boolean(),
    WaitingValidation: z.boolean(),
    HasPendingDocuments: z.boolean(),
    HasPendingComplianceValidation: z.boolean(),
    PendingRequiredDocuments: z.number().int(),
    CanOperate: z.boolean(),
    Messages: z.array(z.string()),
  })
  .meta({ id: 'BrokerStatus' });
export type BrokerStatusView = z.infer<typeof brokerStatusView>;

export const validateBrokerStatus = endpoint({
  area,
  method: 'GET',
  path: '/api/Broker/ValidateBrokerStatus',
  summary: 'Situação da corretora: se pode operar e por quê não',
  description:
    'Sem `BrokerId`, a corretora do usuário logado. A corretora opera quando está ativa, não bloqueada, com o cadastro aprovado e sem documentos obrigatórios pendentes; `Messages` explica cada impedimento.',
  query: z.object({ BrokerId: qInt().positive().optional() }),
  response: brokerStatusView,
  permissions: [...anyRead, P.GERENCIAR_PROPOSTAS, P.VISUALIZAR_PROPOSTAS, P.LISTAR_CORRETORES_ASSESSOR],
  userTypes: [U.INSURANCE, U.BROKER, U.AGENT, U.ADVISOR],
});

export const getSearchBrokers = endpoint({
  area,
  method: 'GET',
  path: '/api/Broker/GetSearchBrokers',
  summary: 'Busca corretoras (nome, nome fantasia, CNPJ ou SUSEP) com paginação',
  description:
    'Seguradora: todas as corretoras da empresa (`Status` filtra pending/active/blocked/inactive). Assessor (LISTAR_CORRETORES_ASSESSOR): só as corretoras dos corretores que assessora, com `AdvisedUsers`. Corretor com GERENCIAR_PROPOSTAS (escolha de cocorretora): só corretoras ativas e aprovadas. `IgnoreInactive` omite inativas e bloqueadas. Sem `orderBy`, cadastros pendentes primeiro e depois por razão social; com `orderBy` (Name, Cnpj, SusepProtocol, CreatedAt) e `orderDirection`, pela coluna escolhida, vazios por último.',
  query: z.object({
    searchValue: z.string().trim().max(50).optional(),
    IgnoreInactive: qBool().optional(),
    Status: z.enum(['pending', 'active', 'blocked', 'inactive']).optional(),
    ...sortQuery(['Name', 'Cnpj', 'SusepProtocol', 'CreatedAt']),
    ...pageQuery,
  }),
  response: pageOf(brokerSummary),
  envelope: 'raw',
  permissions: [...staffRead, P.LISTAR_CORRETORES_ASSESSOR, P.GERENCIAR_PROPOSTAS],
  userTypes: [U.INSURANCE, U.ADVISOR, U.BROKER, U.AGENT],
});

const brokerRefFields = {
  BrokerId: z.coerce.number().int().positive().optional(),
  BrokerUniqueId: z.uuid({ message: 'Corretora inválida.' }).optional(),
};
const hasBroker = (v: { BrokerId?: number; BrokerUniqueId?: string }) =>
  v.BrokerId !== undefined || v.BrokerUniqueId !== undefined;

export const inverterBlocked = endpoint({
  area,
  method: 'POST',
  path: '/api/Broker/InverterBlocked',
  summary: 'Bloqueia ou desbloqueia a corretora (inverte)',
  description: 'Seguradora com GERENCIAR_CORRETORES. Corpo: { BrokerId | BrokerUniqueId, Justification? }.',
  body: z
    .object({ ...brokerRefFields, Justification: z.string().trim().max(500).optional() })
    .refine(hasBroker, 'Informe a corretora.'),
  response: brokerSummary,
  permissions: [P.GERENCIAR_CORRETORES],
  userTypes: [U.INSURANCE],
});

export const brokerCommission = z
  .object({
    ModalityId: z.number().int(),
    ModalityUniqueId: z.string(),
    ModalityName: z.string(),
    MinComissionPercentage: z.string(),
    MaxComissionPercentage: z.string(),
    DefaultComissionPercentage: z.string(),
    IsBrokerSpecific: z.boolean(),
  })
  .meta({ id: 'BrokerProposalCommission' });
export type BrokerCommission = z.infer<typeof brokerCommission>;

export const getBrokerProposalCommissions = endpoint({
  area,
  method: 'GET',
  path: '/api/Broker/GetBrokerProposalCommissions',
  summary: 'Faixas de comissão da corretora por modalidade',
  description:
    'Para cada modalidade ativa: a faixa específica da corretora (tabela broker_commissions) quando houver, senão a faixa da modalidade com o percentual padrão da corretora limitado a ela. Corretor e agente veem só a própria corretora (`brokerId` ignorado).',
  query: z.object({ brokerId: qInt().positive().optional() }),
  response: z.array(brokerCommission),
  permissions: [...anyRead, P.GERENCIAR_PROPOSTAS, P.VISUALIZAR_PROPOSTAS, P.GERENCIAR_PROPOSTAS_SEGURADORA],
  userTypes: [U.INSURANCE, U.BROKER, U.AGENT, U.ADVISOR],
});

export const saveBrokerProposalCommissionBody = z.object({
  BrokerId: id('Corretora inválida.'),
  ModalityId: id('Modalidade inválida.'),
  MinComissionPercentage: rate('o percentual mínimo de comissão'),
  MaxComissionPercentage: rate('o percentual máximo de comissão'),
  DefaultComissionPercentage: rate('o percentual padrão de comissão').nullish(),
});
export type SaveBrokerProposalCommissionBody = z.infer<typeof saveBrokerProposalCommissionBody>;

export const saveBrokerProposalCommission = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/Broker/SaveBrokerProposalCommission',
  summary: 'Define a faixa de comissão da corretora numa modalidade',
  description:
    'A seguradora (GERENCIAR_CORRETORES) define a faixa própria da corretora numa modalidade ativa: mínimo, máximo e padrão opcional, dentro da faixa da modalidade (422 fora dela, ou com o padrão fora da faixa). Entra no histórico da corretora. Responde as faixas de GetBrokerProposalCommissions.',
  body: saveBrokerProposalCommissionBody,
  response: z.array(brokerCommission),
  permissions: [P.GERENCIAR_CORRETORES],
  userTypes: [U.INSURANCE],
});

export const brokerFinancialData = z
  .object({
    BrokerId: z.number().int(),
    BrokerUniqueId: z.string(),
    BankId: z.number().int().nullable(),
    BankCode: z.string().nullable(),
    BankName: z.string().nullable(),
    BankAgency: z.string().nullable(),
    BankAccount: z.string().nullable(),
    BankAccountTypeId: z.number().int().nullable(),
    BankAccountTypeName: z.string().nullable(),
    ComissionPercentage: z.string(),
  })
  .meta({ id: 'BrokerFinancialData' });

export const getBrokerFinancialData = endpoint({
  area,
  method: 'GET',
  path: '/api/Broker/GetBrokerFinancialData',
  summary: 'Dados bancários e comissão padrão da corretora',
  query: z.object({ brokerUniqueId: z.uuid({ message: 'Corretora inválida.' }).optional() }),
  response: brokerFinancialData,
  permissions: anyRead,
});

export const getBrokerChangeHistory = endpoint({
  area,
  method: 'GET',
  path: '/api/BrokerChangeHistory/Get',
  summary: 'Histórico de alterações da corretora (mais recentes primeiro)',
  query: z.object({ brokerId: qInt().positive().optional(), ...pageQuery }),
  response: pageOf(changeHistoryEntry),
  envelope: 'raw',
  permissions: anyRead,
});

// Request documents of the broker (the shared request-documents mechanism, owner 'broker').

export const getBrokerRequestDocuments = endpoint({
  area,
  method: 'GET',
  path: '/api/Broker/GetBrokerRequestDocuments',
  summary: 'Documentos solicitados à corretora do usuário logado',
  response: z.array(requestDocumentView),
  permissions: ownRead,
  userTypes: brokerTypes,
});

export const getBrokerRequestDocumentsByBroker = endpoint({
  area,
  method: 'GET',
  path: '/api/Broker/GetBrokerRequestDocumentsByBroker',
  summary: 'Documentos solicitados a uma corretora',
  description: 'Seguradora: qualquer corretora. Corretor e agente: só a própria (`brokerId` ignorado).',
  query: z.object({ brokerId: qInt().positive().optional() }),
  response: z.array(requestDocumentView),
  permissions: anyRead,
});

export const getBrokerRequestDocumentsDeletedByBroker = endpoint({
  area,
  method: 'GET',
  path: '/api/Broker/GetBrokerRequestDocumentsDeletedByBroker',
  summary: 'Documentos excluídos de uma corretora',
  query: z.object({ brokerId: qInt().positive().optional() }),
  response: z.array(requestDocumentView),
  permissions: anyRead,
});

export const getBrokerRequestDocumentArchives = endpoint({
  area,
  method: 'GET',
  path: '/api/Broker/GetBrokerRequestDocumentArchives',
  summary: 'Arquivos de um documento da corretora',
  description: 'Informe `BrokerRequestDocumentId` (Id) ou `RequestDocumentUniqueId`.',
  query: z
    .object({
      BrokerRequestDocumentId: qInt().positive().optional(),
      RequestDocumentUniqueId: z.uuid({ message: 'Documento inválido.' }).optional(),
    })
    .refine(
      (v) => v.BrokerRequestDocumentId !== undefined || v.RequestDocumentUniqueId !== undefined,
      'Informe o documento.',
    ),
  response: z.array(archiveView),
  permissions: anyRead,
});

export const uploadBrokerRequestDocumentArchive = endpoint({
  area,
  method: 'POST',
  path: '/api/Broker/UploadBrokerRequestDocumentArchive',
  summary: 'A corretora anexa arquivos (já enviados por /api/Archive/Upload) a um documento',
  body: uploadRequestDocumentBody,
  response: requestDocumentView,
  permissions: [P.GERENCIAR_CORRETORA, P.UPLOAD_DOCUMENTOS],
  userTypes: brokerTypes,
});

export const submitBrokerDocumentToReview = endpoint({
  area,
  method: 'POST',
  path: '/api/Broker/SubmitDocumentToReview',
  summary: 'Envia documentos da corretora para análise da seguradora',
  description:
    'Documentos Pendentes ou Reprovados com arquivo passam a Aguardando Análise (sem lista: todos os elegíveis). Devolve os alterados.',
  body: submitRequestDocumentsBody,
  response: z.array(requestDocumentView),
  permissions: [P.GERENCIAR_CORRETORA, P.UPLOAD_DOCUMENTOS],
  userTypes: brokerTypes,
});

export const createBrokerRequestDocumentByInsurer = endpoint({
  area,
  method: 'POST',
  path: '/api/Broker/CreateBrokerRequestDocumentByInsurer',
  summary: 'A seguradora solicita um novo documento à corretora',
  body: createRequestDocumentBody.extend(brokerRefFields).refine(hasBroker, 'Informe a corretora.'),
  response: requestDocumentView,
  permissions: [P.GERENCIAR_CORRETORES],
  userTypes: [U.INSURANCE],
});

export const uploadBrokerRequestDocumentArchiveByInsurer = endpoint({
  area,
  method: 'POST',
  path: '/api/Broker/UploadBrokerRequestDocumentArchiveByInsurer',
  summary: 'A seguradora anexa arquivos a um documento da corretora',
  body: uploadRequestDocumentBody.extend(brokerRefFields).refine(hasBroker, 'Informe a corretora.'),
  response: requestDocumentView,
  permissions: [P.GERENCIAR_CORRETORES],
  userTypes: [U.INSURANCE],
});

export const deleteBrokerRequestDocument = endpoint({
  area,
  method: 'POST',
  path: '/api/Broker/DeleteBrokerRequestDocument',
  summary: 'Exclui (logicamente) um documento da corretora',
  description:
    'Requer REMOVER_DOCUMENTOS (46). Pode ser restaurado; aparece em GetBrokerRequestDocumentsDeletedByBroker.',
  body: requestDocumentIdBody.extend({ BrokerId: z.coerce.number().int().positive().optional() }),
  response: z.boolean(),
  permissions: [P.GERENCIAR_CORRETORES, P.GERENCIAR_CORRETORA],
});
