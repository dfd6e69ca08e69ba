/** Dynamic input types of spec §3 (modality parameterisation forms). */
export const DynamicInputType = {
  TEXT_AREA: 'TextArea',
  DATE: 'Date',
  MONEY: 'Money',
  NUMBER: 'Number',
  SELECT: 'Select',
  TEXT: 'Text',
  REPEATER: 'Repeater',
} as const;

export type DynamicInputTypeValue = (typeof DynamicInputType)[keyof typeof DynamicInputType];

export const dynamicInputTypeLabels: Record<DynamicInputTypeValue, string> = {
  TextArea: 'Área de texto',
  Date: 'Data',
  Money: 'Valor monetário',
  Number: 'Número',
  Select: 'Seleção',
  Text: 'Texto',
  Repeater: 'Repetidor',
};

/** The Date input's display format (spec §3: dd/MM/yyyy). */
export const DYNAMIC_DATE_FORMAT = 'dd/MM/yyyy';

/** Any unknown type string falls back to the default text input. */
export const resolveDynamicInputType = (type: string | undefined | null): DynamicInputTypeValue =>
  (Object.values(DynamicInputType) as string[]).includes(type ?? '')
    ? (type as DynamicInputTypeValue)
    : DynamicInputType.TEXT;
