import { Permission, UserType } from '@aval/domain';
import { z } from 'zod';
import { integer } from '../shared/fields.js';

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

/** Days of a modality's periods: a whole number from 0 to 36500. */
export const days = () => integer({ min: 0, max: 36500, intMessage: 'Informe um número inteiro de dias.' });

/** Rich text (HTML of the editor); sanitised by the API before it is stored. */
export const richText = (label: string) =>
  z
    .string({ message: `Informe ${label}.` })
    .trim()
    .min(1, `Informe ${label}.`)
    .max(200_000, `${label[0]?.toUpperCase()}${label.slice(1)} excede o tamanho máximo.`);

export const ok = z.boolean();
