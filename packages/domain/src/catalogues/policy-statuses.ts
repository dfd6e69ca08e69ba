/** Policy status codes of spec §3. */
export const PolicyStatus = {
  AGUARDANDO_EMISSAO: 1,
  EMITIDA: 2,
  CANCELADA: 3,
  VENCIDA: 4,
  REJEITADA: 5,
} as const;

export type PolicyStatusKey = keyof typeof PolicyStatus;
export type PolicyStatusId = (typeof PolicyStatus)[PolicyStatusKey];

export const allPolicyStatusIds = Object.values(PolicyStatus) as PolicyStatusId[];

export const policyStatusNames: Record<PolicyStatusId, string> = {
  1: 'AguardandoEmissao',
  2: 'Emitida',
  3: 'Cancelada',
  4: 'Vencida',
  5: 'Rejeitada',
};

export const policyStatusLabels: Record<PolicyStatusId, string> = {
  1: 'Aguardando Emissão',
  2: 'Emitida',
  3: 'Cancelada',
  4: 'Vencida',
  5: 'Rejeitada',
};

export type PolicyStatusColor = 'blue' | 'green' | 'danger';

/** Spec §3: 1 blue, 2 green, 3 to 5 danger. */
export const policyStatusColors: Record<PolicyStatusId, PolicyStatusColor> = {
  1: 'blue',
  2: 'green',
  3: 'danger',
  4: 'danger',
  5: 'danger',
};
