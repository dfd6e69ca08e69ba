import { Permission, UserType } from '@aval/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { proposalKey, proposalRead, proposalWrite } from '../proposals/proposals.contracts.js';
import { date, integer, money, requiredText, uuid } from '../shared/fields.js';
import { pageOf, pageQuery, qBool } from '../shared/schemas.js';

/**
 * Issuance (issue 15): the proposal from 7 Aprovada to 5 Emitida, its documents (minuta, boletos,
 * policy, laudo de emissão) and the policies it creates, with their SRO registration.
 * Money as decimal strings, dates `YYYY-MM-DD`.
 */
const P = Permission;
const insurerWrite = [P.GERENCIAR_PROPOSTAS_SEGURADORA];

export const issuanceInstallment = z
  .object({
    UniqueId: z.string(),
    Number: z.number().int(),
    DueDate: z.string(),
    Amount: z.string(),
    StatusId: z.number().int(),
    StatusName: z.string(),
    OurNumber: z.string(),
    DigitableLine: z.string(),
    PixPayload: z.string().nullable(),
    PaidAt: z.string().nullable(),
    PaidAmount: z.string().nullable(),
    /** `manual` (insurer staff) or `return-file` (imported bank return). */
    PaymentSource: z.string().nullable(),
  })
  .meta({ id: 'PolicyInstallment' });

export const issuedPolicy = z
  .object({
    UniqueId: z.string(),
    Number: z.string(),
    StatusId: z.number().int(),
    StatusName: z.string(),
    ProposalUniqueId: z.string(),
    ProposalNumber: z.number().int(),
    ModalityName: z.string(),
    PolicyHolderName: z.string(),
    PolicyHolderDocument: z.string(),
    InsuredName: z.string().nullable(),
    BrokerName: z.string(),
    StartDate: z.string(),
    EndDate: z.string(),
    InsuredAmountValue: z.string(),
    InsurancePremium: z.string(),
    TotalPremium: z.string(),
    NumberOfInstallments: z.number().int(),
    IssuedAt: z.string(),
    DocumentSha256: z.string().nullable(),
    SroDeadline: z.string(),
    SroStatusId: z.number().int(),
    SroStatusName: z.string(),
    SroRegisteredAt: z.string().nullable(),
    SroProtocol: z.string().nullable(),
    /** Pending in the SRO after its deadline. */
    SroLate: z.boolean(),
  })
  .meta({ id: 'IssuedPolicy' });

export const issuanceView = z
  .object({
    ProposalUniqueId: z.string(),
    StatusId: z.number().int(),
    StatusName: z.string(),
    Version: z.number().int(),
    /** The policy holder, whose CCG the tab shows while it is not signed. */
    PolicyHolderUniqueId: z.string(),
    /** The holder's CCG is signed (status 4), or its signature is waived. */
    CcgSigned: z.boolean(),
    CcgIgnored: z.boolean(),
    PendingRequiredDocuments: z.number().int(),
    /** Issued before payment: public insured (branch 0775), judicial modality. */
    IssueBeforePayment: z.boolean(),
    IssueBeforePaymentReason: z.string().nullable(),
    CanRequestIssuance: z.boolean(),
    /** Permission 17: may send to issuance without the signed CCG. */
    CanIgnoreCcg: z.boolean(),
    CanIssue: z.boolean(),
    CanConfirmPayment: z.boolean(),
    CanDownloadIssuanceReport: z.boolean(),
    /** Why the next step is not possible yet (pt-BR), or null. */
    Blockers: z.array(z.string()),
    Installments: z.array(issuanceInstallment),
    Policy: issuedPolicy.nullable(),
  })
  .meta({ id: 'ProposalIssuance' });

export const generateContractDraft = endpoint({
  area: 'proposals',
  method: 'GET',
  path: '/api/Proposal/GenerateContractDraft',
  summary: 'Gera a minuta da apólice (PDF) e devolve o link assinado de download',
  description:
    'Gera a minuta com os dados da seguradora e o processo SUSEP, as partes, o objeto, a IS em números e por extenso, a vigência, a modalidade e as condições e cláusulas com todas as tags preenchidas. O arquivo fica no armazenamento com o SHA-256. Responde `{ UrlToDownload, FileName, Sha256 }`.',
  query: z.object(proposalKey()),
  response: z.object({ UrlToDownload: z.string(), FileName: z.string(), Sha256: z.string() }),
  permissions: proposalRead,
});

export const downloadBankSlip = endpoint({
  area: 'proposals',
  method: 'GET',
  path: '/api/Proposal/DownloadBankSlip',
  summary: 'Links assinados dos boletos da proposta (um por parcela)',
  description:
    'Responde `{ LinksToDownload: [{ InstallmentNumber, DueDate, Amount, StatusId, StatusName, DigitableLine, Url }] }`. Os boletos existem a partir do envio à emissão com pagamento antes (status 4) e seguem na apólice emitida.',
  query: z.object(proposalKey()),
  response: z.object({
    LinksToDownload: z.array(
      z.object({
        InstallmentNumber: z.number().int(),
        DueDate: z.string(),
        Amount: z.string(),
        StatusId: z.number().int(),
        StatusName: z.string(),
        DigitableLine: z.string(),
        Url: z.string(),
      }),
    ),
  }),
  permissions: proposalRead,
});

export const loadIssuanceReport = endpoint({
  area: 'proposals',
  method: 'GET',
  path: '/api/Proposal/LoadIssuanceReport',
  summary: 'Laudo de emissão (PDF): validações, aprovações, quem e quando',
  description:
    'Permissão 15 (DOWNLOAD_DO_LAUDO_DE_EMISSAO). Gera o laudo com o log dos motores, a linha do tempo (aprovações e transições com autor e data), as alterações e os pagamentos. Responde `{ UrlToDownloadIssuanceReport }`.',
  query: z.object({ proposalUniqueId: uuid('Proposta inválida.') }),
  response: z.object({ UrlToDownloadIssuanceReport: z.string(), Sha256: z.string() }),
  permissions: [P.DOWNLOAD_DO_LAUDO_DE_EMISSAO],
});

export const getProposalIssuance = endpoint({
  area: 'extra',
  method: 'GET',
  path: '/api/Proposal/GetProposalIssuance',
  summary: 'A emissão da proposta: o que falta, as ações possíveis, parcelas e boletos, a apólice',
  query: z.object(proposalKey()),
  response: issuanceView,
  permissions: proposalRead,
});

export const requestIssuance = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/Proposal/RequestIssuance',
  summary: 'Envia a proposta aprovada à emissão (7 → 3)',
  description:
    'Corpo: `{ ProposalUniqueId, Version?, IgnoreCCGSignature?, CcgWaiverJustification? }`. Exige o CCG do tomador assinado (ou dispensado no tomador, ou `IgnoreCCGSignature` por quem tem a permissão 17, com a justificativa da dispensa, que fica na linha do tempo) e os documentos obrigatórios da proposta Conforme. Corretora principal (6) ou seguradora (31). Registra a linha do tempo e avisa o corretor por e-mail.',
  body: z.object({
    ...proposalKey(),
    Version: integer({ min: 1 }).optional(),
    IgnoreCCGSignature: z.boolean().optional(),
    /** Why the CCG's signature is waived (required with IgnoreCCGSignature when it is unsigned). */
    CcgWaiverJustification: z
      .string()
      .trim()
      .min(10, 'Justifique a dispensa do CCG com pelo menos 10 caracteres.')
      .max(1000, 'Justificativa muito longa.')
      .optional(),
  }),
  response: issuanceView,
  permissions: proposalWrite,
});

export const issueProposal = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/Proposal/IssueProposal',
  summary: 'Emite a proposta (3 → 5) ou gera os boletos e aguarda o pagamento (3 → 4)',
  description:
    'Corpo: `{ ProposalUniqueId, Version? }`. Segurado público (ramo 0775) e modalidades judiciais emitem já: a apólice nasce com número, PDF e prazo de registro no SRO. As demais geram uma parcela por boleto (código de barras FEBRABAN e Pix) e passam a Aguardando Pagamento de Boleto (4) até a confirmação do pagamento.',
  body: z.object({ ...proposalKey(), Version: integer({ min: 1 }).optional() }),
  response: issuanceView,
  permissions: proposalWrite,
});

export const confirmBankSlipPayment = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/Proposal/ConfirmBankSlipPayment',
  summary: 'A seguradora confirma o pagamento de uma parcela; a primeira paga emite a apólice (4 → 5)',
  description:
    'Corpo: `{ ProposalUniqueId, InstallmentNumber, PaidAt?, PaidAmount? }` (padrões: hoje e o valor da parcela).',
  body: z.object({
    ...proposalKey(),
    InstallmentNumber: integer({ min: 1, max: 24 }),
    PaidAt: date('Data do pagamento inválida.').optional(),
    PaidAmount: money('o valor pago').optional(),
  }),
  response: issuanceView,
  permissions: insurerWrite,
  userTypes: [UserType.INSURANCE],
});

export const importBankReturnFile = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/Proposal/ImportBankReturnFile',
  summary: 'Importa o arquivo de retorno do banco: cada boleto pago confirma sua parcela',
  description:
    'Corpo: `{ Content, ProviderCode? }` (texto do arquivo; provedor `local` por padrão: uma linha `nosso número;data;valor` por boleto pago). Boletos desconhecidos ou já pagos são listados em `Ignored`. Proposta em 4 cuja primeira parcela foi paga é emitida.',
  body: z.object({
    Content: requiredText('o conteúdo do arquivo', 2_000_000),
    ProviderCode: z.string().max(40).optional(),
  }),
  response: z.object({
    Paid: z.array(
      z.object({
        OurNumber: z.string(),
        ProposalNumber: z.number().int(),
        InstallmentNumber: z.number().int(),
        Issued: z.boolean(),
      }),
    ),
    Ignored: z.array(z.object({ OurNumber: z.string(), Reason: z.string() })),
  }),
  permissions: insurerWrite,
  userTypes: [UserType.INSURANCE],
});

export const searchLateSroRegistrations = endpoint({
  area: 'extra',
  method: 'GET',
  path: '/api/Policy/SearchLateSroRegistrations',
  summary: 'Apólices com registro no SRO atrasado (pendentes após o prazo de 2 dias úteis)',
  description:
    'Só a seguradora (24 ou 32). `IncludeDueToday=true` inclui as que vencem hoje. Ordenadas pelo prazo mais antigo. Lista `{ Data, Total, CurrentPage, RowsPerPage }`.',
  query: z.object({ ...pageQuery, IncludeDueToday: qBool().optional() }),
  response: pageOf(issuedPolicy),
  envelope: 'raw',
  permissions: [P.VISUALIZAR_APOLICES, P.VISUALIZAR_PROPOSTAS_SEGURADORA, P.GERENCIAR_PROPOSTAS_SEGURADORA],
  userTypes: [UserType.INSURANCE],
});

export const registerPolicySro = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/Policy/RegisterPolicySro',
  summary: 'Registra o protocolo do SRO de uma apólice emitida',
  body: z.object({
    PolicyUniqueId: uuid('Apólice inválida.'),
    Protocol: requiredText('o protocolo do SRO', 60),
  }),
  response: issuedPolicy,
  permissions: insurerWrite,
  userTypes: [UserType.INSURANCE],
});

export type IssuedPolicy = z.infer<typeof issuedPolicy>;
export type IssuanceInstallment = z.infer<typeof issuanceInstallment>;
export type IssuanceView = z.infer<typeof issuanceView>;
