/**
 * Small catalogues of the proposal wizard the spec names without listing (spec §3: property info
 * types with Id and Name, ExperienceTypeId, QARs, franchise types). The web imports them from
 * @aval/domain; the API validates ids against them.
 */
export type CatalogueItem = { Id: number; Name: string };

const labelsOf = (items: readonly CatalogueItem[]): Record<number, string> =>
  Object.fromEntries(items.map((i) => [i.Id, i.Name]));

/** Experience of the policy holder with the insurer (ExperienceTypeId). */
export const experienceTypes: readonly CatalogueItem[] = [
  { Id: 1, Name: 'Primeira contratação' },
  { Id: 2, Name: 'Renovação' },
  { Id: 3, Name: 'Renovação de outra seguradora' },
];
export const experienceTypeLabels = labelsOf(experienceTypes);

/** Property info (spec §3 "Property info types"): the activity at the risk location. */
export const activityTypes: readonly CatalogueItem[] = [
  { Id: 1, Name: 'Comércio' },
  { Id: 2, Name: 'Indústria' },
  { Id: 3, Name: 'Serviços' },
  { Id: 4, Name: 'Escritório' },
  { Id: 5, Name: 'Depósito' },
];
export const activityTypeLabels = labelsOf(activityTypes);

/** Construction of the building. */
export const buildingTypes: readonly CatalogueItem[] = [
  { Id: 1, Name: 'Alvenaria' },
  { Id: 2, Name: 'Concreto armado' },
  { Id: 3, Name: 'Estrutura metálica' },
  { Id: 4, Name: 'Mista (alvenaria e madeira)' },
  { Id: 5, Name: 'Madeira' },
];
export const buildingTypeLabels = labelsOf(buildingTypes);

/** How the insured occupies the property. */
export const propertyTypes: readonly CatalogueItem[] = [
  { Id: 1, Name: 'Próprio' },
  { Id: 2, Name: 'Alugado' },
  { Id: 3, Name: 'Cedido' },
];
export const propertyTypeLabels = labelsOf(propertyTypes);

/** Risk classification of the property (1 lowest risk). */
export const propertyClassificationTypes: readonly CatalogueItem[] = [
  { Id: 1, Name: 'Classe 1 - risco baixo' },
  { Id: 2, Name: 'Classe 2 - risco médio' },
  { Id: 3, Name: 'Classe 3 - risco elevado' },
];
export const propertyClassificationTypeLabels = labelsOf(propertyClassificationTypes);

/** QAR items (questionário de avaliação de risco): protections at the risk location. */
export const qarItems: readonly (CatalogueItem & { Group: string })[] = [
  { Id: 1, Name: 'Extintores', Group: 'Proteção contra incêndio' },
  { Id: 2, Name: 'Hidrantes', Group: 'Proteção contra incêndio' },
  { Id: 3, Name: 'Chuveiros automáticos (sprinklers)', Group: 'Proteção contra incêndio' },
  { Id: 4, Name: 'Detectores de fumaça', Group: 'Proteção contra incêndio' },
  { Id: 5, Name: 'Alarme monitorado', Group: 'Proteção contra roubo' },
  { Id: 6, Name: 'Circuito fechado de TV', Group: 'Proteção contra roubo' },
  { Id: 7, Name: 'Vigilância 24 horas', Group: 'Proteção contra roubo' },
  { Id: 8, Name: 'Grades e portas reforçadas', Group: 'Proteção contra roubo' },
];
export const qarItemLabels = labelsOf(qarItems);

/** Franchise (franquia) of a coverage limit: a percentage of the loss with a minimum, or days. */
export const FranchiseType = { PERCENT_WITH_MINIMUM: 1, FIXED_VALUE: 2, DAYS: 3 } as const;
export type FranchiseTypeId = (typeof FranchiseType)[keyof typeof FranchiseType];
export const franchiseTypes: readonly CatalogueItem[] = [
  { Id: 1, Name: 'Percentual dos prejuízos com mínimo' },
  { Id: 2, Name: 'Valor fixo' },
  { Id: 3, Name: 'Dias' },
];
export const franchiseTypeLabels = labelsOf(franchiseTypes);
