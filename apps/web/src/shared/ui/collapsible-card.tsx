import { limits } from '@aval/contracts';
import { ActionIcon, Card, Group, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';

export type CollapsibleCardProps = {
  title: ReactNode;
  children: ReactNode;
  defaultCollapsed?: boolean;
  actions?: ReactNode;
};

/** Card that collapses to its 1.5rem title row in 300 ms (spec §9). */
export const CollapsibleCard = ({
  title,
  children,
  defaultCollapsed = false,
  actions,
}: CollapsibleCardProps) => {
  const [collapsed, setCollapsed] = useState(defaultCollapsed);
  const bodyId = useId();
  return (
    <Card withBorder radius="md" padding="md">
      <div
        data-collapsed={collapsed}
        style={{
          maxHeight: collapsed ? limits.cardCollapsedHeight : '200rem',
          overflow: 'hidden',
          transition: `max-height ${limits.cardCollapseAnimationMs}ms ease`,
        }}
      >
        <Group justify="space-between" wrap="nowrap" h={limits.cardCollapsedHeight} mb="sm">
          <Text fw={600}>{title}</Text>
          <Group gap="xs" wrap="nowrap">
            {actions}
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setCollapsed((c) => !c)}
              aria-expanded={!collapsed}
              aria-controls={bodyId}
              aria-label={collapsed ? 'Expandir' : 'Recolher'}
            >
              <IconChevronDown
                size={18}
                style={{
                  transform: collapsed ? 'rotate(-90deg)' : 'none',
                  transition: `transform ${limits.cardCollapseAnimationMs}ms ease`,
                }}
              />
            </ActionIcon>
          </Group>
        </Group>
        <div
          id={bodyId}
          inert={collapsed}
          style={{
            visibility: collapsed ? 'hidden' : 'visible',
            transition: `visibility 0s linear ${collapsed ? limits.cardCollapseAnimationMs : 0}ms`,
          }}
        >
          {children}
        </div>
      </div>
    </Card>
  );
};
