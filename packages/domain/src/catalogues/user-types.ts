import { codeCatalogue } from './code-catalogue.js';

/** User types of spec §3. */
export const {
  codes: UserType,
  all: allUserTypeIds,
  labels: userTypeLabels,
} = codeCatalogue({
  INSURANCE: [1, 'Seguradora'],
  BROKER: [2, 'Corretor'],
  POLICY_HOLDER: [3, 'Tomador'],
  OTHER: [4, 'Outro'],
  AGENT: [5, 'Agente'],
  ADVISOR: [6, 'Assessor'],
});

export type UserTypeKey = keyof typeof UserType;
export type UserTypeId = (typeof UserType)[UserTypeKey];

/** Spec §6 helpers: broker = type 2 or 5; advisor = type 6; insurance = type 1. */
export const isBroker = (type: number): boolean => type === UserType.BROKER || type === UserType.AGENT;
export const isAdvisor = (type: number): boolean => type === UserType.ADVISOR;
export const isInsurance = (type: number): boolean => type === UserType.INSURANCE;
