import {
  cardTypeLabels,
  cardTypePipe,
  type KanbanCard,
  type KanbanStep,
  type KanbanStepWithCards,
  navigateKanbanCard,
} from '@aval/contracts';
import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { api } from '../../../app/api.js';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { hasAnyPermission } from '../../../app/session/user-info.js';
import { useContractCall, useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { openConfirm } from '../../../shared/ui/confirm-dialog.js';
import { CpfCnpjInput } from '../../../shared/ui/fields/masked-fields.js';
import { chipsOf, FilterBar, useListFilters } from '../../../shared/ui/filter-bar.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { notifyError, notifySuccess } from '../../../shared/ui/notify.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import {
  type BoardFilter,
  emptyFilter,
  kanbanKeys,
  useBoard,
  useBoardStream,
  useMoreCards,
  usePipes,
} from '../api/kanban-api.js';
import { BoardCard, NO_CARD_HEADER } from '../components/board-card.js';
import { boardAnnouncements, stepKeyboardCoordinates } from '../components/board-keyboard.js';
import { CardDetail } from '../components/card-detail.js';

type Move = { card: KanbanCard; step: KanbanStep };

const kindLabel: Record<string, string | undefined> = { approve: 'Aprovação', refuse: 'Recusa', done: 'Fim' };

/** One column: the step's counts, its cards (first page plus 'Carregar mais' by skip), a drop zone. */
const StepColumn = ({
  pipeId,
  step,
  steps,
  filter,
  canMove,
  onMove,
  onOpen,
  selection,
  onSelect,
}: {
  pipeId: number;
  step: KanbanStepWithCards;
  steps: KanbanStep[];
  filter: BoardFilter;
  canMove: boolean;
  onMove: (card: KanbanCard, step: KanbanStep) => void;
  onOpen: (card: KanbanCard) => void;
  selection: ReadonlyMap<number, KanbanCard>;
  onSelect: (card: KanbanCard, selected: boolean) => void;
}) => {
  const [pages, setPages] = useState(0);
  const more = useMoreCards(pipeId, step.id, filter, pages);
  const cards = [...step.cards, ...more.flatMap((q) => q.data ?? [])];
  const { setNodeRef, isOver } = useDroppable({ id: `step-${step.id}`, data: { step } });
  const overWip = step.wipLimit !== null && step.cardCount > step.wipLimit;
  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="sm"
      w={290}
      miw={290}
      bg={isOver ? 'blue.0' : 'gray.0'}
      component="section"
      aria-label={`Etapa ${step.name}`}
      data-testid="kanban-step"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap={4}>
          <Title order={2} size="h5">
            {step.name}
          </Title>
          <Group gap={4}>
            {kindLabel[step.kind] && (
              <Badge variant="outline" color="gray.8" size="sm">
                {kindLabel[step.kind]}
              </Badge>
            )}
            <Badge
              color={overWip ? 'orange.3' : 'blue.8'}
              c={overWip ? 'black' : undefined}
              aria-label={`${step.cardCount} cards`}
            >
              {step.cardCount}
              {step.wipLimit !== null ? ` / ${step.wipLimit}` : ''}
            </Badge>
          </Group>
        </Group>
        {(step.slaHours !== null || step.lateCount > 0) && (
          <Text size="xs" c="gray.7">
            {step.slaHours !== null ? `SLA ${step.slaHours} h` : ''}
            {step.lateCount > 0 ? ` · ${step.lateCount} atrasado${step.lateCount === 1 ? '' : 's'}` : ''}
          </Text>
        )}
        {cards.map((card) => (
          <BoardCard
            key={card.id}
            card={card}
            steps={steps}
            canMove={canMove}
            onMove={onMove}
            onOpen={onOpen}
            selected={selection.has(card.id)}
            onSelect={onSelect}
          />
        ))}
        {cards.length === 0 && (
          <Text size="sm" c="gray.7" ta="center" py="md">
            Nenhum card
          </Text>
        )}
        {cards.length < step.cardCount && (
          <Button
            variant="light"
            size="xs"
            onClick={() => setPages((p) => p + 1)}
            loading={more.some((q) => q.isFetching)}
          >
            Carregar mais ({step.cardCount - cards.length})
          </Button>
        )}
      </Stack>
    </Card>
  );
};

/** /kanban/pipe/{token}: the pipe's steps as columns, filters, drag and drop, live updates. */
export const PipeBoardPage = () => {
  const { token } = useParams();
  const pipes = usePipes();
  const pipe = pipes.data?.find((p) => p.token === token);
  const { draft, set, field, applied: filter, bar } = useListFilters<BoardFilter>(emptyFilter);
  const board = useBoard(pipe?.id, filter);
  const live = useBoardStream(pipe?.id);
  const user = useUserInfo();
  const me = user?.UserInfoId;
  const canMove = pipe !== undefined && hasAnyPermission(user, [pipe.permissionId]);
  const [opened, setOpened] = useState<KanbanCard>();
  const [refusal, setRefusal] = useState<{ cards: KanbanCard[]; step: KanbanStep; justification: string }>();
  // Bulk move: the cards ticked on the board (a selection, cleared after each move).
  const [selection, setSelection] = useState<ReadonlyMap<number, KanbanCard>>(new Map());
  const [bulkStep, setBulkStep] = useState<string | null>(null);
  const [bulkBusy, setBulkBusy] = useState(false);
  const client = useQueryClient();
  const select = (card: KanbanCard, selected: boolean) =>
    setSelection((current) => {
      const next = new Map(current);
      if (selected) next.set(card.id, card);
      else next.delete(card.id);
      return next;
    });
  const move = useContractMutation(navigateKanbanCard, {
    invalidate: pipe ? [kanbanKeys.pipe(pipe.id), kanbanKeys.pipes()] : [],
    success: (_r, request) => {
      const step = board.data?.find((s) => s.id === request.body?.stepToId);
      return step ? `Card movido para ${step.name}.` : undefined;
    },
    error: 'dialog',
  });
  const call = useContractCall({ invalidate: pipe ? [kanbanKeys.pipe(pipe.id), kanbanKeys.pipes()] : [] });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: stepKeyboardCoordinates }),
  );

  const send = (m: Move, justification?: string) =>
    move.mutate({
      params: { stepId: m.card.stepId },
      body: { cardId: m.card.id, stepToId: m.step.id, version: m.card.version, justification },
    });
  /** Moves several cards one after the other; says how many moved and why the others did not. */
  const sendMany = async (cards: KanbanCard[], step: KanbanStep, justification?: string) => {
    setBulkBusy(true);
    const failures: string[] = [];
    let moved = 0;
    for (const card of cards.filter((c) => c.stepId !== step.id)) {
      try {
        await api.call(navigateKanbanCard, {
          params: { stepId: card.stepId },
          body: { cardId: card.id, stepToId: step.id, version: card.version, justification },
        });
        moved++;
      } catch (error) {
        failures.push(`${card.cardData?.header ?? NO_CARD_HEADER}: ${(error as Error).message}`);
      }
    }
    setBulkBusy(false);
    setSelection(new Map());
    setBulkStep(null);
    if (moved) notifySuccess(`${moved} ${moved === 1 ? 'card movido' : 'cards movidos'} para ${step.name}.`);
    if (failures.length) notifyError(failures.join('\n'));
    if (pipe) {
      await client.invalidateQueries({ queryKey: kanbanKeys.pipe(pipe.id) });
      await client.invalidateQueries({ queryKey: kanbanKeys.pipes() });
    }
  };
  /** An approval is a decision: the person confirms it, and a refusal by the owner stays in the dialog. */
  const confirmApproval = (cards: KanbanCard[], step: KanbanStep) =>
    openConfirm({
      title: cards.length === 1 ? 'Aprovar o card' : `Aprovar ${cards.length} cards`,
      message:
        cards.length === 1
          ? `Mover "${cards[0]!.cardData?.header ?? NO_CARD_HEADER}" para ${step.name}? A aprovação é enviada ao cadastro dono do card (a proposta segue para a próxima validação).`
          : `Mover ${cards.length} cards para ${step.name}? Cada aprovação é enviada ao cadastro dono do card.`,
      confirmLabel: 'Aprovar',
      onConfirm: async () => {
        if (cards.length > 1) return sendMany(cards, step);
        const card = cards[0]!;
        await call(
          navigateKanbanCard,
          {
            params: { stepId: card.stepId },
            body: { cardId: card.id, stepToId: step.id, version: card.version },
          },
          `Card aprovado: movido para ${step.name}.`,
        );
      },
    });
  const requestMove = (card: KanbanCard, step: KanbanStep) => {
    if (step.id === card.stepId) return;
    if (step.kind === 'refuse') setRefusal({ cards: [card], step, justification: '' });
    else if (step.kind === 'approve') confirmApproval([card], step);
    else send({ card, step });
  };
  const requestBulkMove = () => {
    const step = board.data?.find((s) => String(s.id) === bulkStep);
    if (!step) return;
    const cards = [...selection.values()];
    if (step.kind === 'refuse') setRefusal({ cards, step, justification: '' });
    else if (step.kind === 'approve') confirmApproval(cards, step);
    else
      openConfirm({
        title: `Mover ${cards.length === 1 ? '1 card' : `${cards.length} cards`}`,
        message: `Mover ${cards.length === 1 ? 'o card selecionado' : `os ${cards.length} cards selecionados`} para ${step.name}?`,
        confirmLabel: 'Mover',
        onConfirm: () => sendMany(cards, step),
      });
  };
  const onDragEnd = (event: DragEndEvent) => {
    const card = event.active.data.current?.card as KanbanCard | undefined;
    const step = event.over?.data.current?.step as KanbanStep | undefined;
    if (card && step) requestMove(card, step);
  };

  if (pipes.isPending) return <LoadingState label="Carregando esteira…" />;
  if (pipes.error) return <InlineAlert>{pipes.error.message}</InlineAlert>;
  if (!pipe) return <EmptyState title="Esteira não encontrada" />;
  const types = Object.entries(cardTypePipe)
    .filter(([, t]) => t === pipe.token)
    .map(([value]) => ({ value, label: cardTypeLabels[value as keyof typeof cardTypeLabels] }));
  const steps = board.data ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2} size="h3">
            {pipe.name}
          </Title>
          <Badge color={live ? 'green.8' : 'gray.7'} variant="dot" aria-live="polite">
            {live ? 'Ao vivo' : 'Desconectado'}
          </Badge>
        </Group>
        {!canMove && (
          <Text size="sm" c="gray.7">
            Você pode consultar esta esteira, mas não movimentar os cards.
          </Text>
        )}
      </Group>
      <FilterBar
        label="Filtros da esteira"
        {...bar}
        moreActive={filter.cardType !== null}
        active={chipsOf([
          ['text', filter.text.trim() && `Pesquisa: ${filter.text.trim()}`],
          ['document', filter.document.trim() && `CPF/CNPJ: ${filter.document.trim()}`],
          [
            'cardType',
            filter.cardType &&
              `Tipo: ${types.find((t) => t.value === filter.cardType)?.label ?? filter.cardType}`,
          ],
          ['assigneeUserId', filter.assigneeUserId !== null && 'Atribuídos a mim'],
        ])}
        primary={
          <>
            <TextInput
              label="Pesquisar"
              placeholder="Nome, descrição ou código"
              maxLength={50}
              {...field.text('text')}
              w={{ base: '100%', sm: 260 }}
            />
            <CpfCnpjInput label="CPF/CNPJ" {...field.value('document')} w={{ base: '100%', sm: 200 }} />
            <Select
              label="Responsável"
              placeholder="Todos"
              data={[{ value: 'me', label: 'Atribuídos a mim' }]}
              value={draft.assigneeUserId !== null ? 'me' : null}
              onChange={(v) => set('assigneeUserId', v === 'me' && me ? me : null)}
              clearable
              w={{ base: '100%', sm: 200 }}
            />
          </>
        }
        more={
          <Select
            label="Tipo de card"
            placeholder="Todos"
            data={types}
            {...field.value('cardType')}
            clearable
            w={{ base: '100%', sm: 240 }}
          />
        }
      />
      {selection.size > 0 && (
        <Card withBorder padding="sm" aria-label="Cards selecionados" component="section">
          <Group align="flex-end" wrap="wrap">
            <Text fw={600}>
              {selection.size} {selection.size === 1 ? 'card selecionado' : 'cards selecionados'}
            </Text>
            <Select
              label="Mover para…"
              placeholder="Escolha a etapa"
              data={steps.map((s) => ({ value: String(s.id), label: s.name }))}
              value={bulkStep}
              onChange={setBulkStep}
              w={240}
            />
            <Button onClick={requestBulkMove} disabled={!bulkStep} loading={bulkBusy}>
              Mover selecionados
            </Button>
            <Button variant="default" onClick={() => setSelection(new Map())}>
              Limpar seleção
            </Button>
          </Group>
        </Card>
      )}
      {board.error && <InlineAlert>{board.error.message}</InlineAlert>}
      {board.isPending ? (
        <LoadingState label="Carregando cards…" />
      ) : (
        <DndContext
          sensors={sensors}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements: boardAnnouncements,
            screenReaderInstructions: {
              draggable:
                'Para mover o card, pressione espaço ou enter, use as setas para escolher a etapa e pressione espaço ou enter de novo. Esc cancela.',
            },
          }}
        >
          <ScrollArea type="auto" offsetScrollbars>
            <Group align="flex-start" wrap="nowrap" gap="sm" pb="sm">
              {steps.map((step) => (
                <StepColumn
                  key={step.id}
                  pipeId={pipe.id}
                  step={step}
                  steps={steps}
                  filter={filter}
                  canMove={canMove}
                  onMove={requestMove}
                  onOpen={setOpened}
                  selection={selection}
                  onSelect={select}
                />
              ))}
            </Group>
          </ScrollArea>
        </DndContext>
      )}
      <CardDetail
        // The board's copy of the opened card: its step and approval blockers stay live.
        card={opened && (steps.flatMap((s) => s.cards).find((c) => c.id === opened.id) ?? opened)}
        canManage={canMove}
        onClose={() => setOpened(undefined)}
        onDecide={(card, kind) => {
          const step = steps.find((s) => s.kind === kind);
          if (step) requestMove(card, step);
        }}
      />
      <Modal
        opened={refusal !== undefined}
        onClose={() => setRefusal(undefined)}
        title={`Mover para ${refusal?.step.name ?? ''}`}
      >
        <Stack>
          <Textarea
            label="Justificativa da recusa"
            required
            autosize
            minRows={3}
            maxLength={2000}
            value={refusal?.justification ?? ''}
            onChange={(e) => refusal && setRefusal({ ...refusal, justification: e.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRefusal(undefined)}>
              Cancelar
            </Button>
            <Button
              color="red.8"
              disabled={!refusal?.justification.trim()}
              onClick={() => {
                if (refusal?.cards.length === 1)
                  send({ card: refusal.cards[0]!, step: refusal.step }, refusal.justification.trim());
                else if (refusal) void sendMany(refusal.cards, refusal.step, refusal.justification.trim());
                setRefusal(undefined);
              }}
            >
              Recusar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
};
