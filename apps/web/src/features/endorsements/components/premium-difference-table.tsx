import {
  type ComparedFieldView,
  formatDate,
  formatMoney,
  formatPercent,
  type PremiumDifferenceView,
} from '@aval/contracts';
import { Table, Text } from '@mantine/core';

const row = (label: string, value: string, opts: { strong?: boolean; testId?: string } = {}) => (
  <Table.Tr key={label}>
    <Table.Td fw={opts.strong ? 700 : undefined}>{label}</Table.Td>
    <Table.Td ta="right" fw={opts.strong ? 700 : undefined} data-testid={opts.testId}>
      {value}
    </Table.Td>
  </Table.Tr>
);

/** The premium difference of an endorsement: extra premium or restitution, pro rata. */
export const PremiumDifferenceTable = ({ d }: { d: PremiumDifferenceView }) => (
  <>
    <Text size="sm">
      Pró-rata a partir de {formatDate(d.EffectiveDate)}: {d.RemainingDays} dias restantes
      {d.NewRemainingDays !== d.RemainingDays && d.Kind !== 'restitution'
        ? ` (${d.NewRemainingDays} com a prorrogação)`
        : ''}
      , taxa comercial de {formatPercent(d.Tax)} a.a.
    </Text>
    <Table withTableBorder aria-label="Diferença de prêmio">
      <Table.Tbody>
        {row('Prêmio atual', formatMoney(d.CurrentInsurancePremium))}
        {d.Kind === 'extra' && [
          row('Prêmio adicional', formatMoney(d.ExtraPremium), { strong: true, testId: 'premio-adicional' }),
          row('IOF', formatMoney(d.IOFValue)),
          row('Comissão do corretor sobre o adicional', formatMoney(d.CommissionOnExtra)),
        ]}
        {d.Kind === 'restitution' && [
          row('Prêmio não decorrido', formatMoney(d.UnearnedPremium)),
          row(
            `Custos de aquisição retidos (${formatPercent(d.AcquisitionCostPercentage)})`,
            formatMoney(d.AcquisitionCostsKept),
          ),
          row('Restituição ao tomador', formatMoney(d.Restitution), { strong: true, testId: 'restituicao' }),
        ]}
        {d.Kind === 'none' && row('Diferença de prêmio', 'Sem diferença')}
        {row('Novo prêmio da apólice', formatMoney(d.NewInsurancePremium))}
      </Table.Tbody>
    </Table>
  </>
);

const show = (field: string, v: string | null) => {
  if (v === null || v === '') return '—';
  if (field === 'InsuredAmountValue') return formatMoney(v);
  if (field === 'EndDate') return formatDate(v);
  return v;
};

/** GetCompareChanges: only the fields that change. */
export const ChangesTable = ({ changes }: { changes: ComparedFieldView[] }) => (
  <Table withTableBorder aria-label="Alterações">
    <Table.Thead>
      <Table.Tr>
        <Table.Th>Campo</Table.Th>
        <Table.Th>Antes</Table.Th>
        <Table.Th>Depois</Table.Th>
      </Table.Tr>
    </Table.Thead>
    <Table.Tbody>
      {changes.map((c) => (
        <Table.Tr key={c.Field}>
          <Table.Td>{c.Label}</Table.Td>
          <Table.Td>{show(c.Field, c.OldValue)}</Table.Td>
          <Table.Td>{show(c.Field, c.NewValue)}</Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);
