import type { ProposalView } from '@aval/contracts';
import { Stack, Text } from '@mantine/core';
import { Amount } from '../../../shared/ui/unbroken.js';

/**
 * What the holder has available (the lesser of its own and its economic group's) and what this
 * proposal would leave, then each side on its own when the holder is in a group. Each amount lies
 * whole on its line (the line wraps between them). The wizard's header and the detail show it.
 */
export const LimitAmounts = ({ limit }: { limit: ProposalView['Limit'] }) => (
  <Stack gap={2} component="span">
    <span>
      <Amount value={limit.EffectiveAvailable} /> · após esta proposta: <Amount value={limit.Remaining} />
    </span>
    {limit.EconomicGroup && (
      <Text span size="xs" c="gray.7">
        Tomador: <Amount value={limit.PolicyHolder.Available} /> · grupo {limit.EconomicGroup.Name}:{' '}
        <Amount value={limit.EconomicGroup.Available} />
      </Text>
    )}
  </Stack>
);
