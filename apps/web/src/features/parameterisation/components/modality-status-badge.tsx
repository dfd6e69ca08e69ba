import { Badge } from '@mantine/core';

/** A modality's situation in the lists: Ativa or Inativa. */
export const ModalityStatusBadge = ({ active }: { active: boolean }) => (
  <Badge color={active ? 'success' : 'gray'} variant="light">
    {active ? 'Ativa' : 'Inativa'}
  </Badge>
);
