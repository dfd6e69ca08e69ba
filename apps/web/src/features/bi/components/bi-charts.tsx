import '@mantine/charts/styles.css';
import { formatDate, formatDecimal, formatMoney, formatPercent, maskCpfCnpj } from '@aval/contracts';
import { BarChart, FunnelChart } from '@mantine/charts';
import { Card, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { CsvColumn } from '../../../shared/export/csv.js';
import { ExportRowsCsvButton } from '../../../shared/ui/export-csv-button.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { EmptyState } from '../../../shared/ui/states.js';
import { type Dashboard, type PipePeriod, type PipeStats, usePipeStats } from '../api/bi-api.js';

const n = (v: string) => Number(v);
const money = (v: number | string) => formatMoney(String(v));
/** CSV cells: pt-BR decimals without the currency prefix (Excel reads them as numbers). */
const dec = (v: string) => formatDecimal(v, 2);

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
/** `2026-03` → `mar/26`. */
export const monthLabel = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1]}/${ym.slice(2, 4)}`;

const PALETTE = ['blue.7', 'teal.7', 'orange.7', 'grape.7', 'cyan.8', 'pink.7', 'gray.6'];

/** One chart of the dashboard: title, what it shows, its CSV and the chart itself. */
const ChartCard = <R,>({
  title,
  hint,
  rows,
  columns,
  file,
  children,
}: {
  title: string;
  hint?: string;
  rows: R[];
  columns: CsvColumn<R>[];
  file: string;
  children: ReactNode;
}) => (
  <Card withBorder component="section" aria-label={title}>
    <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
      <Stack gap={0} style={{ flex: 1, minWidth: 180 }}>
        <Text fw={600} component="h3" size="md" m={0}>
          {title}
        </Text>
        {hint && (
          <Text size="xs" c="gray.7">
            {hint}
          </Text>
        )}
      </Stack>
      <ExportRowsCsvButton rows={rows} columns={columns} name={file} label={`Exportar CSV: ${title}`} />
    </Group>
    {rows.length === 0 ? <EmptyState title="Sem dados no período" /> : children}
  </Card>
);

/** Premium per month, one stacked series per modality (the 6 largest, the rest as "Outras"). */
const premiumSeries = (rows: Dashboard['PremiumByMonth']) => {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.ModalityName, (totals.get(r.ModalityName) ?? 0) + n(r.Net));
  const top = [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  const named = top.slice(0, 6);
  const bucket = (name: string) => (named.includes(name) ? name : 'Outras');
  const months = [...new Set(rows.map((r) => r.Month))].sort();
  const data = months.map((m) => {
    const point: Record<string, string | number> = { mes: monthLabel(m) };
    for (const r of rows.filter((x) => x.Month === m)) {
      const key = bucket(r.ModalityName);
      point[key] = Math.round((Number(point[key] ?? 0) + n(r.Net)) * 100) / 100;
    }
    return point;
  });
  const names = top.length > 6 ? [...named, 'Outras'] : named;
  return { data, series: names.map((name, i) => ({ name, color: PALETTE[i % PALETTE.length]! })) };
};

export const Kpis = ({ d }: { d: Dashboard }) => {
  const net = d.PremiumByMonth.reduce((s, r) => s + n(r.Net), 0);
  const inForce = d.InsuredAmountInForce.reduce((s, r) => s + n(r.InsuredAmount), 0);
  const policiesInForce = d.InsuredAmountInForce.reduce((s, r) => s + r.Policies, 0);
  const expiring = d.Expiring.reduce((s, r) => s + r.Policies, 0);
  const issued = d.Funnel.find((f) => f.Stage === 'Issued')?.Count ?? 0;
  const quotes = d.Funnel.find((f) => f.Stage === 'Quote')?.Count ?? 0;
  const items = [
    { label: 'Prêmio líquido no período', value: money(net.toFixed(2)) },
    { label: 'IS em vigor', value: money(inForce.toFixed(2)), note: `${policiesInForce} apólices` },
    {
      label: 'Conversão cotação → emissão',
      value: quotes > 0 ? formatPercent(((issued / quotes) * 100).toFixed(2), 1) : '—',
      note: `${issued} de ${quotes} cotações`,
    },
    {
      label: 'A vencer em 90 dias',
      value: String(expiring),
      note: `${d.LateSro.Total} registros no SRO atrasados`,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
      {items.map((k) => (
        <Card withBorder key={k.label}>
          <Text size="sm" c="gray.7">
            {k.label}
          </Text>
          <Text fw={700} size="xl">
            {k.value}
          </Text>
          {k.note && (
            <Text size="xs" c="gray.7">
              {k.note}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
};

type LimitRow = {
  Name: string;
  Limit: string;
  Used: string;
  Available: string;
  UsedPercentage: string | null;
};

/** Used and available limit, one stacked bar per policy holder or economic group. */
const LimitChart = <R extends LimitRow>({
  title,
  hint,
  of,
  rows,
  file,
  first,
}: {
  title: string;
  hint: string;
  of: string;
  rows: R[];
  file: string;
  first: CsvColumn<R>[];
}) => {
  const narrow = useMediaQuery('(max-width: 36em)');
  const cut = narrow ? 16 : 32;
  return (
    <ChartCard
      title={title}
      hint={hint}
      rows={rows}
      file={file}
      columns={[
        ...first,
        { title: 'Limite', value: (r) => dec(r.Limit) },
        { title: 'Utilizado', value: (r) => dec(r.Used) },
        { title: 'Disponível', value: (r) => dec(r.Available) },
        { title: '% utilizado', value: (r) => (r.UsedPercentage ? dec(r.UsedPercentage) : '') },
      ]}
    >
      <BarChart
        h={Math.max(160, rows.length * 34)}
        data={rows.map((r) => ({
          nome: r.Name.length > cut ? `${r.Name.slice(0, cut - 1)}…` : r.Name,
          Utilizado: n(r.Used),
          Disponível: Math.max(0, n(r.Available)),
        }))}
        dataKey="nome"
        orientation="vertical"
        type="stacked"
        yAxisProps={{ width: narrow ? 110 : 200 }}
        xAxisProps={{ hide: narrow }}
        valueFormatter={money}
        series={[
          { name: 'Utilizado', color: 'orange.7' },
          { name: 'Disponível', color: 'teal.7' },
        ]}
        withLegend
        role="img"
        aria-label={`Gráfico de barras do limite utilizado e disponível por ${of}`}
      />
    </ChartCard>
  );
};

export const DashboardCharts = ({ d }: { d: Dashboard }) => {
  const narrow = useMediaQuery('(max-width: 36em)');
  const axisWidth = narrow ? 110 : 200;
  const premium = premiumSeries(d.PremiumByMonth);
  return (
    <Stack>
      <ChartCard
        title="Prêmio emitido por mês e modalidade"
        hint="Apólices emitidas e prêmios adicionais de endosso, menos restituições (mês de Brasília)."
        rows={d.PremiumByMonth}
        file="bi-premio-por-mes"
        columns={[
          { title: 'Mês', value: (r) => monthLabel(r.Month) },
          { title: 'Modalidade', value: (r) => r.ModalityName },
          { title: 'Prêmio emitido', value: (r) => dec(r.Written) },
          { title: 'Restituições', value: (r) => dec(r.Restitutions) },
          { title: 'Prêmio líquido', value: (r) => dec(r.Net) },
        ]}
      >
        <BarChart
          h={300}
          data={premium.data}
          dataKey="mes"
          type="stacked"
          series={premium.series}
          valueFormatter={money}
          yAxisProps={{ width: narrow ? 80 : 110 }}
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: narrow ? 90 : 50 }}
          role="img"
          aria-label="Gráfico de barras do prêmio líquido por mês e modalidade"
        />
      </ChartCard>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartCard
          title="Cotação → proposta → emissão"
          hint="Cotações criadas no período, as enviadas à análise e as emitidas."
          rows={d.Funnel}
          file="bi-funil"
          columns={[
            { title: 'Etapa', value: (r) => r.Label },
            { title: 'Quantidade', value: (r) => r.Count },
            { title: 'IS', value: (r) => dec(r.InsuredAmount) },
          ]}
        >
          <Group wrap="wrap" gap="md" align="center">
            <FunnelChart
              data={d.Funnel.map((f, i) => ({
                name: f.Label,
                value: Math.max(f.Count, 0),
                color: ['blue.3', 'blue.6', 'blue.9'][i]!,
              }))}
              size={narrow ? 200 : 240}
              withLabels
              labelsPosition="inside"
              valueFormatter={(v) => formatDecimal(v, 0)}
              role="img"
              aria-label={`Funil: ${d.Funnel.map((f) => `${f.Label} ${f.Count}`).join(', ')}`}
            />
            <Stack gap={4}>
              {d.Funnel.map((f) => (
                <Text size="sm" key={f.Stage}>
                  <b>{f.Label}:</b> {f.Count} · IS {money(f.InsuredAmount)}
                </Text>
              ))}
            </Stack>
          </Group>
        </ChartCard>

        <ChartCard
          title="IS em vigor por modalidade"
          hint={`Apólices emitidas em vigor em ${formatDate(d.Today)}.`}
          rows={d.InsuredAmountInForce}
          file="bi-is-em-vigor"
          columns={[
            { title: 'Modalidade', value: (r) => r.ModalityName },
            { title: 'Apólices', value: (r) => r.Policies },
            { title: 'IS em vigor', value: (r) => dec(r.InsuredAmount) },
          ]}
        >
          <BarChart
            h={Math.max(160, d.InsuredAmountInForce.length * 38)}
            data={d.InsuredAmountInForce.map((r) => ({ modalidade: r.ModalityName, IS: n(r.InsuredAmount) }))}
            dataKey="modalidade"
            orientation="vertical"
            yAxisProps={{ width: axisWidth }}
            xAxisProps={{ hide: narrow }}
            valueFormatter={money}
            series={[{ name: 'IS', color: 'blue.7' }]}
            role="img"
            aria-label="Gráfico de barras da IS em vigor por modalidade"
          />
        </ChartCard>
      </SimpleGrid>

      {/* Limits are the insurer's view of its policy holders: not in a brokerage's dashboard. */}
      {!d.BrokerScoped && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <LimitChart
            title="Limite utilizado por tomador"
            hint="Os 10 tomadores com mais exposição (limite global)."
            of="tomador"
            rows={d.LimitByPolicyHolder}
            file="bi-limite-por-tomador"
            first={[
              { title: 'Tomador', value: (r) => r.Name },
              { title: 'CPF/CNPJ', value: (r) => maskCpfCnpj(r.Document) },
            ]}
          />
          <LimitChart
            title="Limite utilizado por grupo econômico"
            hint="Limite do grupo (ou a soma dos limites dos membros) e a exposição dos membros."
            of="grupo econômico"
            rows={d.LimitByEconomicGroup}
            file="bi-limite-por-grupo"
            first={[
              { title: 'Grupo econômico', value: (r) => r.Name },
              { title: 'Tomadores', value: (r) => r.Members },
            ]}
          />
        </SimpleGrid>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartCard
          title="Apólices a vencer"
          hint="Em vigor, terminando em até 30, 60 e 90 dias (aviso de 90 dias da Circular SUSEP 662/2022)."
          rows={d.Expiring}
          file="bi-vencimentos"
          columns={[
            { title: 'Prazo', value: (r) => r.Label },
            { title: 'Apólices', value: (r) => r.Policies },
            { title: 'IS', value: (r) => dec(r.InsuredAmount) },
          ]}
        >
          <BarChart
            h={220}
            data={d.Expiring.map((e) => ({ prazo: e.Label, Apólices: e.Policies }))}
            dataKey="prazo"
            series={[{ name: 'Apólices', color: 'orange.7' }]}
            yAxisProps={{ allowDecimals: false, width: 40 }}
            role="img"
            aria-label={`Apólices a vencer: ${d.Expiring.map((e) => `${e.Label} ${e.Policies}`).join(', ')}`}
          />
          <Text size="sm" mt="xs">
            IS a vencer em 90 dias:{' '}
            <b>{money(d.Expiring.reduce((s, e) => s + n(e.InsuredAmount), 0).toFixed(2))}</b>
          </Text>
        </ChartCard>

        <ChartCard
          title="Registros no SRO atrasados"
          hint={`${d.LateSro.Total} apólices pendentes após o prazo · IS ${money(d.LateSro.InsuredAmount)}`}
          rows={d.LateSro.Policies}
          file="bi-sro-atrasados"
          columns={[
            { title: 'Apólice', value: (r) => r.Number },
            { title: 'Tomador', value: (r) => r.PolicyHolderName },
            { title: 'Corretora', value: (r) => r.BrokerName },
            { title: 'Prazo do SRO', value: (r) => formatDate(r.SroDeadline) },
            { title: 'Dias de atraso', value: (r) => r.DaysLate },
          ]}
        >
          <Table.ScrollContainer minWidth={420}>
            <Table striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Apólice</Table.Th>
                  <Table.Th>Tomador</Table.Th>
                  <Table.Th>Prazo</Table.Th>
                  <Table.Th ta="right">Atraso</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.LateSro.Policies.map((p) => (
                  <Table.Tr key={p.UniqueId}>
                    <Table.Td>
                      <Link to={`/apolice/${p.UniqueId}`}>{p.Number}</Link>
                    </Table.Td>
                    <Table.Td>{p.PolicyHolderName}</Table.Td>
                    <Table.Td>{formatDate(p.SroDeadline)}</Table.Td>
                    <Table.Td ta="right">{p.DaysLate} d</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" mt="xs">
            <Link to="/apolices/registro-sro">Ver todos e registrar</Link>
          </Text>
        </ChartCard>
      </SimpleGrid>

      <ChartCard
        title="Flex de comissão por corretora"
        hint="Apólices emitidas no período: comissão padrão (primeiro cálculo) contra a usada; comissão cedida para reduzir o prêmio."
        rows={d.CommissionFlex}
        file="bi-flex-de-comissao"
        columns={[
          { title: 'Corretora', value: (r) => r.BrokerName },
          { title: 'Apólices', value: (r) => r.Policies },
          { title: 'Com flex', value: (r) => r.FlexedPolicies },
          { title: '% padrão médio', value: (r) => dec(r.AverageDefaultPercentage) },
          { title: '% usado médio', value: (r) => dec(r.AverageUsedPercentage) },
          { title: 'Comissão cedida', value: (r) => dec(r.CommissionGivenUp) },
        ]}
      >
        <Table.ScrollContainer minWidth={560}>
          <Table striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Corretora</Table.Th>
                <Table.Th ta="right">Apólices</Table.Th>
                <Table.Th ta="right">Com flex</Table.Th>
                <Table.Th ta="right">% padrão</Table.Th>
                <Table.Th ta="right">% usado</Table.Th>
                <Table.Th ta="right">Comissão cedida</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.CommissionFlex.map((b) => (
                <Table.Tr key={b.BrokerId}>
                  <Table.Td>{b.BrokerName}</Table.Td>
                  <Table.Td ta="right">{b.Policies}</Table.Td>
                  <Table.Td ta="right">{b.FlexedPolicies}</Table.Td>
                  <Table.Td ta="right">{formatPercent(b.AverageDefaultPercentage)}</Table.Td>
                  <Table.Td ta="right">{formatPercent(b.AverageUsedPercentage)}</Table.Td>
                  <Table.Td ta="right">{money(b.CommissionGivenUp)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ChartCard>
    </Stack>
  );
};

const hours = (v: number | null) => (v === null ? '—' : `${formatDecimal(v, 1)} h`);

/** One pipe's steps as bars: average and 90th percentile of the hours cards spent in each. */
const StepTimeChart = ({ stats, narrow }: { stats: PipeStats; narrow: boolean }) => {
  const withMoves = stats.filter((p) => p.steps.some((s) => s.moves > 0));
  const [pipeId, setPipeId] = useState<string | null>(null);
  const pipe = stats.find((p) => String(p.pipeId) === pipeId) ?? withMoves[0] ?? stats[0];
  const rows = pipe?.steps ?? [];
  return (
    <ChartCard
      title="Tempo em cada etapa"
      hint="Horas que os cards passaram em cada etapa da esteira (média e percentil 90), das movimentações do período."
      rows={stats.flatMap((p) =>
        p.steps.filter((s) => s.moves > 0).map((s) => ({ ...s, pipeName: p.pipeName })),
      )}
      file="bi-tempo-por-etapa"
      columns={[
        { title: 'Esteira', value: (r) => r.pipeName },
        { title: 'Etapa', value: (r) => r.stepName },
        { title: 'Movimentações', value: (r) => r.moves },
        { title: 'Média (h)', value: (r) => (r.avgHours === null ? '' : formatDecimal(r.avgHours, 1)) },
        {
          title: 'Percentil 90 (h)',
          value: (r) => (r.p90Hours === null ? '' : formatDecimal(r.p90Hours, 1)),
        },
        { title: 'Cards abertos', value: (r) => r.openCards },
        { title: 'Atrasados', value: (r) => r.lateCards },
      ]}
    >
      <Select
        label="Esteira"
        data={stats.map((p) => ({ value: String(p.pipeId), label: p.pipeName }))}
        value={pipe ? String(pipe.pipeId) : null}
        onChange={setPipeId}
        allowDeselect={false}
        maw={320}
        mb="sm"
      />
      <BarChart
        h={Math.max(160, rows.length * 48)}
        data={rows.map((s) => ({
          etapa: s.stepName,
          Média: s.avgHours ?? 0,
          'Percentil 90': s.p90Hours ?? 0,
        }))}
        dataKey="etapa"
        orientation="vertical"
        series={[
          { name: 'Média', color: 'blue.7' },
          { name: 'Percentil 90', color: 'orange.7' },
        ]}
        valueFormatter={(v) => hours(v)}
        yAxisProps={{ width: narrow ? 110 : 200 }}
        withLegend
        role="img"
        aria-label={`Tempo em cada etapa da esteira ${pipe?.pipeName ?? ''}: ${rows
          .map((s) => `${s.stepName} média ${hours(s.avgHours)}, percentil 90 ${hours(s.p90Hours)}`)
          .join('; ')}`}
      />
    </ChartCard>
  );
};

/**
 * The pipes' section of the dashboard: time in step per pipe and the late cards of each pipe, from
 * the kanban service (the card moves live there). Its period is the dashboard's.
 */
export const PipeCharts = ({ period }: { period: PipePeriod }) => {
  const narrow = Boolean(useMediaQuery('(max-width: 36em)'));
  const stats = usePipeStats(period);
  if (stats.error) return <InlineAlert>{stats.error.message}</InlineAlert>;
  if (!stats.data) return null;
  const pipes = stats.data;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <StepTimeChart stats={pipes} narrow={narrow} />
      <ChartCard
        title="Cards atrasados por esteira"
        hint="Cards abertos agora e os que passaram do prazo (SLA) da etapa em que estão."
        rows={pipes}
        file="bi-cards-atrasados"
        columns={[
          { title: 'Esteira', value: (r) => r.pipeName },
          { title: 'Cards abertos', value: (r) => r.openCards },
          { title: 'Atrasados', value: (r) => r.lateCards },
        ]}
      >
        <BarChart
          h={Math.max(160, pipes.length * 40)}
          data={pipes.map((p) => ({
            esteira: p.pipeName,
            'No prazo': p.openCards - p.lateCards,
            Atrasados: p.lateCards,
          }))}
          dataKey="esteira"
          orientation="vertical"
          type="stacked"
          series={[
            { name: 'No prazo', color: 'teal.7' },
            { name: 'Atrasados', color: 'red.8' },
          ]}
          valueFormatter={(v) => formatDecimal(v, 0)}
          yAxisProps={{ width: narrow ? 110 : 180 }}
          withLegend
          role="img"
          aria-label={`Cards por esteira: ${pipes.map((p) => `${p.pipeName} ${p.openCards} abertos, ${p.lateCards} atrasados`).join('; ')}`}
        />
      </ChartCard>
    </SimpleGrid>
  );
};
