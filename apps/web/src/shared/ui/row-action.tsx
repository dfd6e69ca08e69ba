import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

export type RowActionProps = {
  /** The tooltip (a verb: 'Editar'). */
  tip: string;
  /** The accessible name, naming the row ('Editar Avenida Paulista, 1578'). */
  label: string;
  icon: ReactNode;
  color?: string;
  onClick: () => void;
};

/** An icon button of a table row, with its tooltip and a name that says which row it acts on. */
export const RowAction = ({ tip, label, icon, color, onClick }: RowActionProps) => (
  <Tooltip label={tip}>
    <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
      {icon}
    </ActionIcon>
  </Tooltip>
);
