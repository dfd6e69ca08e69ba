import {
  assignKanbanCard,
  CardDetailTitle,
  type CardObservationView,
  cardDetailTitle,
  followUpSendObservation,
  formatDateTime,
  formatMoney,
  getBranchActivities,
  type KanbanCard,
  kanbanBrokerRequestDocumentsSendToBroker,
  kanbanPolicyHolderCCGSendToBroker,
  kanbanSaveBranchActivity,
  maskCpfCnpj,
  RequestDocumentType,
  uiMessages,
} from '@aval/contracts';
import {
  Alert,
  Button,
  Drawer,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { api } from '../../../app/api.js';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { FinancialStatementsTable } from '../../../shared/ui/financial-statements-table.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { NoteForm } from '../../../shared/ui/note-form.js';
import { RequestDocumentsPanel } from '../../../shared/ui/request-documents-panel.js';
import { LoadingState } from '../../../shared/ui/states.js';
import { ToneBadge } from '../../../shared/ui/tone-badge.js';
import { brokerCardDocumentsAdapter } from '../api/broker-card-documents.js';
import {
  kanbanKeys,
  kanbanWrites,
  useBranchActivityCard,
  useBrokerCard,
  useCardHistory,
  useCardObservations,
  useCcgCard,
  useNominationCard,
  useRequestLimitCard,
  useUserNames,
} from '../api/kanban-api.js';
import { requestLimitCardDocumentsAdapter } from '../api/request-limit-documents.js';
import { timeInStep } from './board-card.js';
import { EconomicGroupView } from './economic-group-view.js';
import { EndorsementCardView } from './endorsement-card-view.js';
import { isProposalCard, ProposalCardView } from './proposal-card-view.js';
import { RequestLimitValuesForm } from './request-limit-values.js';

const failure = (error: Error) => error.message || uiMessages.requestFailed;

/** 'Enviar pendências ao corretor': e-mails the brokerage its pending and rejected documents. */
const SendDocumentsToBroker = ({ brokerUniqueId }: { brokerUniqueId: string }) => {
  const send = useContractMutation(kanbanBrokerRequestDocumentsSendToBroker, {
    ...kanbanWrites,
    success: 'Pendências enviadas à corretora por e-mail.',
  });
  return (
    <NoteForm
      label="Observação para a corretora (opcional)"
      action="Enviar pendências ao corretor"
      minLength={0}
      variant="light"
      send={send}
      request={(note) => ({ body: { BrokerUniqueId: brokerUniqueId, Observation: note || undefined } })}
    />
  );
};

/** Dados da Corretora: the brokerage of a registration card. */
const BrokerDetail = ({ uniqueId, canManage }: { uniqueId: string; canManage: boolean }) => {
  const broker = useBrokerCard(uniqueId);
  if (broker.isPending) return <LoadingState label="Carregando corretora…" />;
  if (broker.error)
    return (
      <Alert color="red" variant="light" role="alert">
        {failure(broker.error)}
      </Alert>
    );
  const b = broker.data;
  return (
    <Stack>
      <ToneBadge
        tone={b.StatusKey === 'active' ? 'success' : b.StatusKey === 'pending' ? 'warning' : 'neutral'}
      >
        {b.StatusName}
      </ToneBadge>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LabeledValue label="Razão social" value={b.Name} />
        <LabeledValue label="Nome fantasia" value={b.TradeName} />
        <LabeledValue label="CNPJ" value={b.CpfCnpj} />
        <LabeledValue label="SUSEP" value={b.SUSEPProtocol} />
        <LabeledValue label="E-mail" value={b.Email} />
        <LabeledValue label="Telefone" value={b.Phone} />
        <LabeledValue label="Banco" value={b.BankName} />
        <LabeledValue label="Comissão padrão" value={`${b.ComissionPercentage.replace('.', ',')}%`} />
      </SimpleGrid>
      <Text fw={700}>Responsáveis</Text>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nome</Table.Th>
            <Table.Th>CPF</Table.Th>
            <Table.Th>E-mail</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {b.ResponsiblePersons.map((p) => (
            <Table.Tr key={p.Cpf}>
              <Table.Td>{p.Name}</Table.Td>
              <Table.Td>{maskCpfCnpj(p.Cpf)}</Table.Td>
              <Table.Td>{p.Email}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <RequestDocumentsPanel
        title="Documentos da corretora"
        adapter={{ ...brokerCardDocumentsAdapter(b), readOnly: !canManage }}
      />
      {canManage && <SendDocumentsToBroker brokerUniqueId={b.UniqueId} />}
    </Stack>
  );
};

/** Dados da Solicitação de Nomeação: the policy holder, the brokerage and the request. */
const NominationDetail = ({ cardRef }: { cardRef: string }) => {
  const nomination = useNominationCard(cardRef);
  if (nomination.isPending) return <LoadingState label="Carregando solicitação…" />;
  if (nomination.error)
    return (
      <Alert color="red" variant="light" role="alert">
        {failure(nomination.error)}
      </Alert>
    );
  const n = nomination.data;
  return (
    <Stack>
      <ToneBadge tone={n.StatusId === 2 ? 'success' : n.StatusId === 1 ? 'warning' : 'neutral'}>
        {n.StatusName}
      </ToneBadge>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LabeledValue label="Tomador" value={n.PolicyHolderName} />
        <LabeledValue label="CNPJ do tomador" value={maskCpfCnpj(n.PolicyHolderDocument)} />
        <LabeledValue label="Corretora" value={n.BrokerName} />
        <LabeledValue label="CNPJ da corretora" value={n.BrokerCpfCnpj} />
        <LabeledValue label="Solicitada por" value={n.RequestedByName} />
        <LabeledValue label="Solicitada em" value={formatDateTime(n.CreatedAt)} />
      </SimpleGrid>
      <LabeledValue label="Justificativa do corretor" value={n.Justification} />
    </Stack>
  );
};

const money = (v: string | null | undefined) => (v ? formatMoney(v) : null);

/**
 * Revisão de Limite: the limit review request, its policy holder, the statements, the current
 * limit and rating beside what the calculation gives now, the request-limit documents (analysed
 * here) and the observations. Approving the card applies the calculated limit.
 */
const RequestLimitDetail = ({ cardRef, canManage }: { cardRef: string; canManage: boolean }) => {
  const request = useRequestLimitCard(cardRef);
  if (request.isPending) return <LoadingState label="Carregando revisão de limite…" />;
  if (request.error)
    return (
      <Alert color="red" variant="light" role="alert">
        {failure(request.error)}
      </Alert>
    );
  const r = request.data;
  const current = r.CurrentLimits;
  return (
    <Stack>
      <ToneBadge tone={r.StatusId === 2 ? 'success' : r.StatusId === 1 ? 'warning' : 'neutral'}>
        {r.StatusName}
      </ToneBadge>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LabeledValue label="Tomador" value={r.PolicyHolder.Name} />
        <LabeledValue label="CNPJ do tomador" value={r.PolicyHolder.Document} />
        <LabeledValue label="Solicitada por" value={r.RequestedByName} />
        <LabeledValue label="Solicitada em" value={formatDateTime(r.RequestedAt)} />
        {r.DecidedAt && <LabeledValue label="Analisada por" value={r.DecidedByName} />}
        {r.DecidedAt && <LabeledValue label="Analisada em" value={formatDateTime(r.DecidedAt)} />}
      </SimpleGrid>
      {r.Justification && <LabeledValue label="Justificativa" value={r.Justification} />}
      <Text fw={700}>Limite e rating</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LabeledValue label="Limite atual" value={money(current.Global.Limit)} />
        <LabeledValue label="Rating atual" value={current.Rating} />
        <LabeledValue label="Disponível" value={money(current.EffectiveAvailable)} />
        <LabeledValue label="Utilizado" value={money(current.Global.Used)} />
        <LabeledValue label="Limite calculado" value={money(r.Calculated?.Limit)} />
        <LabeledValue
          label="Rating calculado"
          value={r.Calculated && `${r.Calculated.Rating} (pontuação ${r.Calculated.Score.replace('.', ',')})`}
        />
        {r.AppliedLimit && <LabeledValue label="Limite aplicado" value={money(r.AppliedLimit)} />}
      </SimpleGrid>
      {r.CalculationMessage && (
        <Alert color="yellow" variant="light">
          {r.CalculationMessage}
        </Alert>
      )}
      {canManage && r.StatusId === 1 && <RequestLimitValuesForm request={r} />}
      <Text fw={700}>Demonstrativos financeiros</Text>
      {r.FinancialStatements.length === 0 ? (
        <Text size="sm">Nenhum demonstrativo informado.</Text>
      ) : (
        <FinancialStatementsTable statements={r.FinancialStatements} />
      )}
      <RequestDocumentsPanel
        title="Documentos da solicitação de limite"
        adapter={requestLimitCardDocumentsAdapter(cardRef)}
      />
      <Text fw={700}>Observações</Text>
      {r.Observations.length === 0 ? (
        <Text size="sm">Nenhuma observação.</Text>
      ) : (
        r.Observations.map((o) => (
          <Stack key={o.UniqueId} gap={0}>
            <Text size="xs" c="gray.7">
              {o.CreatedByName} · {formatDateTime(o.CreatedAt)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {o.Observation}
            </Text>
          </Stack>
        ))
      )}
    </Stack>
  );
};

type ViewProps = { cardRef: string; canManage: boolean };

const ProposalEconomicGroupView = (p: ViewProps) => (
  <Stack>
    <EconomicGroupView {...p} />
    <ProposalCardView {...p} />
  </Stack>
);

/** The formatted views this portal has, by card type. */
const views: Record<string, (props: ViewProps) => ReactNode> = {
  ANALISE_DOCUMENTACAO_CORRETORA: (p) => <BrokerDetail uniqueId={p.cardRef} canManage={p.canManage} />,
  ANALISE_CONFORMIDADE_CORRETORA: (p) => <BrokerDetail uniqueId={p.cardRef} canManage={p.canManage} />,
  CORRETORA_PEP: (p) => <BrokerDetail uniqueId={p.cardRef} canManage={p.canManage} />,
  NOMEACAO_TOMADOR: ({ cardRef }) => <NominationDetail cardRef={cardRef} />,
  REQUEST_LIMIT: (p) => <RequestLimitDetail {...p} />,
  ANALISE_CCG: (p) => <CcgDetail {...p} />,
  ANALISE_CCG_MANUAL: (p) => <CcgDetail {...p} />,
  RAMO_ATIVIDADE: (p) => <BranchActivityDetail {...p} />,
  GRUPO_ECONOMICO: (p) => <EconomicGroupView {...p} />,
  ENDOSSO_ALTERACAO: (p) => <EndorsementCardView {...p} />,
  ENDOSSO_CANCELAMENTO: (p) => <EndorsementCardView {...p} />,
};

const ErrorAlert = ({ error }: { error: Error }) => (
  <Alert color="red" variant="light" role="alert">
    {failure(error)}
  </Alert>
);

/**
 * Dados da Solicitação de CCG: the CCG's status, policy holder, brokerage, signatories, the signed
 * CCG sent (documents, downloadable) and 'Devolver ao corretor' (status 6) while it is in analysis.
 * Approving or refusing is moving the card to Aprovado or Recusado.
 */
const CcgDetail = ({ cardRef, canManage }: ViewProps) => {
  const ccg = useCcgCard(cardRef);
  const back = useContractMutation(kanbanPolicyHolderCCGSendToBroker, {
    ...kanbanWrites,
    success: 'CCG devolvido ao corretor.',
  });
  if (ccg.isPending) return <LoadingState label="Carregando CCG…" />;
  if (ccg.error) return <ErrorAlert error={ccg.error} />;
  const c = ccg.data;
  return (
    <Stack>
      <Group gap="xs">
        <ToneBadge tone={c.StatusId === 4 ? 'success' : c.StatusId === 5 ? 'danger' : 'warning'}>
          {c.StatusName}
        </ToneBadge>
        {c.Manual && <ToneBadge tone="info">Assinatura manual</ToneBadge>}
        {c.IgnoreCCGSignature && <ToneBadge tone="neutral">Assinatura dispensada</ToneBadge>}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LabeledValue label="Tomador" value={c.PolicyHolder.Name} />
        <LabeledValue label="CNPJ do tomador" value={c.PolicyHolder.Document} />
        <LabeledValue label="Corretora" value={c.BrokerName} />
        <LabeledValue label="Criado em" value={formatDateTime(c.CreatedAt)} />
        <LabeledValue label="Assinado em" value={c.SignedAt && formatDateTime(c.SignedAt)} />
        {c.DecidedAt && <LabeledValue label="Analisado por" value={c.DecidedByName} />}
      </SimpleGrid>
      {c.Justification && <LabeledValue label="Justificativa" value={c.Justification} />}
      <Text fw={700}>Signatários</Text>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nome</Table.Th>
            <Table.Th>CPF</Table.Th>
            <Table.Th>Papel</Table.Th>
            <Table.Th>Assinatura</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {c.Signatories.map((s) => (
            <Table.Tr key={s.Cpf}>
              <Table.Td>{s.Name}</Table.Td>
              <Table.Td>{s.Cpf}</Table.Td>
              <Table.Td>
                {s.RoleName}
                {s.SpouseOfCpf ? ` (de ${s.SpouseOfCpf})` : ''}
              </Table.Td>
              <Table.Td>{s.SignedAt ? formatDateTime(s.SignedAt) : 'Pendente'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <RequestDocumentsPanel
        title="CCG assinado"
        adapter={{
          queryKey: kanbanKeys.ccgCard(cardRef),
          documentTypes: [RequestDocumentType.CCG],
          readOnly: true,
          list: async () => c.RequestDocuments,
        }}
      />
      {canManage && (c.StatusId === 2 || c.StatusId === 3) && (
        <NoteForm
          label="O que o corretor deve ajustar"
          action="Devolver ao corretor"
          variant="light"
          color="orange.9"
          send={back}
          request={(note) => ({ body: { PolicyHolderCCGUniqueId: c.UniqueId, Observation: note } })}
        />
      )}
    </Stack>
  );
};

/**
 * Dados do Tomador of a RAMO_ATIVIDADE card: the holder's CNAE and the analysis; the analyst picks
 * the right activity (GetBranchActivities) and accepts or refuses it (KanbanSaveBranchActivity).
 */
const BranchActivityDetail = ({ cardRef, canManage }: ViewProps) => {
  const info = useBranchActivityCard(cardRef);
  const activities = useQuery({
    queryKey: [...kanbanKeys.all, 'branch-activities'],
    queryFn: () => api.call(getBranchActivities),
    enabled: canManage,
  });
  const [cnae, setCnae] = useState<string | null>(null);
  const [justification, setJustification] = useState('');
  const save = useContractMutation(kanbanSaveBranchActivity, {
    ...kanbanWrites,
    success: (r) => `Ramo de atividade ${r.Accepted ? 'aceito' : 'recusado'}.`,
  });
  if (info.isPending) return <LoadingState label="Carregando tomador…" />;
  if (info.error) return <ErrorAlert error={info.error} />;
  const r = info.data;
  const decide = (Accept: boolean) =>
    save.mutate({
      body: {
        PolicyHolderUniqueId: r.PolicyHolder.UniqueId,
        Cnae: cnae ?? undefined,
        Accept,
        Justification: justification.trim() || undefined,
      },
    });
  return (
    <Stack>
      <Group gap="xs">
        <ToneBadge tone={r.Accepted ? 'success' : r.StatusId === 3 ? 'danger' : 'warning'}>
          {r.StatusName}
        </ToneBadge>
        {r.Restricted && <ToneBadge tone="danger">Atividade de atenção</ToneBadge>}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LabeledValue label="Tomador" value={r.PolicyHolder.Name} />
        <LabeledValue label="CNPJ" value={r.PolicyHolder.Document} />
        <LabeledValue
          label="CNAE"
          value={r.PolicyHolder.Cnae && `${r.PolicyHolder.Cnae} ${r.PolicyHolder.CnaeDescription ?? ''}`}
        />
        <LabeledValue label="CNAE analisado" value={r.AnalysedCnae} />
        {r.DecidedAt && <LabeledValue label="Analisado por" value={r.DecidedByName} />}
        {r.DecidedAt && <LabeledValue label="Analisado em" value={formatDateTime(r.DecidedAt)} />}
      </SimpleGrid>
      {r.Justification && <LabeledValue label="Justificativa" value={r.Justification} />}
      {canManage && !r.Accepted && (
        <Stack gap="xs">
          <Select
            label="Ramo de atividade (CNAE)"
            placeholder={r.PolicyHolder.Cnae ?? 'Escolha o CNAE'}
            searchable
            clearable
            data={(activities.data ?? []).map((a) => ({
              value: a.Code,
              label: `${a.Code} ${a.Description}${a.Restricted ? ' (atenção)' : ''}`,
            }))}
            value={cnae}
            onChange={setCnae}
          />
          <Textarea
            label="Justificativa (obrigatória para recusar)"
            rows={3}
            maxLength={2000}
            value={justification}
            onChange={(e) => setJustification(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button
              color="red.8"
              variant="light"
              disabled={!justification.trim()}
              onClick={() => decide(false)}
            >
              Recusar ramo
            </Button>
            <Button loading={save.isPending} onClick={() => decide(true)}>
              Aceitar ramo
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
};

const ObservationItem = ({ o }: { o: CardObservationView }) => (
  <Stack gap={0}>
    <Text size="xs" c="gray.7">
      {o.CreatedByName ?? 'Usuário'} · {formatDateTime(o.CreatedAt)}
    </Text>
    <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
      {o.Observation}
    </Text>
  </Stack>
);

/** The card's observations and a new one (FollowUpSendObservation: the other side is e-mailed). */
const CardObservations = ({ card }: { card: KanbanCard }) => {
  const list = useCardObservations(card.cardType, card.cardRef);
  const send = useContractMutation(followUpSendObservation, {
    invalidate: [kanbanKeys.observations(card.cardType, card.cardRef)],
    success: 'Observação enviada.',
    error: 'dialog',
  });
  return (
    <Stack>
      {list.isPending && <LoadingState label="Carregando observações…" />}
      {list.error && <ErrorAlert error={list.error} />}
      {list.data?.length === 0 && <Text size="sm">Nenhuma observação.</Text>}
      {list.data?.map((o) => (
        <ObservationItem key={o.UniqueId} o={o} />
      ))}
      <NoteForm
        label="Nova observação"
        description="O corretor (ou o tomador) recebe a observação por e-mail."
        action="Enviar observação"
        send={send}
        request={(note) => ({
          body: { CardType: card.cardType as never, CardRef: card.cardRef, Observation: note },
        })}
      />
    </Stack>
  );
};

const duration = (seconds: number) => timeInStep(new Date(0).toISOString(), seconds * 1000);

/** The card's moves: from, to, who, when, time in the step it left, justification. */
const CardHistory = ({ card }: { card: KanbanCard }) => {
  const history = useCardHistory(card.id);
  const me = useUserInfo()?.UserInfoId;
  const name = useUserNames(history.data?.moves.map((m) => m.userId) ?? []);
  if (history.isPending) return <LoadingState label="Carregando histórico…" />;
  if (history.error) return <ErrorAlert error={history.error} />;
  const who = (userId: number | null) =>
    userId === null ? 'Sistema' : userId === me ? 'Você' : name(userId);
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Quando</Table.Th>
          <Table.Th>Movimentação</Table.Th>
          <Table.Th>Quem</Table.Th>
          <Table.Th>Tempo na etapa</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.data.moves.map((m) => (
          <Table.Tr key={m.id}>
            <Table.Td>{formatDateTime(m.movedAt)}</Table.Td>
            <Table.Td>
              {m.fromStepName ? `${m.fromStepName} → ${m.toStepName}` : `Aberto em ${m.toStepName}`}
              {m.justification && (
                <Text size="xs" c="gray.7">
                  {m.justification}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{who(m.userId)}</Table.Td>
            <Table.Td>{m.fromStepName ? duration(m.secondsInStep) : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};

/** Who works the card: take it ('Assumir') or release it ('Liberar'). */
/**
 * The decision on the card: approve (refused while its owner says why it cannot be approved yet,
 * shown here) or refuse (with a justification). Both ask for confirmation on the board.
 */
const Decision = ({
  card,
  onDecide,
}: {
  card: KanbanCard;
  onDecide: (card: KanbanCard, kind: 'approve' | 'refuse') => void;
}) => {
  const blocked = card.approvalBlockers.length > 0;
  return (
    <Stack gap="xs">
      {blocked && (
        <div data-testid="card-blockers-detail">
          <InlineAlert tone="warning" title="Ainda não pode ser aprovado">
            {card.approvalBlockers.join('; ')}.
          </InlineAlert>
        </div>
      )}
      <Group gap="sm">
        <Button size="xs" disabled={blocked} onClick={() => onDecide(card, 'approve')}>
          Aprovar
        </Button>
        <Button size="xs" variant="outline" color="red.8" onClick={() => onDecide(card, 'refuse')}>
          Recusar
        </Button>
      </Group>
    </Stack>
  );
};

const Assignee = ({ card, canManage }: { card: KanbanCard; canManage: boolean }) => {
  const me = useUserInfo()?.UserInfoId;
  const history = useCardHistory(card.id);
  const current = history.data?.card ?? card;
  const assign = useContractMutation(assignKanbanCard, {
    invalidate: [kanbanKeys.history(card.id), kanbanKeys.pipe(card.pipeId)],
    success: (r) => (r.assigneeUserId ? 'Card assumido.' : 'Card liberado.'),
    error: 'dialog',
  });
  const name = useUserNames([current.assigneeUserId]);
  const label =
    current.assigneeUserId === null
      ? 'Sem responsável'
      : current.assigneeUserId === me
        ? 'Responsável: você'
        : `Responsável: ${name(current.assigneeUserId)}`;
  const mine = current.assigneeUserId !== null && current.assigneeUserId === me;
  return (
    <Group justify="space-between">
      <Text size="sm">{label}</Text>
      {canManage && !current.closed && me !== undefined && (
        <Button
          size="xs"
          variant="light"
          loading={assign.isPending}
          onClick={() =>
            assign.mutate({
              params: { id: card.id },
              body: { assigneeUserId: mine ? null : me, version: current.version },
            })
          }
        >
          {mine ? 'Liberar' : 'Assumir'}
        </Button>
      )}
    </Group>
  );
};

/**
 * A card's detail view, titled by its card type (spec §4): the type's data and actions, its
 * observations, its history of moves and its assignee. A card type without a formatted view
 * says so (spec §8).
 */
export const CardDetail = ({
  card,
  onClose,
  canManage = false,
  onDecide,
}: {
  card: KanbanCard | undefined;
  onClose: () => void;
  canManage?: boolean;
  /** Approve or refuse the card from its drawer (the board's move, with its confirmation). */
  onDecide?: (card: KanbanCard, kind: 'approve' | 'refuse') => void;
}) => {
  // A proposal's card is about the proposal, whatever pipe's type it carries (a registration card
  // ANALISE_CCG of a proposal is not a CCG request).
  // A new version of the card (a move, its owner's update) reads the card's data again, in the
  // background: the drawer stays as it is (an open dialog too) and shows the new data when it comes.
  const client = useQueryClient();
  const version = card ? `${card.id}:${card.version}` : undefined;
  const seen = useRef(version);
  useEffect(() => {
    const changed = version !== undefined && seen.current !== undefined && seen.current !== version;
    seen.current = version;
    if (changed) void client.invalidateQueries({ queryKey: [...kanbanKeys.all, 'card'] });
  }, [client, version]);
  const title = card
    ? isProposalCard(card)
      ? CardDetailTitle.PROPOSAL_DETAILS
      : cardDetailTitle(card.cardType)
    : undefined;
  // A proposal's card (analysis pipes) has one view whatever its type (its group's picture too on
  // a GRUPO_ECONOMICO card); the others by type.
  const View = card
    ? isProposalCard(card)
      ? card.cardType === 'GRUPO_ECONOMICO'
        ? ProposalEconomicGroupView
        : ProposalCardView
      : views[card.cardType]
    : undefined;
  return (
    <Drawer
      opened={card !== undefined}
      onClose={onClose}
      position="right"
      // Wide enough for the documents table (720 px) with its actions at 1280 px.
      size="xl"
      title={title ?? 'Card'}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {card &&
        (View ? (
          <Stack>
            <Assignee card={card} canManage={canManage} />
            {canManage && !card.closed && onDecide && <Decision card={card} onDecide={onDecide} />}
            <Tabs defaultValue="data" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="data">Dados</Tabs.Tab>
                <Tabs.Tab value="observations">Observações</Tabs.Tab>
                <Tabs.Tab value="history">Histórico</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="data" pt="md">
                <View cardRef={card.cardRef} canManage={canManage && !card.closed} />
              </Tabs.Panel>
              <Tabs.Panel value="observations" pt="md">
                <CardObservations card={card} />
              </Tabs.Panel>
              <Tabs.Panel value="history" pt="md">
                <CardHistory card={card} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        ) : (
          <Alert color="red" variant="light" role="alert">
            {uiMessages.cardWithoutView}
          </Alert>
        ))}
    </Drawer>
  );
};
