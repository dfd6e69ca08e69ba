import { type CcgStatusId, ccgStatusLabels } from '../catalogues/ccg-statuses.js';
import { type PolicyStatusId, policyStatusLabels } from '../catalogues/policy-statuses.js';
import { type ProposalStatusId, proposalStatusLabels } from '../catalogues/proposal-statuses.js';

export type Transition<S extends number> = {
  from: readonly S[];
  to: S;
  /** What makes the transition happen (pt-BR). */
  event: string;
};

export type StatusMachine<S extends number> = {
  name: string;
  /** The entity, with article, for messages: 'A proposta', 'A apólice'… */
  subject: string;
  labels: Readonly<Record<S, string>>;
  initial: readonly S[];
  final: readonly S[];
  transitions: readonly Transition<S>[];
};

export type TransitionCheck = { ok: true } | { ok: false; reason: string };

/** Proposal statuses before issuance (5) that can still move: "any before 5" of domain.md §3. */
const beforeIssued: readonly ProposalStatusId[] = [8, 1, 2, 6, 7, 3, 4];

const proposalTransitions: Transition<ProposalStatusId>[] = [
  { from: [8], to: 1, event: 'Cálculo concluído e cotação enviada' },
  { from: [1], to: 8, event: 'Cotação limpa (o preço vai com o risco)' },
  { from: [1], to: 2, event: 'Corretor solicita a emissão' },
  { from: [2], to: 7, event: 'Validações automáticas aprovadas' },
  { from: [2], to: 6, event: 'Seguradora solicita documentos ou ajuste ao corretor' },
  { from: [6], to: 2, event: 'Corretor responde' },
  { from: [2, 6], to: 98, event: 'Seguradora recusa no card' },
  { from: [7], to: 3, event: 'CCG assinado (ou ignorado) e documentos obrigatórios conformes' },
  { from: [3], to: 4, event: 'Emitida com pagamento de boleto antes' },
  { from: [3, 4], to: 5, event: 'Emitida (pagamento confirmado ou dispensado)' },
  {
    from: beforeIssued,
    to: 97,
    event: 'Regra de bloqueio (tomador bloqueado ou restritivo, segurado bloqueado)',
  },
  { from: beforeIssued, to: 99, event: 'Cancelamento pelo corretor ou automático' },
];

/** Surety proposal life cycle of domain.md §3. */
export const proposalMachine: StatusMachine<ProposalStatusId> = {
  name: 'proposal',
  subject: 'A proposta',
  labels: proposalStatusLabels,
  initial: [8],
  final: [5, 97, 98, 99],
  transitions: proposalTransitions,
};

/** Property proposals add inspection (9): from 2 to 9, then back to 2. */
export const propertyProposalMachine: StatusMachine<ProposalStatusId> = {
  ...proposalMachine,
  name: 'propertyProposal',
  transitions: [
    ...proposalTransitions.map((t) =>
      t.to === 97 || t.to === 98 || t.to === 99 ? { ...t, from: [...t.from, 9 as const] } : t,
    ),
    { from: [2], to: 9, event: 'Inspeção necessária' },
    { from: [9], to: 2, event: 'Inspeção concluída' },
  ],
};

/** Policy statuses of domain.md §4. */
export const policyMachine: StatusMachine<PolicyStatusId> = {
  name: 'policy',
  subject: 'A apólice',
  labels: policyStatusLabels,
  initial: [1],
  final: [3, 4, 5],
  transitions: [
    { from: [1], to: 2, event: 'Emissão concluída' },
    { from: [1], to: 5, event: 'Emissão rejeitada' },
    { from: [1, 2], to: 3, event: 'Cancelamento (endosso de cancelamento ou cancelamento interno)' },
    { from: [2], to: 4, event: 'Fim de vigência ultrapassado' },
  ],
};

/** CCG statuses of domain.md §5. */
export const ccgMachine: StatusMachine<CcgStatusId> = {
  name: 'ccg',
  subject: 'O CCG',
  labels: ccgStatusLabels,
  initial: [1],
  final: [4],
  transitions: [
    { from: [1], to: 2, event: 'Enviado para assinatura' },
    { from: [2], to: 3, event: 'Assinado pelos signatários' },
    { from: [3], to: 4, event: 'Seguradora aprova as assinaturas' },
    { from: [3], to: 5, event: 'Seguradora reprova a alteração' },
    { from: [2, 3], to: 6, event: 'Seguradora solicita ajuste ao corretor' },
    { from: [5, 6], to: 2, event: 'Reenviado para assinatura' },
    { from: [6], to: 3, event: 'Corretor responde' },
  ],
};

/**
 * Endorsement proposals of domain.md §4 (proposal status codes): created in analysis, the
 * automatic registration, credit, reinsurance and subscription steps, then approval and issuance.
 */
export const endorsementProposalMachine: StatusMachine<ProposalStatusId> = {
  name: 'endorsementProposal',
  subject: 'A proposta de endosso',
  labels: proposalStatusLabels,
  initial: [2],
  final: [5, 97, 98, 99],
  transitions: [
    { from: [2], to: 7, event: 'Etapas automáticas e aprovação concluídas' },
    { from: [2], to: 6, event: 'Seguradora solicita documentos ou ajuste ao corretor' },
    { from: [6], to: 2, event: 'Corretor responde' },
    { from: [2, 6], to: 98, event: 'Seguradora recusa' },
    { from: [7], to: 3, event: 'Aprovado para emissão' },
    { from: [3], to: 4, event: 'Emitido com cobrança de prêmio adicional por boleto' },
    { from: [3, 4], to: 5, event: 'Endosso emitido' },
    { from: [2, 6, 7, 3, 4], to: 97, event: 'Regra de bloqueio' },
    { from: [2, 6, 7, 3, 4], to: 99, event: 'Cancelamento da solicitação' },
  ],
};

const label = <S extends number>(machine: StatusMachine<S>, status: S): string =>
  machine.labels[status] ?? String(status);

const isKnown = <S extends number>(machine: StatusMachine<S>, status: number): status is S =>
  Object.hasOwn(machine.labels, status);

/** Whether `from → to` is allowed, with a pt-BR reason when it is not. */
export const canTransition = <S extends number>(
  machine: StatusMachine<S>,
  from: number,
  to: number,
): TransitionCheck => {
  if (!isKnown(machine, from)) return { ok: false, reason: `Status de origem desconhecido: ${from}.` };
  if (!isKnown(machine, to)) return { ok: false, reason: `Status de destino desconhecido: ${to}.` };
  if (from === to)
    return { ok: false, reason: `${machine.subject} já está no status "${label(machine, from)}".` };
  if (machine.final.includes(from)) {
    return {
      ok: false,
      reason: `${machine.subject} está no status final "${label(machine, from)}"; nenhuma mudança de status é permitida.`,
    };
  }
  const allowed = machine.transitions.some((t) => t.to === to && t.from.includes(from));
  return allowed
    ? { ok: true }
    : {
        ok: false,
        reason: `${machine.subject} não pode passar do status "${label(machine, from)}" para "${label(machine, to)}".`,
      };
};

/** The statuses reachable in one step from `from`. */
export const nextStatuses = <S extends number>(machine: StatusMachine<S>, from: S): S[] => [
  ...new Set(machine.transitions.filter((t) => t.from.includes(from)).map((t) => t.to)),
];

/** The event that moves `from → to`, if the transition exists. */
export const transitionEvent = <S extends number>(
  machine: StatusMachine<S>,
  from: S,
  to: S,
): string | undefined => machine.transitions.find((t) => t.to === to && t.from.includes(from))?.event;
