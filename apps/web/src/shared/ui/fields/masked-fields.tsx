import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import {
  limits,
  maskCep,
  maskCnpj,
  maskCpf,
  maskCpfCnpj,
  maskPhone,
  parseDateBrToIso,
  unmaskCpfCnpj,
  validateCep,
  validateCnpj,
  validateCpf,
  validateCpfCnpj,
  validateEmail,
  validatePhone,
  validationMessages,
} from '@aval/contracts';
import { TextInput, type TextInputProps } from '@mantine/core';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { type ChangeEvent, type FocusEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useIMask } from 'react-imask';

/** A rule returns the spec's message or undefined. */
export type FieldRule = (value: string) => string | undefined;

/** Runs `required` then the rule; empty optional values are accepted. */
export const validateField = (value: string, rule: FieldRule | undefined, required = false) => {
  if (!value.trim()) return required ? validationMessages.required : undefined;
  return rule?.(value);
};

export type MaskedInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  value?: string;
  /** The masked text as shown. */
  onChange: (value: string) => void;
  /** Message shown after blur when the value breaks the field's rule. */
  onValidate?: (error: string | undefined) => void;
};

type MaskSpec = { mask: (v: string) => string; rule?: FieldRule; inputMode?: TextInputProps['inputMode'] };

const makeMaskedInput = ({ mask, rule, inputMode }: MaskSpec) => {
  const MaskedInput = ({
    value,
    onChange,
    onValidate,
    error,
    required,
    onBlur,
    ...rest
  }: MaskedInputProps) => {
    const [touchedError, setTouchedError] = useState<string | undefined>();
    const handleChange = (e: ChangeEvent<HTMLInputElement>) => {
      onChange(mask(e.currentTarget.value));
      if (touchedError) setTouchedError(undefined);
    };
    const handleBlur = (e: FocusEvent<HTMLInputElement>) => {
      const message = validateField(value ?? '', rule, required);
      setTouchedError(message);
      onValidate?.(message);
      onBlur?.(e);
    };
    return (
      <TextInput
        {...rest}
        required={required}
        inputMode={inputMode}
        value={value ?? ''}
        onChange={handleChange}
        onBlur={handleBlur}
        error={error ?? touchedError}
      />
    );
  };
  return MaskedInput;
};

/** CPF ###.###.###-## ('CPF inválido'). */
export const CpfInput = makeMaskedInput({ mask: maskCpf, rule: validateCpf, inputMode: 'numeric' });
/** CNPJ ##.###.###/####-##, alphanumeric accepted ('CNPJ inválido'). */
export const CnpjInput = makeMaskedInput({ mask: maskCnpj, rule: (v) => validateCnpj(v) });
/** CPF up to 11 digits, then CNPJ (alphanumeric accepted). */
export const CpfCnpjInput = makeMaskedInput({ mask: maskCpfCnpj, rule: (v) => validateCpfCnpj(v) });
/**
 * A search box's CPF/CNPJ: fragments (a CNPJ root of 8 characters, a few digits, alphanumeric,
 * masked or not) are accepted as typed; only a complete CNPJ (14 characters) is checked.
 * An 11-digit value may be a CPF or the start of a CNPJ, so it is not refused.
 */
export const documentSearchRule: FieldRule = (v) =>
  unmaskCpfCnpj(v).length === 14 ? validateCnpj(v) : undefined;
export const DocumentSearchInput = makeMaskedInput({ mask: maskCpfCnpj, rule: documentSearchRule });
/** What a search call takes from a DocumentSearchInput: the fragment without its mask, or nothing. */
export const documentSearchValue = (v: string) => unmaskCpfCnpj(v) || undefined;
/** (##) ####-#### or (##) #####-#### ('Telefone inválido'). */
export const PhoneInput = makeMaskedInput({ mask: maskPhone, rule: validatePhone, inputMode: 'tel' });
/** #####-### ('CEP inválido'). */
export const CepInput = makeMaskedInput({ mask: maskCep, rule: validateCep, inputMode: 'numeric' });
/** E-mail ('E-mail inválido'). */
export const EmailInput = makeMaskedInput({ mask: (v) => v.trim(), rule: validateEmail, inputMode: 'email' });
type NumberMaskInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** The decimal as the contracts take it (`"1234.56"`), or '' when empty. */
  value?: string | number | null;
  onChange: (value: string) => void;
  /** Decimal places (default 2). */
  scale?: number;
};

const asDecimal = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

const sameNumber = (a: string, b: string) => a === b || (a !== '' && b !== '' && Number(a) === Number(b));

/**
 * A pt-BR number typed freely through imask: 1.234,56 ('.' groups thousands, ',' separates
 * cents), fixed text around it (`R$ num`, `num %`), cents padded when the field is left. The
 * form sees the decimal (`"1234.56"`); a value set from outside is shown formatted.
 */
const NumberMaskInput = ({
  value,
  onChange,
  scale = 2,
  pattern,
  ...rest
}: NumberMaskInputProps & { pattern: string }) => {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const syncing = useRef(false);
  const options = useMemo(
    () => ({
      mask: pattern,
      lazy: true,
      blocks: {
        num: {
          mask: Number,
          scale,
          thousandsSeparator: '.',
          radix: ',',
          mapToRadix: [','],
          padFractionalZeros: true,
          normalizeZeros: true,
          min: 0,
        },
      },
    }),
    [pattern, scale],
  );
  const { ref, maskRef } = useIMask<HTMLInputElement>(options, {
    onAccept: (_shown, mask) => {
      if (!syncing.current) onChangeRef.current(mask.unmaskedValue);
    },
  });
  const decimal = asDecimal(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the mask exists once its effect ran; options recreate it
  useEffect(() => {
    const mask = maskRef.current;
    if (!mask || sameNumber(mask.unmaskedValue, decimal)) return;
    syncing.current = true;
    // The pattern reads its text the pt-BR way: ',' separates the cents.
    mask.unmaskedValue = decimal.replace('.', ',');
    mask.masked.doCommit();
    mask.updateControl();
    syncing.current = false;
  }, [decimal, options]);
  return <TextInput {...rest} ref={ref} inputMode="decimal" />;
};

export type MoneyInputProps = NumberMaskInputProps;

/**
 * BRL as a person types it: '250,5' shows R$ 250,50 after leaving the field, a pasted
 * 'R$ 1.234,56' is taken as is. Value and onChange carry the decimal (`"1234.56"`).
 */
export const MoneyInput = (props: MoneyInputProps) => <NumberMaskInput {...props} pattern="R$ num" />;

export type PercentInputProps = NumberMaskInputProps & {
  /** Highest value accepted (default 100): above it the field shows the range message. */
  max?: number;
};

/**
 * A percentage as a person types it: '40' shows 40,00 (with % beside it). Above `max` the field shows the
 * range message ('O valor não pode ser maior que 100') and the value is reported as typed, so
 * the form's schema refuses it too. Value and onChange carry the decimal (`"12.5"`).
 */
export const PercentInput = ({ max = 100, error, ...props }: PercentInputProps) => {
  const over = props.value !== '' && props.value != null && Number(props.value) > max;
  return (
    <NumberMaskInput
      {...props}
      pattern="num"
      rightSection={<span aria-hidden>%</span>}
      error={error ?? (over ? validationMessages.numberAbove(max) : undefined)}
    />
  );
};

/** Plain text input with the spec's 50-character limit. */
export const TextField = (props: TextInputProps) => <TextInput maxLength={limits.textMaxLength} {...props} />;

/** pt-BR names of the calendar's controls. */
export const datePickerLabels = {
  monthLevelControl: 'Escolher mês',
  yearLevelControl: 'Escolher ano',
  nextMonth: 'Próximo mês',
  previousMonth: 'Mês anterior',
  nextYear: 'Próximo ano',
  previousYear: 'Ano anterior',
  nextDecade: 'Próxima década',
  previousDecade: 'Década anterior',
};

/** Date picker showing and accepting DD/MM/YYYY (value: `YYYY-MM-DD` string or null). */
export const DateField = (props: DateInputProps) => (
  <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
    <DateInput
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      dateParser={(text) => parseDateBrToIso(text) ?? null}
      leftSection={<IconCalendar size={16} aria-hidden />}
      clearable
      clearButtonProps={{ 'aria-label': 'Limpar data' }}
      ariaLabels={datePickerLabels}
      {...props}
    />
  </DatesProvider>
);
