import { type BiFilters, formatDate, isInsurance, Permission } from '@aval/contracts';
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { hasAnyPermission } from '../../../app/session/user-info.js';
import { DateField } from '../../../shared/ui/fields/masked-fields.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { LoadingState } from '../../../shared/ui/states.js';
import { type Dashboard, useBiDashboard, useExternalBiEmbed } from '../api/bi-api.js';
import { DashboardCharts, Kpis, PipeCharts } from '../components/bi-charts.js';
import { ExternalBiSettings } from '../components/external-bi-settings.js';

const Filters = ({
  filters,
  options,
  onChange,
}: {
  filters: BiFilters;
  options: Dashboard['Options'] | undefined;
  onChange: (f: BiFilters) => void;
}) => {
  const set = (patch: Partial<BiFilters>) => onChange({ ...filters, ...patch });
  const modalities = (options?.Modalities ?? []).filter(
    (m) => !filters.BranchId || m.BranchId === filters.BranchId,
  );
  const asId = (v: string | null) => (v ? Number(v) : undefined);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
      <DateField
        label="De"
        value={filters.StartDate ?? null}
        onChange={(v) => set({ StartDate: v ?? undefined })}
      />
      <DateField
        label="Até"
        value={filters.EndDate ?? null}
        onChange={(v) => set({ EndDate: v ?? undefined })}
      />
      <Select
        label="Ramo"
        placeholder="Todos"
        clearable
        data={(options?.Branches ?? []).map((b) => ({ value: String(b.Id), label: b.Name }))}
        value={filters.BranchId ? String(filters.BranchId) : null}
        onChange={(v) => set({ BranchId: asId(v), ModalityId: undefined })}
      />
      <Select
        label="Modalidade"
        placeholder="Todas"
        clearable
        searchable
        data={modalities.map((m) => ({ value: String(m.Id), label: m.Name }))}
        value={filters.ModalityId ? String(filters.ModalityId) : null}
        onChange={(v) => set({ ModalityId: asId(v) })}
      />
      <Select
        label="Corretora"
        placeholder="Todas"
        clearable
        searchable
        data={(options?.Brokers ?? []).map((b) => ({ value: String(b.Id), label: b.Name }))}
        value={filters.BrokerId ? String(filters.BrokerId) : null}
        onChange={(v) => set({ BrokerId: asId(v) })}
      />
    </SimpleGrid>
  );
};

/** The built-in dashboard: filters, indicators and charts (each exportable as CSV). */
const BuiltInDashboard = () => {
  const [filters, setFilters] = useState<BiFilters>({});
  const dashboard = useBiDashboard(filters);
  const d = dashboard.data;
  const filtered = Object.values(filters).some((v) => v !== undefined);
  return (
    <Stack>
      <Card withBorder component="section" aria-label="Filtros do painel">
        <Group justify="space-between" mb="xs" gap="xs">
          <Title order={2} size="h4">
            Painel da seguradora
          </Title>
          {filtered && (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconFilterOff size={14} aria-hidden />}
              onClick={() => setFilters({})}
            >
              Limpar filtros
            </Button>
          )}
        </Group>
        <Filters filters={filters} options={d?.Options} onChange={setFilters} />
        {d && (
          <Text size="xs" c="gray.7" mt="xs">
            Produção de {formatDate(d.StartDate)} a {formatDate(d.EndDate)}; vigências, vencimentos, SRO e
            limites na data de hoje ({formatDate(d.Today)}).
          </Text>
        )}
      </Card>
      {dashboard.error && <InlineAlert>{dashboard.error.message}</InlineAlert>}
      {!d && !dashboard.error && <LoadingState label="Carregando o painel" rows={6} />}
      {d && (
        <Stack style={{ opacity: dashboard.isFetching ? 0.6 : 1 }} aria-busy={dashboard.isFetching}>
          <Kpis d={d} />
          <DashboardCharts d={d} />
          {!d.BrokerScoped && <PipeCharts period={{ from: d.StartDate, to: d.EndDate }} />}
        </Stack>
      )}
    </Stack>
  );
};

/** The company's external BI (Metabase), signed on the server for 10 minutes. */
const ExternalDashboard = ({ url }: { url: string }) => (
  <Card withBorder padding={0} style={{ overflow: 'hidden' }}>
    <iframe
      src={url}
      title="Painel de BI externo"
      style={{ border: 0, width: '100%', height: 'calc(100vh - 180px)', minHeight: 480, display: 'block' }}
      referrerPolicy="no-referrer"
    />
  </Card>
);

/** /bi/embbeded: the external BI when the company configured one, else the built-in dashboard. */
export const BiPage = () => {
  const me = useUserInfo();
  const canConfigure = hasAnyPermission(me, [Permission.PARAMETRIZAR_SEGURADORA]);
  // The external BI is the company's: brokers, agents and advisors get their built-in view.
  const staff = isInsurance(me?.UserTypeId ?? 0);
  const embed = useExternalBiEmbed(staff);
  return (
    <Stack>
      {staff && embed.isPending ? (
        <LoadingState label="Carregando o painel" />
      ) : embed.data?.Configured && embed.data.Url ? (
        <ExternalDashboard url={embed.data.Url} />
      ) : (
        <BuiltInDashboard />
      )}
      {canConfigure && <ExternalBiSettings />}
    </Stack>
  );
};
