import { cardTypeLabels, type KanbanCard, type KanbanStep } from '@aval/contracts';
import { useDraggable } from '@dnd-kit/core';
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Collapse,
  Group,
  Menu,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowsMove, IconDotsVertical, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { ToneBadge } from '../../../shared/ui/tone-badge.js';

/** Spec §2: a card without cardData shows these texts and no detailed-footer button. */
export const NO_CARD_HEADER = 'Não Informado';
export const NO_CARD_BODY = 'Informações do card não informadas.';

/** Time spent in the step, short: '2 d 3 h', '5 h 10 min', '12 min'. */
export const timeInStep = (enteredStepAt: string, now = Date.now()) => {
  const minutes = Math.max(0, Math.floor((now - new Date(enteredStepAt).getTime()) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  return `${minutes} min`;
};

const SlaBadge = ({ card }: { card: KanbanCard }) => {
  if (card.closed) return <ToneBadge tone="neutral">Encerrado</ToneBadge>;
  if (card.sla === 'late') return <ToneBadge tone="danger">Atrasado</ToneBadge>;
  if (card.sla === 'dueSoon') return <ToneBadge tone="warning">Vence em breve</ToneBadge>;
  return null;
};

export type BoardCardProps = {
  card: KanbanCard;
  steps: KanbanStep[];
  canMove: boolean;
  onMove: (card: KanbanCard, step: KanbanStep) => void;
  onOpen: (card: KanbanCard) => void;
  /** Bulk move: whether the card is selected, and how to change it (absent: no checkbox). */
  selected?: boolean;
  onSelect?: (card: KanbanCard, selected: boolean) => void;
};

/** One card of a column: header, body, SLA, time in step, 'Mover para…' and drag handle. */
export const BoardCard = ({ card, steps, canMove, onMove, onOpen, selected, onSelect }: BoardCardProps) => {
  const [footerOpen, setFooterOpen] = useState(false);
  const movable = canMove && !card.closed;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: card.id,
    data: { card },
    disabled: !movable,
  });
  const header = card.cardData?.header || NO_CARD_HEADER;
  const body = card.cardData ? card.cardData.body : NO_CARD_BODY;
  const footer = card.cardData?.footer;
  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="sm"
      radius="md"
      data-testid="kanban-card"
      data-card-id={card.id}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        opacity: isDragging ? 0.6 : 1,
        zIndex: isDragging ? 10 : undefined,
        borderLeft: card.sla === 'late' && !card.closed ? '4px solid var(--mantine-color-red-8)' : undefined,
      }}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap={4} align="flex-start">
          <Group gap={6} wrap="nowrap" align="flex-start">
            {movable && onSelect && (
              <Checkbox
                mt={2}
                size="xs"
                aria-label={`Selecionar o card ${header}`}
                checked={selected ?? false}
                onChange={(e) => onSelect(card, e.currentTarget.checked)}
              />
            )}
            <UnstyledButton onClick={() => onOpen(card)} aria-label={`Abrir o card ${header}`}>
              <Text fw={700} size="sm" lineClamp={2} td="underline" style={{ textUnderlineOffset: 3 }}>
                {header}
              </Text>
            </UnstyledButton>
          </Group>
          <Group gap={2} wrap="nowrap">
            {movable && (
              <ActionIcon
                variant="subtle"
                color="gray.8"
                aria-label={`Arrastar o card ${header}`}
                {...listeners}
                {...attributes}
              >
                <IconArrowsMove size={16} aria-hidden />
              </ActionIcon>
            )}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray.8" aria-label={`Ações do card ${header}`}>
                  <IconDotsVertical size={16} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconEye size={14} aria-hidden />} onClick={() => onOpen(card)}>
                  Abrir card
                </Menu.Item>
                {movable && (
                  <>
                    <Menu.Label>Mover para…</Menu.Label>
                    {steps
                      .filter((s) => s.id !== card.stepId)
                      .map((s) => {
                        const blocked = s.kind === 'approve' && card.approvalBlockers.length > 0;
                        return (
                          <Menu.Item
                            key={s.id}
                            disabled={blocked}
                            title={
                              blocked
                                ? `Ainda não pode ser aprovado: ${card.approvalBlockers.join('; ')}`
                                : undefined
                            }
                            onClick={() => onMove(card, s)}
                          >
                            {s.name}
                            {blocked ? ' (pendências)' : ''}
                          </Menu.Item>
                        );
                      })}
                  </>
                )}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        {body && (
          <Text size="xs" c="gray.8" lineClamp={3}>
            {body}
          </Text>
        )}
        {card.approvalBlockers.length > 0 && !card.closed && (
          <Text size="xs" c="red.9" data-testid="card-blockers">
            Ainda não pode ser aprovado: {card.approvalBlockers.join('; ')}.
          </Text>
        )}
        <Group gap={6}>
          <ToneBadge tone="info">
            {cardTypeLabels[card.cardType as keyof typeof cardTypeLabels] ?? card.cardType}
          </ToneBadge>
          <SlaBadge card={card} />
        </Group>
        <Group justify="space-between" gap={4}>
          <Text size="xs" c="gray.7">
            Na etapa há {timeInStep(card.enteredStepAt)}
          </Text>
          <Button variant="subtle" size="compact-xs" onClick={() => onOpen(card)}>
            Abrir
          </Button>
          {footer && (
            <Button variant="subtle" size="compact-xs" onClick={() => setFooterOpen((o) => !o)}>
              {footerOpen ? 'Menos detalhes' : 'Mais detalhes'}
            </Button>
          )}
        </Group>
        {footer && (
          <Collapse expanded={footerOpen}>
            <Text size="xs">{footer}</Text>
          </Collapse>
        )}
      </Stack>
    </Card>
  );
};
