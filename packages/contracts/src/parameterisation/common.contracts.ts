import { Permission, UserType } from '@aval/domain';
import { z } from 'zod';

/** Writes of parameterisation: insurer staff holding PARAMETRIZAR_SEGURADORA (26). */
export const paramWrite = {
  area: 'parameterisation',
  permissions: [Permission.PARAMETRIZAR_SEGURADORA],
  userTypes: [UserType.INSURANCE],
} as const;

/** Reads used by the parameterisation screens only. */
export const paramAdminRead = paramWrite;

/** Reads the proposals use: any authenticated user of the company. */
export const paramRead = { area: 'parameterisation', permissions: [] } as const;

const decimalText = (scale: number, message: string) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim().replace(',', '.')))
    .refine((v) => new RegExp(`^\\d{1,16}(\\.\\d{1,${scale}})?$`).test(v), { message });

/** Non-negative money as a decimal string (`"1500000.00"`); numbers are accepted and converted. */
export const moneyInput = () => decimalText(2, 'Valor inválido inválido, campo numérico.');
/** Non-negative percentage or rate with up to 6 decimals. */
export const rateInput = () =>
  decimalText(6, 'Valor inválido inválido, campo numérico.').refine((v) => Number(v) <= 100, {
    message: 'O valor não pode ser maior que 100',
  });

export const days = () =>
  z.coerce
    .number({ message: 'Valor inválido inválido, campo numérico.' })
    .int('Informe um número inteiro de dias.')
    .min(0, 'O valor não pode ser menor que 0')
    .max(36500, 'O valor não pode ser maior que 36500');

/** Rich text (HTML of the editor); sanitised by the API before it is stored. */
export const richText = (label: string) =>
  z
    .string({ message: `Informe ${label}.` })
    .trim()
    .min(1, `Informe ${label}.`)
    .max(200_000, `${label[0]?.toUpperCase()}${label.slice(1)} excede o tamanho máximo.`);

export const name50 = (label: string) =>
  z
    .string({ message: `Informe ${label}.` })
    .trim()
    .min(1, `Informe ${label}.`)
    .max(120, `${label[0]?.toUpperCase()}${label.slice(1)} deve ter no máximo 120 caracteres.`);

export const idInput = () =>
  z.coerce.number({ message: 'Identificador inválido.' }).int().positive('Identificador inválido.');

export const ok = z.boolean();

/** One entry of a change history (spec: entries gain ChangedByName). */
export const changeHistoryEntry = z
  .object({
    Id: z.number().int(),
    Entity: z.string(),
    EntityLabel: z.string(),
    EntityId: z.number().int(),
    ModalityId: z.number().int().nullable(),
    Field: z.string(),
    FieldLabel: z.string(),
    OldValue: z.string().nullable(),
    NewValue: z.string().nullable(),
    ChangedBy: z.number().int(),
    ChangedByName: z.string(),
    ChangedAt: z.string(),
  })
  .meta({ id: 'ParameterisationChangeHistoryEntry' });
export type ChangeHistoryEntry = z.infer<typeof changeHistoryEntry>;
