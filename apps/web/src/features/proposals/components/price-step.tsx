import {
  applyFinancialFailure,
  applyFinancialSuccess,
  buildFinancialUpdatePayload,
  calculateFinancialData,
  type FinancialResultView,
  type FinancialState,
  formatMoney,
  formatPercent,
  nextRollbackSnapshot,
  type ProposalView,
  updateCalculateFinancialData,
  updateFinancialData,
} from '@aval/contracts';
import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconCalculator } from '@tabler/icons-react';
import { useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { PercentInput } from '../../../shared/ui/fields/masked-fields.js';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { proposalKeys } from '../api/proposals-api.js';

/** The proposal's financial data as the client rules of spec §4 hold it. */
const financialStateOf = (p: ProposalView): FinancialState => ({
  ProposalUniqueId: p.UniqueId,
  ComissionValue: p.ComissionValue,
  ComissionPercentage: p.ComissionPercentage,
  Tax: p.Tax,
  InsurancePremium: p.InsurancePremium,
  NumberOfInstallment: p.NumberOfInstallment,
  GracePeriod: p.GracePeriod,
  UpdatedDate: p.UpdatedAt,
});

const text = (v: number | string | null | undefined) => (v === undefined || v === null ? v : String(v));

/** The rollback point of spec §4: the financial state and the engine's answer shown with it. */
type Rollback = { state: FinancialState; result: FinancialResultView | null };

/**
 * Step 3, the price: the commission within the allowed range (the modality's and the broker's)
 * previewed with CalculateFinancialData as the slider moves, the premium at
 * five points of the range, and one "Calcular" that prices and keeps it (UpdateCalculateFinancialData)
 * with its installments. The client rules of spec §4 hold the shown
 * values: a success takes the engine's (installments 1 when none, the first possible grace period);
 * the state before the first priced one is kept once as the rollback snapshot, sent as the First*
 * values, and a refusal restores it (with a new updated date) and shows the engine's message.
 */
export const PriceStep = ({ proposal, onDone }: { proposal: ProposalView; onDone: () => void }) => {
  const range = { min: Number(proposal.CommissionRange.Min), max: Number(proposal.CommissionRange.Max) };
  const stored = proposal.ComissionPercentage ? Number(proposal.ComissionPercentage) : range.max;
  const [commission, setCommission] = useState(String(Math.min(range.max, Math.max(range.min, stored))));
  const [result, setResult] = useState<FinancialResultView | null>(null);
  const [fin, setFin] = useState(() => financialStateOf(proposal));
  const [rollback, setRollback] = useState<Rollback | null>(null);
  const [perRate, setPerRate] = useState(proposal.CalculatePerRiskRate);
  const [tax, setTax] = useState(proposal.Tax ?? '');
  const simulate = useContractMutation(calculateFinancialData);
  const apply = useContractMutation(updateCalculateFinancialData, {
    invalidate: [proposalKeys.all],
    success: 'Prêmio calculado e gravado.',
  });
  const installments = useContractMutation(updateFinancialData, {
    invalidate: [proposalKeys.all],
    success: 'Parcelamento gravado.',
    onSuccess: (r) => setResult(r),
  });
  /** One recalculation (a simulation, or the price applied) under the rules of spec §4. */
  const calculate = (
    mutation: typeof simulate | typeof apply,
    value: string,
    extra: { Version?: number } = {},
  ) => {
    const snapshot = nextRollbackSnapshot(fin, rollback?.state);
    const kept: Rollback = snapshot === rollback?.state ? rollback : { state: snapshot, result };
    setRollback(kept);
    const p = buildFinancialUpdatePayload(
      perRate ? { ...fin, Tax: tax || null } : { ...fin, ComissionPercentage: value },
      snapshot,
      { calculatePerComissionPercentage: !perRate, calculatePerRiskRate: perRate },
    );
    mutation.mutate(
      {
        body: {
          ProposalUniqueId: proposal.UniqueId,
          ...(perRate ? { Tax: text(p.Tax) } : { ComissionPercentage: text(p.ComissionPercentage) }),
          FirstComissionValue: text(p.FirstComissionValue),
          FirstComissionPercentage: text(p.FirstComissionPercentage),
          FirstTax: text(p.FirstTax),
          FirstInsurancePremium: text(p.FirstInsurancePremium),
          CalculatePerComissionPercentage: p.CalculatePerComissionPercentage,
          CalculatePerRiskRate: p.CalculatePerRiskRate,
          ...extra,
        },
      },
      {
        onSuccess: (r) => {
          setResult(r);
          setFin((s) => applyFinancialSuccess(s, r));
        },
        onError: () => {
          setFin(applyFinancialFailure(kept.state));
          setResult(kept.result);
        },
      },
    );
  };
  /** A preview as the commission moves (nothing stored). */
  const run = (value: string) => calculate(simulate, value);
  /** "Calcular": prices and keeps the result (the stored price, its installments). */
  const keep = () => calculate(apply, commission, { Version: proposal.Version });
  const plan = result?.InstallmentResult;
  const changePlan = (change: { NumberOfInstallment?: number; GracePeriod?: number }) =>
    result?.Version &&
    installments.mutate({
      body: { ProposalUniqueId: proposal.UniqueId, Version: result.Version, ...change },
    });
  const shown = result;
  const error = (installments.error ?? apply.error ?? simulate.error)?.message;
  return (
    <Card withBorder aria-label="Preço">
      <Stack>
        <Text size="sm">
          Comissão permitida: de {formatPercent(proposal.CommissionRange.Min)} a{' '}
          {formatPercent(proposal.CommissionRange.Max)}.
        </Text>
        <SegmentedControl
          aria-label="Calcular por"
          value={perRate ? 'taxa' : 'comissao'}
          onChange={(v) => setPerRate(v === 'taxa')}
          data={[
            { value: 'comissao', label: 'Pela comissão' },
            { value: 'taxa', label: 'Pela taxa comercial' },
          ]}
          w="fit-content"
        />
        {perRate && (
          <Group align="flex-end">
            <PercentInput label="Taxa comercial" value={tax} onChange={setTax} w={160} />
            <Button
              leftSection={<IconCalculator size={16} aria-hidden />}
              loading={apply.isPending}
              onClick={keep}
            >
              Calcular
            </Button>
          </Group>
        )}
        <Group align="flex-end" wrap="wrap" display={perRate ? 'none' : undefined}>
          <PercentInput
            label="Comissão"
            value={commission}
            max={range.max}
            onChange={(v) => setCommission(v)}
            w={160}
          />
          <Slider
            thumbLabel="Comissão em percentual"
            min={range.min}
            max={range.max}
            step={0.5}
            value={Number(commission) || 0}
            onChange={(v) => setCommission(String(v))}
            onChangeEnd={(v) => run(String(v))}
            label={(v) => `${v.toFixed(1).replace('.', ',')}%`}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button
            leftSection={<IconCalculator size={16} aria-hidden />}
            loading={apply.isPending}
            onClick={keep}
          >
            Calcular
          </Button>
        </Group>
        {error && <Alert color="red">{error}</Alert>}
        {fin.InsurancePremium && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} aria-label="Resultado do cálculo">
            <LabeledValue label="Prêmio" strong>
              {formatMoney(fin.InsurancePremium)}
            </LabeledValue>
            <LabeledValue label="Comissão">{formatMoney(fin.ComissionValue ?? '0')}</LabeledValue>
            <LabeledValue label="Taxa comercial">{formatPercent(fin.Tax ?? '0')}</LabeledValue>
            <LabeledValue label="Prêmio líquido">
              {formatMoney(shown?.NetPremium ?? proposal.NetPremium ?? '0')}
            </LabeledValue>
          </SimpleGrid>
        )}
        {shown?.MinimumApplied && <Text size="sm">O prêmio mínimo da modalidade foi aplicado.</Text>}
        {shown && shown.CommissionScenarios.length > 0 && (
          <Stack gap="xs">
            <Title order={3} size="h5">
              Como o prêmio muda com a comissão
            </Title>
            <Table.ScrollContainer minWidth={420}>
              <Table striped aria-label="Prêmio por comissão">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Comissão</Table.Th>
                    <Table.Th>Prêmio</Table.Th>
                    <Table.Th>Valor da comissão</Table.Th>
                    <Table.Th>Taxa</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.CommissionScenarios.map((s) => (
                    <Table.Tr key={s.ComissionPercentage}>
                      <Table.Td>{formatPercent(s.ComissionPercentage)}</Table.Td>
                      <Table.Td>{formatMoney(s.InsurancePremium)}</Table.Td>
                      <Table.Td>{formatMoney(s.ComissionValue)}</Table.Td>
                      <Table.Td>{formatPercent(s.Tax)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
        {plan && result?.Version && (
          <Group align="flex-end" aria-label="Parcelamento">
            <Select
              label="Parcelas"
              data={plan.PossibleNumberOfInstallments.map((n) => ({ value: String(n), label: `${n}x` }))}
              value={String(plan.NumberOfInstallment)}
              allowDeselect={false}
              onChange={(v) => changePlan({ NumberOfInstallment: Number(v) })}
              w={120}
            />
            {plan.PossibleGracePeriodsInDays.length > 0 && (
              <Select
                label="Carência"
                data={plan.PossibleGracePeriodsInDays.map((d) => ({ value: String(d), label: `${d} dias` }))}
                value={String(proposal.GracePeriod ?? plan.PossibleGracePeriodsInDays[0])}
                allowDeselect={false}
                onChange={(v) => changePlan({ GracePeriod: Number(v) })}
                w={140}
              />
            )}
            <Text size="sm">
              {plan.Installments.map((i) => `${i.Number}ª ${formatMoney(i.Value)}`).join(' · ')}
            </Text>
          </Group>
        )}
        <Group justify="flex-end">
          <Button
            rightSection={<IconArrowRight size={16} aria-hidden />}
            disabled={!proposal.CalculatedAt || proposal.HasRiskChange}
            onClick={onDone}
          >
            Continuar
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
