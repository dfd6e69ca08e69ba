import type { CardTypeValue } from '../catalogues/card-types.js';
import { Permission, type PermissionId } from '../catalogues/permissions.js';

/**
 * The seven pipes (esteiras) of spec §1 with their management permission (spec §6: 34-40), the
 * steps each company starts with and the pipe every card type lives in. Each company gets its own
 * copy at seed time; steps, SLAs and WIP limits are data afterwards.
 */

/** What a step means: work in progress, a decision (approve or refuse) fed back to the owner, or the end. */
export const StepKind = {
  WORK: 'work',
  APPROVE: 'approve',
  REFUSE: 'refuse',
  DONE: 'done',
} as const;
export type StepKindValue = (typeof StepKind)[keyof typeof StepKind];
export const stepKinds = Object.values(StepKind) as StepKindValue[];

export type StepDef = { name: string; kind: StepKindValue; slaHours?: number; wipLimit?: number };

export type PipeDef = {
  /** Stable token of `/kanban/pipe/{token}` (unique per company). */
  token: string;
  name: string;
  /** The pipe's management permission (moves cards). */
  permission: PermissionId;
  steps: readonly StepDef[];
};

/**
 * The step where a card waits for the broker (documents, an adjustment, a CCG to fix): its owner
 * moves it there by this name when it sends the case back to the broker.
 */
export const AWAITING_BROKER_STEP = 'Aguardando corretor';
/** The step where a card is worked; its owner moves it back there when the broker answers. */
export const ANALYSIS_STEP = 'Em análise';

const analysis = (slaHours: number, wipLimit?: number): StepDef[] => [
  { name: 'Novos', kind: StepKind.WORK, slaHours: Math.max(4, Math.round(slaHours / 3)) },
  { name: ANALYSIS_STEP, kind: StepKind.WORK, slaHours, wipLimit },
  { name: AWAITING_BROKER_STEP, kind: StepKind.WORK, slaHours: slaHours * 2 },
  { name: 'Aprovado', kind: StepKind.APPROVE },
  { name: 'Recusado', kind: StepKind.REFUSE },
];

export const pipeCatalogue: readonly PipeDef[] = [
  {
    token: 'cadastro',
    name: 'Cadastro',
    permission: Permission.GERENCIAR_ESTEIRA_CADASTRO,
    steps: analysis(48, 10),
  },
  {
    token: 'credito',
    name: 'Crédito',
    permission: Permission.GERENCIAR_ESTEIRA_CREDITO,
    steps: analysis(72, 8),
  },
  {
    token: 'nomeacao',
    name: 'Nomeação',
    permission: Permission.GERENCIAR_ESTEIRA_NOMEACAO,
    steps: analysis(24, 15),
  },
  { token: 'pep', name: 'PEP', permission: Permission.GERENCIAR_ESTEIRA_PEP, steps: analysis(24, 10) },
  {
    token: 'resseguro',
    name: 'Resseguro',
    permission: Permission.GERENCIAR_ESTEIRA_RESSEGURO,
    steps: analysis(120, 5),
  },
  {
    token: 'subscricao',
    name: 'Subscrição',
    permission: Permission.GERENCIAR_ESTEIRA_SUBSCRICAO,
    steps: analysis(48, 10),
  },
  {
    token: 'inspecao',
    name: 'Inspeção',
    permission: Permission.GERENCIAR_ESTEIRA_INSPECAO,
    steps: [
      { name: 'Novos', kind: StepKind.WORK, slaHours: 24 },
      { name: 'Vistoria agendada', kind: StepKind.WORK, slaHours: 120, wipLimit: 10 },
      { name: 'Laudo em análise', kind: StepKind.WORK, slaHours: 48 },
      { name: 'Aprovado', kind: StepKind.APPROVE },
      { name: 'Recusado', kind: StepKind.REFUSE },
    ],
  },
];

export type PipeToken = 'cadastro' | 'credito' | 'nomeacao' | 'pep' | 'resseguro' | 'subscricao' | 'inspecao';

/** The pipe each of the spec's 18 card types is opened in (domain.md §3, §5, §7). */
export const cardTypePipe: Record<CardTypeValue, PipeToken> = {
  ANALISE_DOCUMENTACAO_CORRETORA: 'cadastro',
  ANALISE_CONFORMIDADE_CORRETORA: 'cadastro',
  ANALISE_CCG: 'cadastro',
  ANALISE_CCG_MANUAL: 'cadastro',
  RAMO_ATIVIDADE: 'cadastro',
  REQUEST_LIMIT: 'credito',
  GRUPO_ECONOMICO: 'credito',
  NOMEACAO_TOMADOR: 'nomeacao',
  CORRETORA_PEP: 'pep',
  TOMADOR_QSA_PEP: 'pep',
  SEGURADO_QSA_PEP: 'pep',
  // The spec's reinsurance pipe has no card type of its own: a proposal's cession is analysed on a
  // PROPOSTA card there (issue 15, the cession plan of the reinsurance validation).
  PROPOSTA: 'resseguro',
  PROPOSTA_SUBSCRICAO: 'subscricao',
  SUBSCRICAO: 'subscricao',
  ENDOSSO_ALTERACAO: 'subscricao',
  ENDOSSO_CANCELAMENTO: 'subscricao',
  PROPOSTA_INSPECAO: 'inspecao',
  INSPECAO: 'inspecao',
};

/** Short pt-BR label of each card type (board filters and card chips). */
export const cardTypeLabels: Record<CardTypeValue, string> = {
  CORRETORA_PEP: 'Corretora PEP',
  NOMEACAO_TOMADOR: 'Nomeação de tomador',
  ANALISE_CCG: 'Análise de CCG',
  ANALISE_CCG_MANUAL: 'Análise de CCG manual',
  PROPOSTA_SUBSCRICAO: 'Proposta em subscrição',
  PROPOSTA_INSPECAO: 'Proposta em inspeção',
  PROPOSTA: 'Proposta',
  SUBSCRICAO: 'Subscrição',
  INSPECAO: 'Inspeção',
  GRUPO_ECONOMICO: 'Grupo econômico',
  TOMADOR_QSA_PEP: 'Tomador QSA PEP',
  SEGURADO_QSA_PEP: 'Segurado QSA PEP',
  ENDOSSO_CANCELAMENTO: 'Endosso de cancelamento',
  ENDOSSO_ALTERACAO: 'Endosso de alteração',
  ANALISE_DOCUMENTACAO_CORRETORA: 'Documentação da corretora',
  ANALISE_CONFORMIDADE_CORRETORA: 'Conformidade da corretora',
  RAMO_ATIVIDADE: 'Ramo de atividade',
  REQUEST_LIMIT: 'Revisão de limite',
};

/** SLA state of a card: none (no SLA), ok, due soon (last 20% of the SLA or last 4 h) or late. */
export type SlaState = 'none' | 'ok' | 'dueSoon' | 'late';

/** The moment a card entered its step plus the step's SLA: when it is due (undefined: no SLA). */
export const slaDueAt = (enteredStepAt: Date, slaHours: number | null | undefined): Date | undefined =>
  slaHours && slaHours > 0 ? new Date(enteredStepAt.getTime() + slaHours * 3_600_000) : undefined;

export const slaState = (
  enteredStepAt: Date,
  slaHours: number | null | undefined,
  now: Date = new Date(),
): SlaState => {
  const due = slaDueAt(enteredStepAt, slaHours);
  if (!due || !slaHours) return 'none';
  const left = due.getTime() - now.getTime();
  if (left <= 0) return 'late';
  const soon = Math.min(slaHours * 0.2, 4) * 3_600_000;
  return left <= soon ? 'dueSoon' : 'ok';
};

/** Whether a step's kind ends the card's work with a decision the owner must apply. */
export const isDecisionStep = (kind: string): kind is 'approve' | 'refuse' =>
  kind === StepKind.APPROVE || kind === StepKind.REFUSE;
