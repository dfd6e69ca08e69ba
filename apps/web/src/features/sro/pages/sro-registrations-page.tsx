import {
  formatDate,
  SRO_LATE_FILTER,
  type SroEventTypeId,
  searchSroRegistrations,
  sroEventLabels,
  sroEventTypes,
  sroRegistrationStatusLabels,
} from '@aval/contracts';
import { Card, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { chipsOf, FilterBar, useListFilters } from '../../../shared/ui/filter-bar.js';
import { PagedDataTable } from '../../../shared/ui/paged-data-table.js';
import { awaitingAnswer, SroActions, sroKeys } from '../components/sro-actions.js';
import { SroReasons, SroStatusBadge, sroDeadlineLabel } from '../components/sro-labels.js';

type Filters = { status: string | null; event: string | null; policy: string };
const empty: Filters = { status: null, event: null, policy: '' };

const statusOptions = [
  ...Object.entries(sroRegistrationStatusLabels).map(([value, label]) => ({ value, label })),
  { value: String(SRO_LATE_FILTER), label: 'Atrasada' },
];
const eventOptions = sroEventTypes.map((value) => ({ value, label: sroEventLabels[value] }));
const statusLabel = (v: string | null) => statusOptions.find((o) => o.value === v)?.label;

/**
 * /apolices/sro (permission 49): the registrations the system sends to the SRO's registradora, by
 * status, with the deadline clock, the registradora's reasons and "Reenviar" / "Retificar".
 */
export const SroRegistrationsPage = () => {
  const { field, applied, bar } = useListFilters(empty);
  const query = {
    StatusId: applied.status ? Number(applied.status) : undefined,
    EventType: (applied.event ?? undefined) as SroEventTypeId | undefined,
    PolicyNumber: applied.policy.trim() || undefined,
  };
  return (
    <Stack>
      <Card withBorder>
        <Title order={2} size="h3">
          Registros no SRO
        </Title>
        <Text size="sm" c="gray.7">
          Cada emissão, endosso, cancelamento, liquidação de prêmio e de comissão e restituição é registrada
          pelo sistema na registradora, em até 2 dias úteis (feriados nacionais contados).
        </Text>
      </Card>
      <FilterBar
        label="Filtros de registros no SRO"
        {...bar}
        active={chipsOf([
          ['status', applied.status && `Situação: ${statusLabel(applied.status)}`],
          ['event', applied.event && `Operação: ${sroEventLabels[applied.event as SroEventTypeId]}`],
          ['policy', applied.policy.trim() && `Apólice: ${applied.policy.trim()}`],
        ])}
        primary={
          <>
            <Select label="Situação" data={statusOptions} clearable {...field.value('status')} w={180} />
            <Select label="Operação" data={eventOptions} clearable {...field.value('event')} w={220} />
            <TextInput label="Número da apólice" maxLength={30} {...field.text('policy')} w={220} />
          </>
        }
      />
      <PagedDataTable
        endpoint={searchSroRegistrations}
        queryKey={sroKeys.all}
        query={query}
        idAccessor="UniqueId"
        noRecordsText="Nenhum registro encontrado"
        refreshEvery={awaitingAnswer}
        columns={[
          {
            accessor: 'PolicyNumber',
            title: 'Apólice',
            render: (r) =>
              r.PolicyUniqueId ? (
                <Link to={`/apolice/${r.PolicyUniqueId}`}>{r.PolicyNumber}</Link>
              ) : (
                r.PolicyNumber
              ),
          },
          { accessor: 'EventName', title: 'Operação' },
          // Whole, never cut ("Rejeitada · atrasada"): the column takes the badge's width.
          {
            accessor: 'StatusName',
            title: 'Situação',
            noWrap: true,
            render: (r) => <SroStatusBadge r={r} />,
          },
          {
            accessor: 'Deadline',
            title: 'Prazo',
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm">{formatDate(r.Deadline)}</Text>
                <Text size="xs" c={r.Late ? 'red.8' : 'gray.7'}>
                  {sroDeadlineLabel(r)}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'Protocol',
            title: 'Protocolo',
            render: (r) => (r.Protocol ? `${r.Protocol}${r.Manual ? ' (manual)' : ''}` : '—'),
          },
          {
            accessor: 'Rejections',
            title: 'Motivos',
            render: (r) => <SroReasons r={r} empty="—" />,
          },
          { accessor: 'UniqueId', title: 'Ações', render: (r) => <SroActions r={r} /> },
        ]}
      />
    </Stack>
  );
};
