import { formatDateTime, type ProposalDetail } from '@aval/contracts';
import { Group, Text, Timeline } from '@mantine/core';
import { IconBuildingBank, IconCheck, IconUser, IconX } from '@tabler/icons-react';
import { EmptyState } from '../../../shared/ui/states.js';
import { ProposalStatusBadge } from './proposal-status-badge.js';

const bullet = (statusId: number) =>
  statusId === 1 ? (
    <IconCheck size={14} aria-hidden />
  ) : statusId === 2 ? (
    <IconBuildingBank size={14} aria-hidden />
  ) : statusId === 3 ? (
    <IconUser size={14} aria-hidden />
  ) : (
    <IconX size={14} aria-hidden />
  );

/** TimelineHistory: group (Cotação, Proposta, Emissão), situation, who acts now, and the status. */
export const ProposalTimeline = ({ entries }: { entries: ProposalDetail['TimelineHistory'] }) =>
  entries.length === 0 ? (
    <EmptyState title="Nenhum registro na linha do tempo" />
  ) : (
    <Timeline
      active={entries.length - 1}
      bulletSize={24}
      lineWidth={2}
      aria-label="Linha do tempo da proposta"
    >
      {entries.map((e) => (
        <Timeline.Item
          key={e.Id}
          bullet={bullet(e.TimelineStatusId)}
          title={
            <Group gap="xs">
              <Text fw={600} size="sm">
                {e.TimelineGroupName} · {e.TimelineSituationName}
              </Text>
              <ProposalStatusBadge statusId={e.ProposalStatusId} label={e.ProposalStatusName} />
            </Group>
          }
        >
          <Text size="sm">{e.Description}</Text>
          <Text size="xs" c="gray.7">
            {formatDateTime(e.CreatedAt)} · {e.TimelineStatusName}
            {e.CreatedByName ? ` · ${e.CreatedByName}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
