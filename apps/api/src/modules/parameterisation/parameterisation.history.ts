import type { ChangeHistoryEntry } from '@aval/contracts';
import { formatMoney, formatPercent } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { type HistoryJoined, insertHistory, type NewHistory } from './parameterisation.repository.js';

export type Entity =
  | 'Modality'
  | 'Coverage'
  | 'ComplementaryModality'
  | 'ContractualTerm'
  | 'ParticularClause'
  | 'RequestDocument'
  | 'InstallmentParameter'
  | 'InstallmentModalityParameter';

export const entityLabels: Record<Entity, string> = {
  Modality: 'Modalidade',
  Coverage: 'Cobertura',
  ComplementaryModality: 'Modalidade complementar',
  ContractualTerm: 'Termo contratual',
  ParticularClause: 'Cláusula particular',
  RequestDocument: 'Documento solicitado',
  InstallmentParameter: 'Parâmetro de parcelamento',
  InstallmentModalityParameter: 'Parcelamento da modalidade',
};

type Kind = 'text' | 'money' | 'percent' | 'bool' | 'int' | 'list';
type FieldSpec = { label: string; kind: Kind };

/** pt-BR labels of the audited fields; the modality ones are those of spec §9. */
export const fieldLabels: Record<string, FieldSpec> = {
  Created: { label: 'Inclusão', kind: 'text' },
  Deleted: { label: 'Exclusão', kind: 'text' },
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
};

/** A value as the history shows it: money in R$, percentages, Sim/Não, lists joined. */
export const displayValue = (field: string, value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  const kind = fieldLabels[field]?.kind ?? 'text';
  if (kind === 'bool' || typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (kind === 'money') return formatMoney(String(value));
  if (kind === 'percent') return `${formatPercent(String(value))}`;
  if (kind === 'list' || Array.isArray(value)) return (value as unknown[]).join(', ');
  return String(value);
};

const canonical = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return JSON.stringify(value);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return String(Number(value));
  return String(value);
};

export type Audit = { entity: Entity; entityId: number; modalityId: number | null };

/**
 * Records one entry per changed field (values compared canonically, so "10.00" equals "10").
 * `before` and `after` use the wire (PascalCase) field names.
 */
export const recordChanges = async (
  ctx: UserContext,
  audit: Audit,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  overrides: Record<string, { old: string | null; new: string | null }> = {},
) => {
  const rows: NewHistory[] = [];
  for (const field of Object.keys(after)) {
    if (!(field in before)) continue;
    if (canonical(before[field]) === canonical(after[field])) continue;
    const o = overrides[field];
    rows.push({
      companyId: ctx.company.id,
      entity: audit.entity,
      entityId: audit.entityId,
      modalityId: audit.modalityId,
      field,
      oldValue: o ? o.old : displayValue(field, before[field]),
      newValue: o ? o.new : displayValue(field, after[field]),
      changedByUserId: ctx.user.userId,
    });
  }
  await insertHistory(ctx.db, rows);
  return rows.length;
};

/** One entry for a creation (`Created`) or a removal (`Deleted`) with the record's name. */
export const recordEvent = (ctx: UserContext, audit: Audit, event: 'Created' | 'Deleted', name: string) =>
  insertHistory(ctx.db, [
    {
      companyId: ctx.company.id,
      entity: audit.entity,
      entityId: audit.entityId,
      modalityId: audit.modalityId,
      field: event,
      oldValue: event === 'Deleted' ? name : null,
      newValue: event === 'Created' ? name : null,
      changedByUserId: ctx.user.userId,
    },
  ]);

export const toHistoryEntry = ({ entry, changedByName }: HistoryJoined): ChangeHistoryEntry => ({
  Id: entry.id,
  Entity: entry.entity,
  EntityLabel: entityLabels[entry.entity as Entity] ?? entry.entity,
  EntityId: entry.entityId,
  ModalityId: entry.modalityId,
  Field: entry.field,
  FieldLabel: fieldLabels[entry.field]?.label ?? entry.field,
  OldValue: entry.oldValue,
  NewValue: entry.newValue,
  ChangedBy: entry.changedByUserId,
  ChangedByName: changedByName ?? `Usuário ${entry.changedByUserId}`,
  ChangedAt: entry.changedAt.toISOString(),
});
