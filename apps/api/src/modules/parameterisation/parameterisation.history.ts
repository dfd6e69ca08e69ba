import type { ChangeHistoryEntry } from '@aval/contracts';
import type { UserContext } from '../../context.js';
import * as history from '../change-history/index.js';

export type Entity =
  | 'Modality'
  | 'Coverage'
  | 'ComplementaryModality'
  | 'ContractualTerm'
  | 'ParticularClause'
  | 'RequestDocument'
  | 'InstallmentParameter'
  | 'InstallmentModalityParameter'
  | 'InsurerRecord';

export const entityLabels: Record<Entity, string> = {
  Modality: 'Modalidade',
  Coverage: 'Cobertura',
  ComplementaryModality: 'Modalidade complementar',
  ContractualTerm: 'Termo contratual',
  ParticularClause: 'Cláusula particular',
  RequestDocument: 'Documento solicitado',
  InstallmentParameter: 'Parâmetro de parcelamento',
  InstallmentModalityParameter: 'Parcelamento da modalidade',
  InsurerRecord: 'Dados da seguradora',
};

/** pt-BR labels of the audited fields; the modality ones are those of spec §9. */
const fieldLabels: Record<string, history.FieldSpec> = {
  Name: { label: 'Nome', kind: 'text' },
  Description: { label: 'Descrição', kind: 'text' },
  SusepCode: { label: 'Código SUSEP', kind: 'text' },
  ModalityGroupId: { label: 'Grupo da modalidade', kind: 'text' },
  MaxInsuredAmountValue: { label: 'Valor máximo da importância segurada', kind: 'money' },
  MinInsuredAmountValue: { label: 'Valor mínimo da importância segurada', kind: 'money' },
  AutomaticApprovalLimit: { label: 'Limite de aprovação automática', kind: 'money' },
  MinInsurancePremium: { label: 'Prêmio mínimo', kind: 'money' },
  DefaultRate: { label: 'Taxa padrão', kind: 'percent' },
  MinComissionPercentage: { label: 'Comissão mínima', kind: 'percent' },
  MaxComissionPercentage: { label: 'Comissão máxima', kind: 'percent' },
  RetroactiveDays: { label: 'Dias de retroatividade', kind: 'int' },
  FutureDays: { label: 'Dias futuros', kind: 'int' },
  MinPeriodInDays: { label: 'Prazo mínimo em dias', kind: 'int' },
  MaxPeriodInDays: { label: 'Prazo máximo em dias', kind: 'int' },
  IsComplementary: { label: 'Modalidade complementar', kind: 'bool' },
  AutomaticCancel: { label: 'Cancelamento automático', kind: 'bool' },
  DaysAfterDueDate: { label: 'Dias após o vencimento', kind: 'int' },
  CanHaveBeneficiaryPF: { label: 'Aceita beneficiário pessoa física', kind: 'bool' },
  IsActive: { label: 'Ativo', kind: 'bool' },
  Order: { label: 'Ordem', kind: 'int' },
  IsAdditional: { label: 'Cobertura adicional', kind: 'bool' },
  InsuredAmountPercentage: { label: 'Percentual da importância segurada', kind: 'percent' },
  Rate: { label: 'Taxa', kind: 'percent' },
  Title: { label: 'Título', kind: 'text' },
  Text: { label: 'Texto', kind: 'text' },
  RequestDocumentTypeId: { label: 'Tipo de documento', kind: 'text' },
  PipeTypeId: { label: 'Esteira', kind: 'text' },
  IsRequired: { label: 'Obrigatório', kind: 'bool' },
  IsDeleted: { label: 'Excluído', kind: 'bool' },
  Code: { label: 'Código', kind: 'text' },
  MinimumInstallmentValue: { label: 'Valor mínimo da parcela', kind: 'money' },
  MaximumInstallments: { label: 'Número máximo de parcelas', kind: 'int' },
  GracePeriodsInDays: { label: 'Carências (dias)', kind: 'list' },
  PaymentMethods: { label: 'Formas de pagamento', kind: 'list' },
  FirstDueDays: { label: 'Dias até o primeiro vencimento', kind: 'int' },
  InstallmentParameterId: { label: 'Parâmetro de parcelamento', kind: 'text' },
  ComplementaryModalityId: { label: 'Modalidade complementar vinculada', kind: 'text' },
  // The insurer's record (insurer-record.service.ts), its values as the documents print them.
  LegalName: { label: 'Razão social', kind: 'text' },
  Cnpj: { label: 'CNPJ', kind: 'text' },
  ZipCode: { label: 'CEP', kind: 'text' },
  AddressName: { label: 'Logradouro', kind: 'text' },
  Number: { label: 'Número', kind: 'text' },
  Complement: { label: 'Complemento', kind: 'text' },
  Neighborhood: { label: 'Bairro', kind: 'text' },
  State: { label: 'Estado', kind: 'text' },
  City: { label: 'Cidade', kind: 'text' },
  SusepProcesses: { label: 'Processos SUSEP', kind: 'text' },
  BankCode: { label: 'Código do banco', kind: 'text' },
  BankName: { label: 'Banco', kind: 'text' },
  BankAgency: { label: 'Agência', kind: 'text' },
  BankAccount: { label: 'Conta', kind: 'text' },
  BankWallet: { label: 'Carteira', kind: 'text' },
  PixKey: { label: 'Chave Pix', kind: 'text' },
  SacPhone: { label: 'Telefone do SAC', kind: 'text' },
  OuvidoriaPhone: { label: 'Telefone da Ouvidoria', kind: 'text' },
  OuvidoriaEmail: { label: 'E-mail da Ouvidoria', kind: 'text' },
  Site: { label: 'Site', kind: 'text' },
};

/** Every parameterisation item as owner of a change history, scoped by its modality. */
const ownerTypes = Object.fromEntries(
  (Object.keys(entityLabels) as Entity[]).map((e) => [
    e,
    history.historyOwnerType(e, entityLabels[e], fieldLabels),
  ]),
) as Record<Entity, history.HistoryOwnerType>;

export type Audit = { entity: Entity; entityId: number; modalityId: number | null };

const ownerOf = (audit: Audit) => ownerTypes[audit.entity].of(audit.entityId, audit.modalityId);

/**
 * Records one entry per changed field (the shared diff: "10.00" equals "10").
 * `before` and `after` use the wire (PascalCase) field names.
 */
export const recordChanges = (
  ctx: UserContext,
  audit: Audit,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  overrides: Record<string, { old: string | null; new: string | null }> = {},
) =>
  history.recordChanges(
    ctx,
    ownerOf(audit),
    history.diffChanges(ownerTypes[audit.entity], before, after, overrides),
  );

/** One entry for a creation (`Created`) or a removal (`Deleted`) with the record's name. */
export const recordEvent = (ctx: UserContext, audit: Audit, event: 'Created' | 'Deleted', name: string) =>
  history.recordEvent(ctx, ownerOf(audit), event, name);

/** The history of a modality and of its items, newest first. */
export const modalityHistory = (ctx: UserContext, modalityId: number): Promise<ChangeHistoryEntry[]> =>
  history.listChangeHistory(ctx, { types: Object.values(ownerTypes), scopeId: modalityId });

/** The history of some items of one kind (the general conditions' terms). */
export const entityHistory = (
  ctx: UserContext,
  entity: Entity,
  ids: number[],
): Promise<ChangeHistoryEntry[]> =>
  history.listChangeHistory(ctx, { types: [ownerTypes[entity]], ownerIds: ids });
