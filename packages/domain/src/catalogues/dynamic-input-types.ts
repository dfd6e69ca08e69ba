import { codeCatalogue } from './code-catalogue.js';

/** Dynamic input types of spec §3 (modality parameterisation forms). */
export const { codes: DynamicInputType, labels: dynamicInputTypeLabels } = codeCatalogue({
  TEXT_AREA: ['TextArea', 'Área de texto'],
  DATE: ['Date', 'Data'],
  MONEY: ['Money', 'Valor monetário'],
  NUMBER: ['Number', 'Número'],
  SELECT: ['Select', 'Seleção'],
  TEXT: ['Text', 'Texto'],
  REPEATER: ['Repeater', 'Repetidor'],
});

export type DynamicInputTypeValue = (typeof DynamicInputType)[keyof typeof DynamicInputType];

/** The Date input's display format (spec §3: dd/MM/yyyy). */
export const DYNAMIC_DATE_FORMAT = 'dd/MM/yyyy';

/** Any unknown type string falls back to the default text input. */
export const resolveDynamicInputType = (type: string | undefined | null): DynamicInputTypeValue =>
  (Object.values(DynamicInputType) as string[]).includes(type ?? '')
    ? (type as DynamicInputTypeValue)
    : DynamicInputType.TEXT;
