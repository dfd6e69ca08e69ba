import { codeCatalogue } from './code-catalogue.js';

/** Policy status codes of spec §3. */
export const {
  codes: PolicyStatus,
  all: allPolicyStatusIds,
  names: policyStatusNames,
  labels: policyStatusLabels,
} = codeCatalogue({
  AGUARDANDO_EMISSAO: [1, 'Aguardando Emissão', 'AguardandoEmissao'],
  EMITIDA: [2, 'Emitida', 'Emitida'],
  CANCELADA: [3, 'Cancelada', 'Cancelada'],
  VENCIDA: [4, 'Vencida', 'Vencida'],
  REJEITADA: [5, 'Rejeitada', 'Rejeitada'],
});

export type PolicyStatusKey = keyof typeof PolicyStatus;
export type PolicyStatusId = (typeof PolicyStatus)[PolicyStatusKey];

export type PolicyStatusColor = 'blue' | 'green' | 'danger';

/** Spec §3: 1 blue, 2 green, 3 to 5 danger. */
export const policyStatusColors: Record<PolicyStatusId, PolicyStatusColor> = {
  1: 'blue',
  2: 'green',
  3: 'danger',
  4: 'danger',
  5: 'danger',
};

/**
 * SRO (Sistema de Registro de Operações, Circular SUSEP 710/2024) registration of an issued policy:
 * due 2 business days after issue (national holidays counted). Late = still pending after the deadline.
 * It follows the issuance's registration in the SRO module (every operation's states: catalogues/sro.ts).
 */
export const SroStatus = { PENDENTE: 1, REGISTRADA: 2 } as const;
export type SroStatusId = (typeof SroStatus)[keyof typeof SroStatus];
export const sroStatusLabels: Record<SroStatusId, string> = { 1: 'Pendente', 2: 'Registrada' };
/** Business days an insurer has to register an issued policy in the SRO. */
export const SRO_REGISTRATION_BUSINESS_DAYS = 2;

/** Premium installment (boleto) status. */
export const InstallmentStatus = { EM_ABERTO: 1, PAGA: 2, CANCELADA: 3 } as const;
export type InstallmentStatusId = (typeof InstallmentStatus)[keyof typeof InstallmentStatus];
export const installmentStatusLabels: Record<InstallmentStatusId, string> = {
  1: 'Em aberto',
  2: 'Paga',
  3: 'Cancelada',
};
