import '@mantine/charts/styles.css';
import {
  calculatePolicyHolderLimitsAndRates,
  createPolicyHolderRequestLimitObservation,
  formatDateTime,
  formatMoney,
  formatPercent,
  type PolicyHolderDetail,
  saveComplementarData,
} from '@aval/contracts';
import { BarChart, DonutChart } from '@mantine/charts';
import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCalculator, IconMessagePlus, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useContractCall, useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { openConfirm } from '../../../shared/ui/confirm-dialog.js';
import { MoneyInput } from '../../../shared/ui/fields/masked-fields.js';
import { FinancialStatementsTable } from '../../../shared/ui/financial-statements-table.js';
import { RequestDocumentsPanel } from '../../../shared/ui/request-documents-panel.js';
import { EmptyState } from '../../../shared/ui/states.js';
import { policyHolderDocumentsAdapter } from '../api/policy-holder-documents.js';
import { policyHolderWrites, useRequestLimit } from '../api/policy-holders-api.js';

const n = (v: string) => Number(v);
const brl = (v: string) => formatMoney(v);

const Amount = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <div>
    <Text size="xs" c="gray.7">
      {label}
    </Text>
    <Text size="sm" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
      {brl(value)}
    </Text>
  </div>
);

const Usage = ({
  title,
  limit,
  used,
  available,
}: {
  title: string;
  limit: string;
  used: string;
  available: string;
}) => {
  const data = [
    { name: 'Utilizado', value: n(used), color: 'orange.7' },
    { name: 'Disponível', value: n(available), color: 'teal.7' },
  ];
  const pct = n(limit) > 0 ? Math.round((n(used) / n(limit)) * 100) : 0;
  return (
    <Card withBorder>
      <Text fw={600}>{title}</Text>
      <Group wrap="nowrap" mt="xs" gap="md">
        {n(limit) > 0 ? (
          <DonutChart
            data={data}
            size={96}
            thickness={14}
            chartLabel={`${pct}%`}
            valueFormatter={(v) => formatMoney(String(v))}
            role="img"
            aria-label={`${title}: ${pct}% utilizado`}
          />
        ) : null}
        <Stack gap={4}>
          <Amount label="Limite" value={limit} strong />
          <Amount label="Utilizado" value={used} />
          <Amount label="Disponível" value={available} />
        </Stack>
      </Group>
    </Card>
  );
};

const modalityLabel = (m: { ModalityName: string; BranchCode: string | null }) =>
  m.BranchCode ? `${m.ModalityName} · ${m.BranchCode}` : m.ModalityName;

const StatementForm = ({ holder }: { holder: PolicyHolderDetail }) => {
  const [year, setYear] = useState<number | string>(new Date().getFullYear() - 1);
  const [v, setV] = useState({ Revenue: '', Equity: '', NetIncome: '', Indebtedness: '' });
  const save = useContractMutation(saveComplementarData, {
    ...policyHolderWrites,
    success: 'Demonstrativo financeiro salvo.',
  });
  const ready = Object.values(v).every((x) => x !== '') && Number(year) >= 1990;
  return (
    <Group
      align="flex-end"
      wrap="wrap"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          {
            body: {
              PolicyHolderUniqueId: holder.UniqueId,
              FinancialStatements: [
                {
                  Year: Number(year),
                  Revenue: v.Revenue,
                  Equity: v.Equity,
                  NetIncome: v.NetIncome,
                  Indebtedness: v.Indebtedness,
                },
              ],
            },
          },
          { onSuccess: () => setV({ Revenue: '', Equity: '', NetIncome: '', Indebtedness: '' }) },
        );
      }}
    >
      <NumberInput label="Exercício" value={year} onChange={setYear} min={1990} max={2100} w={110} />
      <MoneyInput label="Receita" value={v.Revenue} onChange={(Revenue) => setV({ ...v, Revenue })} w={170} />
      <MoneyInput
        label="Patrimônio líquido"
        value={v.Equity}
        onChange={(Equity) => setV({ ...v, Equity })}
        w={170}
      />
      <MoneyInput
        label="Lucro líquido"
        value={v.NetIncome}
        onChange={(NetIncome) => setV({ ...v, NetIncome })}
        w={170}
      />
      <MoneyInput
        label="Endividamento"
        value={v.Indebtedness}
        onChange={(Indebtedness) => setV({ ...v, Indebtedness })}
        w={170}
      />
      <Button
        type="submit"
        variant="default"
        disabled={!ready}
        loading={save.isPending}
        leftSection={<IconPlus size={16} aria-hidden />}
      >
        Salvar exercício
      </Button>
    </Group>
  );
};

const Observations = ({ holder }: { holder: PolicyHolderDetail }) => {
  const limit = useRequestLimit(holder.UniqueId);
  const [text, setText] = useState('');
  const add = useContractMutation(createPolicyHolderRequestLimitObservation, {
    ...policyHolderWrites,
    success: 'Observação registrada.',
  });
  return (
    <Stack>
      {holder.Permissions.CanEdit && (
        <Group align="flex-end">
          <Textarea
            label="Nova observação"
            value={text}
            maxLength={2000}
            autosize
            minRows={2}
            style={{ flex: 1 }}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Button
            leftSection={<IconMessagePlus size={16} aria-hidden />}
            disabled={!text.trim()}
            loading={add.isPending}
            onClick={() =>
              add.mutate(
                { body: { PolicyHolderUniqueId: holder.UniqueId, Observation: text.trim() } },
                { onSuccess: () => setText('') },
              )
            }
          >
            Registrar
          </Button>
        </Group>
      )}
      {(limit.data?.Observations ?? []).map((o) => (
        <Card key={o.UniqueId} withBorder padding="sm">
          <Text size="xs" c="gray.7">
            {o.CreatedByName} · {formatDateTime(o.CreatedAt)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {o.Observation}
          </Text>
        </Card>
      ))}
      {limit.data && limit.data.Observations.length === 0 && (
        <Text size="sm" c="gray.7">
          Nenhuma observação registrada.
        </Text>
      )}
    </Stack>
  );
};

/**
 * The bars of 'Utilização por modalidade': the global limit, then the modalities that use part of it
 * or have a limit of their own. Each bar adds up to its limit, so the global bar totals what the
 * global donut totals (the group's ceiling shows in its own card, not inside this bar).
 */
export const usageChartRows = (l: PolicyHolderDetail['LimitsAndRates']) => [
  { modalidade: 'Limite global', Utilizado: n(l.Global.Used), Disponível: n(l.Global.Available) },
  ...l.Modalities.filter((m) => n(m.Used) > 0 || m.HasOwnLimit).map((m) => {
    const label = modalityLabel(m);
    return {
      modalidade: label.length > 30 ? `${label.slice(0, 28)}…` : label,
      Utilizado: n(m.Used),
      Disponível: n(m.Available),
    };
  }),
];

/** Limits and rates with utilisation (global, economic group, per modality), statements, request documents. */
export const LimitsTab = ({ holder }: { holder: PolicyHolderDetail }) => {
  const l = holder.LimitsAndRates;
  const run = useContractCall(policyHolderWrites);
  const limitDocuments = useMemo(() => policyHolderDocumentsAdapter(holder, 'limit'), [holder]);
  const chart = usageChartRows(l);
  return (
    <Stack>
      <Card withBorder>
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={3} size="h4">
                Rating
              </Title>
              {l.Rating ? (
                <Badge size="lg" variant="filled">
                  {l.Rating}
                </Badge>
              ) : (
                <Badge color="gray.8" variant="light">
                  Não calculado
                </Badge>
              )}
              {l.Score && <Text size="sm">Pontuação {l.Score.replace('.', ',')}</Text>}
            </Group>
            {l.CalculatedAt && (
              <Text size="xs" c="gray.7">
                Calculado em {formatDateTime(l.CalculatedAt)}
                {l.CalculatedByName ? ` por ${l.CalculatedByName}` : ''}
              </Text>
            )}
            <Text size="xs" c="gray.7">
              {l.UsageSource}
            </Text>
          </Stack>
          {holder.Permissions.CanCalculateLimits && (
            <Button
              leftSection={<IconCalculator size={16} aria-hidden />}
              onClick={() =>
                openConfirm({
                  title: 'Calcular limites e taxas',
                  message:
                    'O rating, o limite global e as taxas por modalidade serão recalculados a partir do último demonstrativo financeiro.',
                  confirmLabel: 'Calcular',
                  onConfirm: () =>
                    run(
                      calculatePolicyHolderLimitsAndRates,
                      { query: { PolicyHolderUniqueId: holder.UniqueId } },
                      'Limites e taxas calculados.',
                    ),
                })
              }
            >
              Calcular limites e taxas
            </Button>
          )}
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, md: l.EconomicGroup ? 3 : 2 }}>
        <Usage
          title="Limite global"
          limit={l.Global.Limit}
          used={l.Global.Used}
          available={l.Global.Available}
        />
        {l.EconomicGroup && (
          <Usage
            title={`${l.EconomicGroup.Name} (${l.EconomicGroup.Members} tomadores)`}
            limit={l.EconomicGroup.Limit}
            used={l.EconomicGroup.Used}
            available={l.EconomicGroup.Available}
          />
        )}
        <Card withBorder>
          <Text fw={600}>Disponível para novas propostas</Text>
          <Text size="xl" fw={700} mt="sm">
            {brl(l.EffectiveAvailable)}
          </Text>
          <Text size="xs" c="gray.7">
            Menor valor entre o disponível do tomador e o do grupo econômico.
          </Text>
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Text fw={600} mb="sm">
          Utilização por modalidade
        </Text>
        {n(l.Global.Limit) > 0 && (
          <BarChart
            h={Math.max(160, chart.length * 34)}
            data={chart}
            dataKey="modalidade"
            orientation="vertical"
            type="stacked"
            yAxisProps={{ width: 190 }}
            valueFormatter={(v) => formatMoney(String(v))}
            series={[
              { name: 'Utilizado', color: 'orange.7' },
              { name: 'Disponível', color: 'teal.7' },
            ]}
            withLegend
            mb="md"
          />
        )}
        {l.Modalities.length === 0 ? (
          <EmptyState
            title="Sem taxas calculadas"
            description="Calcule os limites e taxas a partir de um demonstrativo financeiro."
          />
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Modalidade</Table.Th>
                  <Table.Th>Taxa a.a.</Table.Th>
                  <Table.Th>Limite</Table.Th>
                  <Table.Th>Utilizado</Table.Th>
                  <Table.Th>Disponível</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {l.Modalities.map((m) => (
                  <Table.Tr key={m.ModalityId}>
                    <Table.Td>{modalityLabel(m)}</Table.Td>
                    <Table.Td>{m.Rate ? formatPercent(m.Rate, 4) : '—'}</Table.Td>
                    <Table.Td>
                      {brl(m.Limit)}
                      {m.HasOwnLimit && (
                        <Badge ml="xs" size="xs" variant="light">
                          Próprio
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{brl(m.Used)}</Table.Td>
                    <Table.Td>{brl(m.Available)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <Card withBorder>
        <Text fw={600} mb="sm">
          Demonstrativos financeiros
        </Text>
        {holder.Permissions.CanEdit && <StatementForm holder={holder} />}
        {holder.FinancialStatements.length > 0 && (
          <FinancialStatementsTable statements={holder.FinancialStatements} minWidth={640} striped mt="md" />
        )}
      </Card>
      <RequestDocumentsPanel title="Documentos da solicitação de limite" adapter={limitDocuments} />
      <Card withBorder>
        <Text fw={600} mb="sm">
          Observações da solicitação de limite
        </Text>
        <Observations holder={holder} />
      </Card>
    </Stack>
  );
};
