import { Text } from '@mantine/core';

/**
 * A long name in a table cell kept to two lines (the whole text on hover, and in the detail), so a
 * list reads at 1280 px without rows of five or six lines.
 */
export const ClampedText = ({ text }: { text: string }) => (
  <Text size="sm" lineClamp={2} title={text}>
    {text}
  </Text>
);
