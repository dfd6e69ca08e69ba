import { type FormErrors, schemaResolver, type UseFormReturnType } from '@mantine/form';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../api/client.js';

/**
 * The form's field that shows the message of a body path, when it is not the path itself: a map
 * of paths (`{ BankId: 'BankCode' }`) or a function (`GracePeriodsInDays.0` → `GracePeriodsInDays`
 * for a list edited in one input, `Locations.0.ZipCode` → `ZipCode`).
 */
export type FieldOf = Record<string, string> | ((path: string) => string);

const fieldOfPath = (fieldOf: FieldOf | undefined, path: string) =>
  typeof fieldOf === 'function' ? fieldOf(path) : (fieldOf?.[path] ?? path);

/** A list edited in one input (tags, multi-select): its items' messages show on the list's field. */
export const listField = (path: string) => path.replace(/\.\d+(\..*)?$/, '');

/**
 * Validation of a form by a contract body schema (extended with the form's own fields when it
 * has some): the schema's pt-BR messages land on the fields by path (`Name`,
 * `ResponsiblePersons.0.Cpf`). `toBody` turns the form's values into what the call sends (blank
 * inputs to null, UI-only fields kept when the schema validates them), so what passes here is
 * what the server accepts. `fieldOf` moves a path's message to the field that shows it (the first
 * message of a field wins), so no message waits on a path without an input.
 */
export const contractResolver =
  <Values>(schema: z.ZodType, toBody: (values: Values) => unknown = (v) => v, fieldOf?: FieldOf) =>
  (values: Values): FormErrors => {
    const errors = schemaResolver(schema, { sync: true })(toBody(values));
    if (!fieldOf) return errors;
    const shown: FormErrors = {};
    for (const [path, message] of Object.entries(errors)) {
      const field = fieldOfPath(fieldOf, path);
      if (!(field in shown)) shown[field] = message;
    }
    return shown;
  };

/** Blank text to null (optional inputs the contract takes as `nullish`). */
export const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

const hasPath = (values: unknown, path: string) => {
  let at: unknown = values;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object' || !(key in at)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
};

export type ServerErrors = {
  /** Field path → message, for the fields the form has. */
  fields: Record<string, string>;
  /** Messages that belong to no field of the form (shown next to the action). */
  rest: string[];
};

/**
 * Splits a refusal of the API into messages of the form's fields (`Fields` of the reply whose
 * path the form has; `rename` maps a server path to the form's own) and the rest. A message of a
 * field shown on it is not repeated in the rest (also when the server prefixed it with a pt-BR
 * label such as 'Administrador: CPF inválido').
 */
export const splitServerErrors = (error: unknown, values: unknown, rename?: FieldOf): ServerErrors => {
  if (!(error instanceof ApiError)) {
    return { fields: {}, rest: [error instanceof Error ? error.message : String(error)] };
  }
  const fields: Record<string, string> = {};
  for (const f of error.fields) {
    const path = fieldOfPath(rename, f.Field);
    if (hasPath(values, path) && !fields[path]) fields[path] = f.Message;
  }
  const shown = Object.values(fields);
  const rest = error.messages.filter((m) => !shown.some((s) => m === s || m.endsWith(`: ${s}`)));
  return { fields, rest };
};

/** Puts a refusal's field messages on the form's fields; returns the other messages. */
export const applyServerErrors = <Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  error: unknown,
  rename?: FieldOf,
): string[] => {
  const { fields, rest } = splitServerErrors(error, form.getValues(), rename);
  form.setErrors(fields);
  return rest;
};

/**
 * Shows a mutation's refusal on the form: field messages on their fields whenever a new error
 * arrives; returns the other messages for an alert next to the submit button.
 */
export const useServerErrors = <Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  error: unknown,
  rename?: FieldOf,
): string[] => {
  const [rest, setRest] = useState<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per refusal
  useEffect(() => {
    setRest(error ? applyServerErrors(form, error, rename) : []);
  }, [error]);
  return rest;
};
