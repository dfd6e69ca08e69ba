import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import {
  Dec,
  formatPercent,
  limits,
  maskCep,
  maskCnpj,
  maskCpf,
  maskCpfCnpj,
  maskMoneyInput,
  maskPhone,
  onlyDigits,
  parseDateBrToIso,
  parseMoney,
  parsePercent,
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
import { type ChangeEvent, type FocusEvent, useState } from 'react';

/** A rule returns the spec's message or undefined. */
export type FieldRule = (value: string) => string | undefined;

/** Runs `required` then the rule; empty optional values are accepted. */
export const validateField = (value: string, rule: FieldRule | undefined, required = false) => {
  if (!value.trim()) return required ? validationMessages.required : undefined;
  return rule?.(value);
};

export type MaskedInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  value: string;
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
      const message = validateField(value, rule, required);
      setTouchedError(message);
      onValidate?.(message);
      onBlur?.(e);
    };
    return (
      <TextInput
        {...rest}
        required={required}
        inputMode={inputMode}
        value={value}
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
/** (##) ####-#### or (##) #####-#### ('Telefone inválido'). */
export const PhoneInput = makeMaskedInput({ mask: maskPhone, rule: validatePhone, inputMode: 'tel' });
/** #####-### ('CEP inválido'). */
export const CepInput = makeMaskedInput({ mask: maskCep, rule: validateCep, inputMode: 'numeric' });
/** E-mail ('E-mail inválido'). */
export const EmailInput = makeMaskedInput({ mask: (v) => v.trim(), rule: validateEmail, inputMode: 'email' });
/** BRL typed cents-first: 'R$ 1.234,56'. Read the decimal with `parseMoney`. */
export const MoneyInput = makeMaskedInput({ mask: maskMoneyInput, inputMode: 'numeric' });

/** Percent typed cents-first with 2 decimals: '12,50%'. Read the decimal with `parsePercent`. */
export const maskPercentInput = (typed: string): string => {
  const digits = onlyDigits(typed).replace(/^0+(?=\d)/, '');
  return digits ? formatPercent(new Dec(digits).dividedBy(100)) : '';
};
export const PercentInput = makeMaskedInput({ mask: maskPercentInput, inputMode: 'numeric' });

/** Plain text input with the spec's 50-character limit. */
export const TextField = (props: TextInputProps) => <TextInput maxLength={limits.textMaxLength} {...props} />;

export { parseMoney, parsePercent };

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
