import { formatDate, formatMoney } from '@aval/contracts';
import { Text } from '@mantine/core';
import { LazyBarChart } from '../../../shared/ui/charts/lazy-bar-chart.js';
import type { useExpiringPolicies } from '../api/home-api.js';
import { countChart, Figure, ItemRow, Section } from './home-parts.js';

/** The figure of the policies in force ending within `days` (30, 60 or 90): opens the list filtered so. */
export const ExpiringFigure = ({
  expiring,
  days,
}: {
  expiring: ReturnType<typeof useExpiringPolicies>;
  days: 30 | 60 | 90;
}) => (
  <Figure
    label={`Apólices vencendo em ${days} dias`}
    value={expiring.isPending ? undefined : expiring.totals.find((t) => t.days === days)?.total}
    to={`/apolices?vencendo=${days}`}
  />
);

/** Policies in force ending within 30/60/90 days: a chart of the totals and the nearest ones. */
export const ExpiringPolicies = ({
  expiring,
  title,
}: {
  expiring: ReturnType<typeof useExpiringPolicies>;
  title: string;
}) => {
  const total90 = expiring.totals[2]?.total ?? 0;
  const data = expiring.totals.map((t) => ({ prazo: `até ${t.days} dias`, Apólices: t.total }));
  return (
    <Section
      title={title}
      count={total90}
      more={{ to: '/apolices', label: 'Ver apólices' }}
      pending={expiring.isPending}
      error={expiring.error}
      empty={total90 === 0 && 'Nenhuma apólice vence nos próximos 90 dias.'}
      testId="home-expiring"
    >
      <LazyBarChart
        h={150}
        data={data}
        dataKey="prazo"
        yAxisProps={{ allowDecimals: false }}
        {...countChart}
        series={[{ name: 'Apólices', color: 'orange.8' }]}
        withBarValueLabel
        role="img"
        aria-label={expiring.totals.map((t) => `${t.total} apólices vencem em até ${t.days} dias`).join('; ')}
      />
      <Text size="xs" c="gray.7" mt="xs">
        As que vencem primeiro:
      </Text>
      {expiring.nearest.map((p) => (
        <ItemRow
          key={p.UniqueId}
          to={`/apolice/${p.UniqueId}`}
          title={`Apólice ${p.PolicyNumber} · ${p.PolicyHolderName}`}
          detail={`${p.ModalityName} · IS ${formatMoney(p.InsuredAmountValue)}`}
          aside={
            <Text size="sm" fw={600} ta="right">
              {formatDate(p.EndDate)}
              <Text span size="xs" c="gray.7" display="block">
                em {p.DaysToEnd} {p.DaysToEnd === 1 ? 'dia' : 'dias'}
              </Text>
            </Text>
          }
        />
      ))}
    </Section>
  );
};
