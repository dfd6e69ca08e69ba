import {
  type AddressInput,
  type CepAddress,
  type LocationView,
  maskCep,
  onlyDigits,
  searchCep,
} from '@aval/contracts';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { api } from '../../app/api.js';
import { ApiError } from '../api/client.js';
import { useCities, useStateProvinces } from '../api/locations.js';
import { CepInput } from './fields/masked-fields.js';
import { InlineAlert } from './inline-alert.js';

/** The address as edited (strings for inputs, ids for the selects). */
export type AddressDraft = {
  ZipCode: string;
  AddressName: string;
  Number: string;
  Complement: string;
  Neighborhood: string;
  StateProvinceId: number | undefined;
  CityId: number | undefined;
};

export const emptyAddress: AddressDraft = {
  ZipCode: '',
  AddressName: '',
  Number: '',
  Complement: '',
  Neighborhood: '',
  StateProvinceId: undefined,
  CityId: undefined,
};

/** Draft of a stored location (or an empty one). */
export const toAddressDraft = (l?: Partial<LocationView> | null): AddressDraft => ({
  ZipCode: maskCep(l?.ZipCode ?? ''),
  AddressName: l?.AddressName ?? '',
  Number: l?.Number ?? '',
  Complement: l?.Complement ?? '',
  Neighborhood: l?.Neighborhood ?? '',
  StateProvinceId: l?.StateProvinceId,
  CityId: l?.CityId,
});

/**
 * The body shared by every owner's location calls (the contract's `addressInput`): the CEP
 * without mask, blank lines to null. A state or city not chosen stays undefined, so the contract
 * says 'Informe o estado.' / 'Informe a cidade.': validate with `contractResolver(addressInput,
 * toAddressInput)` before sending.
 */
export const toAddressInput = (d: AddressDraft): AddressInput => ({
  ZipCode: onlyDigits(d.ZipCode),
  AddressName: d.AddressName.trim(),
  Number: d.Number.trim() || null,
  Complement: d.Complement.trim() || null,
  Neighborhood: d.Neighborhood.trim() || null,
  StateProvinceId: d.StateProvinceId as number,
  CityId: d.CityId as number,
});

const addressKeys = Object.keys(emptyAddress) as (keyof AddressDraft)[];

/**
 * `AddressForm`'s props bound to a `@mantine/form` whose values hold the address fields: a
 * changed field clears its own message, as any input of the form does.
 */
export const addressFieldsOf = <Values extends AddressDraft>(form: UseFormReturnType<Values>) => {
  const values = form.getValues();
  return {
    value: Object.fromEntries(addressKeys.map((k) => [k, values[k]])) as AddressDraft,
    onChange: (next: AddressDraft) => {
      const current = form.getValues();
      for (const key of addressKeys) {
        if (next[key] !== current[key]) form.setFieldValue(key as never, next[key] as never);
      }
    },
    errors: form.errors as AddressFormProps['errors'],
  } satisfies Pick<AddressFormProps, 'value' | 'onChange' | 'errors'>;
};

/** Fills the draft with what the CEP service found, keeping typed values it leaves blank. */
export const applyCepAddress = (d: AddressDraft, a: CepAddress): AddressDraft => ({
  ...d,
  ZipCode: maskCep(a.ZipCode || d.ZipCode),
  AddressName: a.AddressName || d.AddressName,
  Neighborhood: a.Neighborhood || d.Neighborhood,
  StateProvinceId: a.StateProvinceId ?? d.StateProvinceId,
  CityId: a.CityId ?? (a.StateProvinceId && a.StateProvinceId !== d.StateProvinceId ? undefined : d.CityId),
});

/** The fields a CEP lookup fills. */
const cepFilled = ['AddressName', 'Neighborhood', 'StateProvinceId', 'CityId'] as const;

/**
 * After a failed lookup of another CEP: empties what the previous lookup had filled (street,
 * district, state, city) unless the user changed it since, so no address of the old CEP stays
 * beside the new one.
 */
export const clearCepAddress = (d: AddressDraft, filled: Partial<AddressDraft> | undefined): AddressDraft => {
  if (!filled) return d;
  const next = { ...d };
  for (const key of cepFilled) {
    if (filled[key] !== undefined && next[key] === filled[key])
      (next as Record<string, unknown>)[key] = typeof filled[key] === 'string' ? '' : undefined;
  }
  return next;
};

export const cepMessages = {
  notFound: 'CEP não encontrado. Confira o número ou preencha o endereço manualmente.',
  unavailable: 'O serviço de consulta de CEP está indisponível no momento. Preencha o endereço manualmente.',
} as const;

/** The message for a failed CEP lookup: 404 not found, 503 or no connection: service down. */
export const cepLookupMessage = (error: unknown): { tone: 'warning' | 'error'; text: string } => {
  if (error instanceof ApiError) {
    if (error.status === 404) return { tone: 'warning', text: cepMessages.notFound };
    if (error.status >= 500) return { tone: 'warning', text: cepMessages.unavailable };
    return { tone: 'error', text: error.messages.join('\n') || cepMessages.notFound };
  }
  return { tone: 'warning', text: cepMessages.unavailable };
};

export type AddressFormProps = {
  value: AddressDraft;
  onChange: (value: AddressDraft) => void;
  readOnly?: boolean;
  /** CEP, street, state and city required (default); false for an address that may stay blank. */
  required?: boolean;
  /** Per-field errors (e.g. a form library's or the server's), shown under each field. */
  errors?: Partial<Record<keyof AddressDraft, ReactNode>>;
};

/**
 * Address fields of every owner's locations (spec §3): CEP with lookup (fills street, district,
 * state and city; the user types the address when the service is down), street, number,
 * complement, district, state and city selects (IBGE).
 */
export const AddressForm = ({
  value: d,
  onChange,
  readOnly,
  required = true,
  errors = {},
}: AddressFormProps) => {
  const states = useStateProvinces();
  const cities = useCities(d.StateProvinceId);
  const [searching, setSearching] = useState(false);
  const [message, setMessage] = useState<{ tone: 'warning' | 'error'; text: string }>();
  const lastLookup = useRef<string>(onlyDigits(d.ZipCode));
  const latest = useRef(d);
  latest.current = d;

  /** What the last successful lookup put in the fields (cleared again if a later lookup fails). */
  const filled = useRef<Partial<AddressDraft>>(undefined);

  const lookup = async (cep: string) => {
    const digits = onlyDigits(cep);
    if (digits.length !== 8) return;
    lastLookup.current = digits;
    setSearching(true);
    setMessage(undefined);
    try {
      const found = await api.call(searchCep, { query: { cep: digits } });
      const next = applyCepAddress({ ...latest.current, ZipCode: cep }, found);
      filled.current = Object.fromEntries(cepFilled.map((k) => [k, next[k]]));
      onChange(next);
    } catch (e) {
      setMessage(cepLookupMessage(e));
      onChange(clearCepAddress({ ...latest.current, ZipCode: cep }, filled.current));
      filled.current = undefined;
    } finally {
      setSearching(false);
    }
  };

  const set = <K extends keyof AddressDraft>(key: K, v: AddressDraft[K]) => onChange({ ...d, [key]: v });

  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="wrap">
        <CepInput
          label="CEP"
          required={required}
          error={errors.ZipCode}
          value={d.ZipCode}
          readOnly={readOnly}
          w={180}
          onChange={(ZipCode) => {
            onChange({ ...d, ZipCode });
            const digits = onlyDigits(ZipCode);
            if (digits.length === 8 && digits !== lastLookup.current) void lookup(ZipCode);
          }}
          onBlur={() => {
            // Leaving a complete CEP that was not looked up yet (pasted, or typed back) looks it up.
            const digits = onlyDigits(latest.current.ZipCode);
            if (!readOnly && digits.length === 8 && digits !== lastLookup.current)
              void lookup(latest.current.ZipCode);
          }}
        />
        {!readOnly && (
          <Button
            variant="default"
            leftSection={<IconSearch size={16} aria-hidden />}
            loading={searching}
            disabled={onlyDigits(d.ZipCode).length !== 8}
            onClick={() => void lookup(d.ZipCode)}
          >
            Buscar CEP
          </Button>
        )}
      </Group>
      {message && (
        <InlineAlert tone={message.tone} data-testid="cep-message">
          {message.text}
        </InlineAlert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Logradouro"
          required={required}
          error={errors.AddressName}
          maxLength={150}
          readOnly={readOnly}
          value={d.AddressName}
          onChange={(e) => set('AddressName', e.currentTarget.value)}
        />
        <TextInput
          label="Número"
          error={errors.Number}
          maxLength={20}
          readOnly={readOnly}
          value={d.Number}
          onChange={(e) => set('Number', e.currentTarget.value)}
        />
        <TextInput
          label="Complemento"
          error={errors.Complement}
          maxLength={80}
          readOnly={readOnly}
          value={d.Complement}
          onChange={(e) => set('Complement', e.currentTarget.value)}
        />
        <TextInput
          label="Bairro"
          error={errors.Neighborhood}
          maxLength={80}
          readOnly={readOnly}
          value={d.Neighborhood}
          onChange={(e) => set('Neighborhood', e.currentTarget.value)}
        />
        <Select
          label="Estado"
          required={required}
          error={errors.StateProvinceId}
          searchable
          readOnly={readOnly}
          nothingFoundMessage="Nenhum estado encontrado"
          data={(states.data ?? []).map((s) => ({ value: String(s.Id), label: `${s.Name} (${s.Code})` }))}
          value={d.StateProvinceId ? String(d.StateProvinceId) : null}
          onChange={(v) => onChange({ ...d, StateProvinceId: v ? Number(v) : undefined, CityId: undefined })}
        />
        <Select
          label="Cidade"
          required={required}
          error={errors.CityId}
          searchable
          readOnly={readOnly}
          disabled={!d.StateProvinceId}
          placeholder={d.StateProvinceId ? undefined : 'Selecione o estado primeiro'}
          nothingFoundMessage="Nenhuma cidade encontrada"
          data={(cities.data ?? []).map((c) => ({ value: String(c.Id), label: c.Name }))}
          value={d.CityId ? String(d.CityId) : null}
          onChange={(v) => set('CityId', v ? Number(v) : undefined)}
        />
      </SimpleGrid>
    </Stack>
  );
};
