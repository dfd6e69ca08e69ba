import { formatMoney, maskCpfCnpj } from '@aval/contracts';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Text that never breaks across lines: a line of several values wraps between them, never inside
 * one ('R$' left at a line's end with the digits on the next, a CNPJ split at its hyphen).
 */
export const Unbroken = ({ children }: { children: ReactNode }) => (
  <Text span inherit style={{ whiteSpace: 'nowrap' }}>
    {children}
  </Text>
);

/** An amount in BRL ('R$ 7.802.000,00'), whole on its line. */
export const Amount = ({ value }: { value: string }) => <Unbroken>{formatMoney(value)}</Unbroken>;

/** A CPF or CNPJ, masked ('48.281.114/0001-83', '12.ABC.345/01DE-35'), whole on its line. */
export const CpfCnpj = ({ value }: { value: string }) => <Unbroken>{maskCpfCnpj(value)}</Unbroken>;

/** Amounts, masked CPFs and CNPJs (numeric or alphanumeric) and CEPs as they are written in a text. */
const wholeValue =
  /(-?R\$\s?-?[\d.]+,\d{2}|[\dA-Z]{2}\.[\dA-Z]{3}\.[\dA-Z]{3}\/[\dA-Z]{4}-\d{2}|\d{3}\.\d{3}\.\d{3}-\d{2}|CEP \d{5}-\d{3})/;

/**
 * A text (an address line, a franchise in words, 'name · CNPJ') that wraps between words but never
 * inside the amounts, CPF/CNPJs and CEPs it carries.
 */
export const WholeValues = ({ text }: { text: string }) => (
  <>
    {text.split(wholeValue).map((part, i) =>
      i % 2 === 1 ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
        <Unbroken key={i}>{part}</Unbroken>
      ) : (
        part
      ),
    )}
  </>
);
