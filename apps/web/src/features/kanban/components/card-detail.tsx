import {
  cardDetailTitle,
  formatDateTime,
  formatMoney,
  type KanbanCard,
  maskCpfCnpj,
  uiMessages,
} from '@aval/contracts';
import { Alert, Drawer, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FinancialStatementsTable } from '../../../shared/ui/financial-statements-table.js';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { RequestDocumentsPanel } from '../../../shared/ui/request-documents-panel.js';
import { LoadingState } from '../../../shared/ui/states.js';
import { ToneBadge } from '../../../shared/ui/tone-badge.js';
import { useBrokerCard, useNominationCard, useRequestLimitCard } from '../api/kanban-api.js';
import { requestLimitCardDocumentsAdapter } from '../api/request-limit-documents.js';

const failure = (error: Error) => error.message || uiMessages.requestFailed;

/** Dados da Corretora: the brokerage of a registration card. */
const BrokerDetail = ({ uniqueId }: { uniqueId: string }) => {
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
const RequestLimitDetail = ({ cardRef }: { cardRef: string }) => {
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

/** The formatted views this portal has, by card type. */
const views: Record<string, (props: { cardRef: string }) => ReactNode> = {
  ANALISE_DOCUMENTACAO_CORRETORA: ({ cardRef }) => <BrokerDetail uniqueId={cardRef} />,
  ANALISE_CONFORMIDADE_CORRETORA: ({ cardRef }) => <BrokerDetail uniqueId={cardRef} />,
  CORRETORA_PEP: ({ cardRef }) => <BrokerDetail uniqueId={cardRef} />,
  NOMEACAO_TOMADOR: ({ cardRef }) => <NominationDetail cardRef={cardRef} />,
  REQUEST_LIMIT: ({ cardRef }) => <RequestLimitDetail cardRef={cardRef} />,
};

/**
 * A card's detail view, titled by its card type (spec §4). The registration cards show the
 * brokerage; a card type without a formatted view says so (spec §8).
 */
export const CardDetail = ({ card, onClose }: { card: KanbanCard | undefined; onClose: () => void }) => {
  const title = card ? cardDetailTitle(card.cardType) : undefined;
  const View = card ? views[card.cardType] : undefined;
  return (
    <Drawer opened={card !== undefined} onClose={onClose} position="right" size="lg" title={title ?? 'Card'}>
      {card &&
        (View ? (
          <View cardRef={card.cardRef} />
        ) : (
          <Alert color="red" variant="light" role="alert">
            {uiMessages.cardWithoutView}
          </Alert>
        ))}
    </Drawer>
  );
};
