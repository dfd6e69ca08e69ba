import type { UserContext } from '../../context.js';
import * as history from '../change-history/index.js';

/** The policy holder as owner of a change history. */
export const policyHolderHistory = history.historyOwnerType('PolicyHolder', 'Tomador', {
  Name: { label: 'Razão social' },
  TradeName: { label: 'Nome fantasia' },
  Email: { label: 'E-mail' },
  Phone: { label: 'Telefone' },
  Cnae: { label: 'CNAE' },
  CnaeDescription: { label: 'Descrição do CNAE' },
  FoundingDate: { label: 'Data de fundação', kind: 'date' },
  AnnualRevenue: { label: 'Faturamento anual', kind: 'money' },
  ShareCapital: { label: 'Capital social', kind: 'money' },
  Website: { label: 'Site' },
  IsBlocked: { label: 'Bloqueado', kind: 'bool' },
  IsRestrictiveBlocked: { label: 'Bloqueado por restritivos', kind: 'bool' },
  IgnoreCCGSignature: { label: 'Dispensa de assinatura de CCG', kind: 'bool' },
  Justification: { label: 'Justificativa' },
  Location: { label: 'Localização' },
  Branch: { label: 'Filial' },
  FinancialStatement: { label: 'Demonstrativo financeiro' },
  Limit: { label: 'Limite global', kind: 'money' },
  LimitAboveBound: { label: 'Limite acima do teto' },
  Rating: { label: 'Rating' },
  Nomination: { label: 'Nomeação' },
  LimitObservation: { label: 'Observação da solicitação de limite' },
  BranchActivity: { label: 'Ramo de atividade' },
  CCG: { label: 'CCG' },
  EconomicGroupLimit: { label: 'Limite do grupo econômico' },
  Registration: { label: 'Cadastro' },
  EconomicGroup: { label: 'Grupo econômico' },
  IsActive: { label: 'Ativo', kind: 'bool' },
});

/** Records changes of one policy holder in its change history. */
export const record = (ctx: UserContext, policyHolderId: number, changes: history.FieldChange[]) =>
  history.recordChanges(ctx, policyHolderHistory.of(policyHolderId), changes);
