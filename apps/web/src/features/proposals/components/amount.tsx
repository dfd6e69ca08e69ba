import { formatMoney } from '@aval/contracts';
import { Text } from '@mantine/core';

/**
 * An amount that never breaks across lines ('R$' left at a line's end, the digits on the next): a
 * line of several amounts wraps between them, never inside one.
 */
export const Amount = ({ value }: { value: string }) => (
  <Text span inherit style={{ whiteSpace: 'nowrap' }}>
    {formatMoney(value)}
  </Text>
);
