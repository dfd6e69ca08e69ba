import type { EndorsementView } from '@aval/contracts';
import { List, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

/** The endorsement's automatic steps (registration, credit, reinsurance, subscription) and outcomes. */
export const EndorsementSteps = ({ steps }: { steps: EndorsementView['Steps'] }) =>
  steps.length === 0 ? (
    <Text size="sm" c="gray.7">
      Em processamento…
    </Text>
  ) : (
    <List size="sm" mt="xs" spacing={4}>
      {steps.map((s) => (
        <List.Item
          key={s.Step}
          icon={s.Approved ? <IconCheck size={16} color="green" /> : <IconX size={16} color="orange" />}
        >
          {s.Name}: {s.Message}
        </List.Item>
      ))}
    </List>
  );
