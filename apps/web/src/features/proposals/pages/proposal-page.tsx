import {
  branchText,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
  type ProposalDetail,
  UserType,
} from '@aval/contracts';
import { Alert, Button, Card, Divider, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconClockHour4, IconEdit, IconTimeline } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { ChangeHistoryTable } from '../../../shared/ui/change-history-table.js';
import { DetailTabs } from '../../../shared/ui/detail-page.js';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { RequestDocumentsPanel } from '../../../shared/ui/request-documents-panel.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { CpfCnpj, WholeValues } from '../../../shared/ui/unbroken.js';
import { useTabInUrl } from '../../../shared/ui/use-tab-in-url.js';
import { proposalDocumentsAdapter, useProposalDetail } from '../api/proposals-api.js';
import { AdjustmentForm } from '../components/adjustment-form.js';
import { EngineLogTable } from '../components/engine-log.js';
import { IssuancePanel } from '../components/issuance-panel.js';
import { LegalRulesPanel } from '../components/legal-rules-panel.js';
import { LimitAmounts } from '../components/limit-line.js';
import { LoadingsForm } from '../components/loadings-form.js';
import { ProposalObservations } from '../components/proposal-observations.js';
import { ProposalScope } from '../components/proposal-scope.js';
import { ProposalStatusBadge } from '../components/proposal-status-badge.js';
import { ProposalTimeline } from '../components/proposal-timeline.js';

const money = (v: string | null | undefined) => (v ? formatMoney(v) : '—');
const pct = (v: string | null | undefined) => (v ? formatPercent(v) : '—');
const date = (v: string | null | undefined) => (v ? formatDate(v) : '—');

/** The insurer's 25 days (Lei 15.040/2024, art. 49), paused while the proposal waits for the broker. */
export const AcceptanceClockAlert = ({ p }: { p: ProposalDetail }) => {
  const c = p.AcceptanceClock;
  if (!c.Started || c.IsStopped) return null;
  return (
    <Alert
      color={c.IsOverdue ? 'red' : c.IsPaused ? 'gray' : 'blue'}
      icon={<IconClockHour4 size={18} aria-hidden />}
      title="Prazo de aceitação da seguradora"
    >
      {c.IsPaused
        ? `Prazo pausado enquanto a proposta aguarda o corretor: restam ${c.DaysLeft} de ${c.DeadlineDays} dias.`
        : c.IsOverdue
          ? `O prazo de ${c.DeadlineDays} dias para aceitar ou recusar terminou.`
          : `Restam ${c.DaysLeft} de ${c.DeadlineDays} dias para a seguradora aceitar ou recusar (até ${c.DueAt ? formatDate(c.DueAt) : '—'}).`}
    </Alert>
  );
};

const Summary = ({ p }: { p: ProposalDetail }) => (
  <Card withBorder>
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
      <LabeledValue label="Tomador">
        {p.PolicyHolderName} · <CpfCnpj value={p.PolicyHolderDocument} />
      </LabeledValue>
      <LabeledValue label="Segurado">
        {p.Insured ? (
          <>
            {p.Insured.Name} · <CpfCnpj value={p.Insured.Document} />
          </>
        ) : (
          '—'
        )}
      </LabeledValue>
      <LabeledValue label="Modalidade">
        {p.ProductName} ({branchText(p.ProductBranch)})
      </LabeledValue>
      <LabeledValue label="Corretora">{p.BrokerName}</LabeledValue>
      <LabeledValue label="Vigência">
        {date(p.StartDate)} a {date(p.EndDate)} {p.DeadlineDays ? `(${p.DeadlineDays} dias)` : ''}
      </LabeledValue>
      <LabeledValue label="Importância segurada">{money(p.InsuredAmountValue)}</LabeledValue>
      <LabeledValue label="Objeto">
        {p.ProposalObjects.map((o) => o.Description).join(' · ') || '—'}
      </LabeledValue>
      <LabeledValue label="Limite disponível do tomador">
        <LimitAmounts limit={p.Limit} />
      </LabeledValue>
      <LabeledValue label="Criada em">{formatDateTime(p.CreatedAt)}</LabeledValue>
    </SimpleGrid>
    <Divider my="sm" />
    <ProposalScope p={p} cols={3} />
  </Card>
);

const Price = ({ p }: { p: ProposalDetail }) => (
  <Stack>
    <Card withBorder>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <LabeledValue label="Prêmio">{money(p.InsurancePremium)}</LabeledValue>
        <LabeledValue label="Comissão">
          {pct(p.ComissionPercentage)} · {money(p.ComissionValue)}
        </LabeledValue>
        <LabeledValue label="Taxa comercial">{pct(p.Tax)}</LabeledValue>
        <LabeledValue label="Prêmio líquido">{money(p.NetPremium)}</LabeledValue>
        <LabeledValue label="Taxa do tomador">{pct(p.PolicyHolderRate)}</LabeledValue>
        <LabeledValue label="IOF">{money(p.IOFValue)}</LabeledValue>
        <LabeledValue label="Prêmio total">{money(p.TotalPremium)}</LabeledValue>
        <LabeledValue label="Parcelas">{p.NumberOfInstallment ?? '—'}</LabeledValue>
      </SimpleGrid>
      {p.CommissionDisclosure.Confirmed && (
        <Text size="sm" mt="md">
          <WholeValues text={p.CommissionDisclosure.Text ?? ''} /> — confirmado por{' '}
          {p.CommissionDisclosure.ConfirmedByName ?? '—'} em{' '}
          {p.CommissionDisclosure.ConfirmedAt ? formatDateTime(p.CommissionDisclosure.ConfirmedAt) : '—'}.
        </Text>
      )}
    </Card>
    {p.CoBrokers.length > 0 && (
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Cocorretagem
        </Title>
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Corretora</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Participação</Table.Th>
                <Table.Th>Comissão</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.CoBrokers.map((c) => (
                <Table.Tr key={c.Id}>
                  <Table.Td>
                    {c.Name}
                    {c.Leader ? ' (líder)' : ''}
                  </Table.Td>
                  <Table.Td>{c.CommissionTypeName}</Table.Td>
                  <Table.Td>{pct(c.Participation)}</Table.Td>
                  <Table.Td>{money(c.ComissionValue)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    )}
  </Stack>
);

/**
 * The proposal's detail, both sides (/propostas/proposta/{id}, /propostas/visualizar/…,
 * /propostas/proposta/detalhes/{id}, /propostas-seguradora/proposta/…), on `defaultTab` unless `?aba=`.
 */
export const ProposalPage = ({ defaultTab = 'resumo' }: { defaultTab?: string }) => {
  const params = useParams();
  // The insurer's 'Linha do tempo' button opens that tab (DetailTabs reads the same URL).
  const [, setTab] = useTabInUrl(defaultTab);
  const uniqueId = params.propostaUniqueId ?? params.id ?? '';
  const detail = useProposalDetail(uniqueId);
  const p = detail.data;
  const insurer = useUserInfo()?.UserTypeId === UserType.INSURANCE;
  // The broker may still send a file while the insurer analyses the proposal (e.g. for a refused one).
  const documentsMode = p?.Permissions.CanEdit ? 'edit' : !insurer && p?.StatusId === 2 ? 'replace' : 'read';
  const adapter = useMemo(() => proposalDocumentsAdapter(uniqueId, documentsMode), [uniqueId, documentsMode]);
  if (!uniqueId) return <EmptyState title="Proposta não encontrada" />;
  if (detail.isPending) return <LoadingState />;
  if (detail.isError || !p)
    return <EmptyState title="Proposta não encontrada" description={detail.error?.message} />;
  return (
    <Stack>
      <Card withBorder>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={2} size="h3">
                Proposta nº {p.Number}
              </Title>
              <ProposalStatusBadge statusId={p.StatusId} label={p.StatusName} />
            </Group>
            <Text size="sm" c="gray.7">
              {p.PolicyHolderName} · {p.ProductName}
            </Text>
          </Stack>
          <Group gap="sm">
            {insurer ? (
              <Button
                variant="default"
                onClick={() => setTab('linha-do-tempo')}
                leftSection={<IconTimeline size={16} aria-hidden />}
              >
                Linha do tempo
              </Button>
            ) : (
              <Button
                variant="default"
                component={Link}
                to={`/propostas/timeline/${p.UniqueId}`}
                leftSection={<IconTimeline size={16} aria-hidden />}
              >
                Linha do tempo
              </Button>
            )}
            {p.Permissions.CanEdit && !insurer && (
              <Button
                component={Link}
                to={`/propostas/proposta/editar/${p.UniqueId}`}
                leftSection={<IconEdit size={16} aria-hidden />}
              >
                {p.StatusId === 8 ? 'Continuar cotação' : 'Editar'}
              </Button>
            )}
          </Group>
        </Group>
      </Card>
      <AcceptanceClockAlert p={p} />
      {p.Permissions.CanRequestAdjustment && <AdjustmentForm p={p} mode="request" />}
      {p.Permissions.CanAnswerAdjustment && <AdjustmentForm p={p} mode="answer" />}
      {p.Warnings.length > 0 && (
        <Alert color="yellow" title="Atenção">
          {p.Warnings.join('\n')}
        </Alert>
      )}
      <DetailTabs
        defaultTab={defaultTab}
        tabs={[
          {
            value: 'resumo',
            label: 'Resumo',
            panel: (
              <Stack>
                <LegalRulesPanel uniqueId={p.UniqueId} number={p.Number} />
                <Summary p={p} />
              </Stack>
            ),
          },
          {
            value: 'preco',
            label: 'Preço',
            panel: (
              <Stack>
                <Price p={p} />
                {p.Permissions.CanChangeLoadings && p.CalculatedAt && <LoadingsForm p={p} />}
              </Stack>
            ),
          },
          {
            value: 'documentos',
            label: 'Documentos',
            panel: <RequestDocumentsPanel title="Documentos da proposta" adapter={adapter} />,
          },
          { value: 'observacoes', label: 'Observações', panel: <ProposalObservations p={p} /> },
          {
            value: 'validacoes',
            label: 'Validações',
            panel: <EngineLogTable logs={p.ProposalEngineExecutionLogs} />,
          },
          {
            value: 'emissao',
            label: 'Emissão',
            panel: <IssuancePanel uniqueId={p.UniqueId} number={p.Number} />,
          },
          {
            value: 'linha-do-tempo',
            label: 'Linha do tempo',
            panel: <ProposalTimeline entries={p.TimelineHistory} />,
          },
          { value: 'historico', label: 'Histórico', panel: <ChangeHistoryTable entries={p.History} /> },
        ]}
      />
    </Stack>
  );
};

/** /propostas/proposta/emissao/{id}: the proposal opened on its issuance tab. */
export const ProposalIssuancePage = () => <ProposalPage defaultTab="emissao" />;
