/** User types of spec §3. */
export const UserType = {
  INSURANCE: 1,
  BROKER: 2,
  POLICY_HOLDER: 3,
  OTHER: 4,
  AGENT: 5,
  ADVISOR: 6,
} as const;

export type UserTypeKey = keyof typeof UserType;
export type UserTypeId = (typeof UserType)[UserTypeKey];

export const userTypeLabels: Record<UserTypeId, string> = {
  1: 'Seguradora',
  2: 'Corretor',
  3: 'Tomador',
  4: 'Outro',
  5: 'Agente',
  6: 'Assessor',
};

export const allUserTypeIds = Object.values(UserType) as UserTypeId[];

/** Spec §6 helpers: broker = type 2 or 5; advisor = type 6; insurance = type 1. */
export const isBroker = (type: number): boolean => type === UserType.BROKER || type === UserType.AGENT;
export const isAdvisor = (type: number): boolean => type === UserType.ADVISOR;
export const isInsurance = (type: number): boolean => type === UserType.INSURANCE;
