import {
  checkObligation,
  formatMoney,
  isObligationTypeId,
  isPublicContractTierId,
  ObligationType,
  obligationTypeLabels,
  publicContractTierLabels,
  suggestObligation,
} from '@aval/contracts';
import { Alert, Button, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { MoneyInput } from '../../../shared/ui/fields/masked-fields.js';

export type ObligationDraft = { TypeId: string | null; TierId: string | null; Value: string };

const typeOptions = Object.entries(obligationTypeLabels).map(([value, label]) => ({ value, label }));
const tierOptions = Object.entries(publicContractTierLabels).map(([value, label]) => ({ value, label }));

/** The body's Obligation from the helper's fields (null when not filled). */
export const obligationBody = (o: ObligationDraft) => {
  const typeId = Number(o.TypeId);
  if (!isObligationTypeId(typeId) || !o.Value) return null;
  const tier = Number(o.TierId);
  return {
    ObligationTypeId: typeId,
    TierId: typeId === ObligationType.PUBLIC_CONTRACT && isPublicContractTierId(tier) ? tier : null,
    Value: o.Value,
  };
};

/**
 * The obligation helper: from the obligation's type and value, the IS and minimum term the law
 * asks (Lei 14.133 arts. 58, 98-99; labour courts; PGFN), and where the proposal falls short.
 * Pure rules of @aval/domain, computed as the broker types.
 */
export const ObligationHelper = ({
  value,
  onChange,
  insuredAmount,
  startDate,
  endDate,
  onUseSuggestion,
}: {
  value: ObligationDraft;
  onChange: (v: ObligationDraft) => void;
  insuredAmount: string;
  startDate: string | null;
  endDate: string | null;
  onUseSuggestion: (amount: string) => void;
}) => {
  const body = obligationBody(value);
  const input = body
    ? { typeId: body.ObligationTypeId, value: body.Value, tierId: body.TierId, startDate }
    : undefined;
  const suggestion = input ? suggestObligation(input) : undefined;
  const warnings = input ? checkObligation({ ...input, insuredAmount: insuredAmount || null, endDate }) : [];
  return (
    <Stack gap="xs" aria-label="Sugestão pela obrigação">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Tipo de obrigação (opcional)"
          data={typeOptions}
          clearable
          value={value.TypeId}
          onChange={(TypeId) => onChange({ ...value, TypeId })}
        />
        {value.TypeId === String(ObligationType.PUBLIC_CONTRACT) && (
          <Select
            label="Percentual do contrato"
            data={tierOptions}
            value={value.TierId ?? '1'}
            allowDeselect={false}
            onChange={(TierId) => onChange({ ...value, TierId })}
          />
        )}
        {value.TypeId && (
          <MoneyInput
            label={
              value.TypeId === String(ObligationType.BID)
                ? 'Valor estimado da contratação'
                : 'Valor da obrigação'
            }
            value={value.Value}
            onChange={(Value) => onChange({ ...value, Value })}
          />
        )}
      </SimpleGrid>
      {suggestion && (
        <Alert color={warnings.length ? 'yellow' : 'blue'} title="Sugestão pela obrigação">
          <Stack gap={4}>
            <Text size="sm">
              {suggestion.rule} ({suggestion.legalBasis})
            </Text>
            <Text size="sm">
              IS sugerida: <b>{formatMoney(suggestion.suggestedInsuredAmount)}</b>
              {suggestion.minEndDate
                ? ` · fim de vigência a partir de ${suggestion.minEndDate.split('-').reverse().join('/')}`
                : ''}
            </Text>
            {warnings.map((w) => (
              <Text size="sm" key={w.Code} c="orange.9">
                {w.Message}
              </Text>
            ))}
            <div>
              <Button
                size="xs"
                variant="light"
                onClick={() => onUseSuggestion(suggestion.suggestedInsuredAmount)}
              >
                Usar a IS sugerida
              </Button>
            </div>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
};
