import {
  formatDate,
  formatMoney,
  formatPercent,
  internalCancelPolicy,
  type PolicyBrief,
  type PolicyRestitution,
} from '@aval/contracts';
import { todayInBrazil } from '@aval/domain';
import { Alert, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { DateField } from '../../../shared/ui/fields/masked-fields.js';
import { policyKeys, useCancelWindow } from '../api/policies-api.js';

const RestitutionTable = ({ r }: { r: PolicyRestitution }) => (
  <Table withTableBorder aria-label="Restituição do prêmio">
    <Table.Tbody>
      <Table.Tr>
        <Table.Td>Dias de vigência / restantes</Table.Td>
        <Table.Td ta="right">
          {r.TotalDays} / {r.RemainingDays}
        </Table.Td>
      </Table.Tr>
      <Table.Tr>
        <Table.Td>Prêmio não decorrido</Table.Td>
        <Table.Td ta="right">{formatMoney(r.UnearnedPremium)}</Table.Td>
      </Table.Tr>
      <Table.Tr>
        <Table.Td>Custos de aquisição retidos ({formatPercent(r.AcquisitionCostPercentage)})</Table.Td>
        <Table.Td ta="right">− {formatMoney(r.AcquisitionCostsKept)}</Table.Td>
      </Table.Tr>
      <Table.Tr>
        <Table.Td>IOF a restituir</Table.Td>
        <Table.Td ta="right">{formatMoney(r.IofRestitution)}</Table.Td>
      </Table.Tr>
      <Table.Tr>
        <Table.Td fw={700}>Restituição ao tomador</Table.Td>
        <Table.Td ta="right" fw={700} data-testid="restituicao-total">
          {formatMoney(r.TotalRestitution)}
        </Table.Td>
      </Table.Tr>
    </Table.Tbody>
  </Table>
);

/** Internal cancellation (insurer, permission 23): reason, date, the restitution shown, then confirm. */
export const CancelPolicyDialog = ({
  policy,
  opened,
  onClose,
}: {
  policy: PolicyBrief;
  opened: boolean;
  onClose: () => void;
}) => {
  const [reason, setReason] = useState('');
  const [date, setDate] = useState<string | null>(todayInBrazil);
  const window = useCancelWindow(opened);
  const simulate = useContractMutation(internalCancelPolicy);
  const cancel = useContractMutation(internalCancelPolicy, {
    invalidate: [policyKeys.all],
    success: 'Apólice cancelada.',
  });
  const request = (Simulate: boolean) => ({
    query: { policyNumber: policy.PolicyNumber },
    body: { Reason: reason, CancelDate: date ?? undefined, Simulate },
  });
  const preview = simulate.data?.Restitution;
  const errors = (cancel.error ?? simulate.error) as { messages?: string[] } | null;
  const close = () => {
    simulate.reset();
    cancel.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Cancelar a apólice ${policy.PolicyNumber}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack>
        <Textarea
          label="Motivo do cancelamento"
          required
          minRows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            simulate.reset();
          }}
        />
        <DateField
          label="Data do cancelamento"
          value={date}
          onChange={(v) => {
            setDate(v);
            simulate.reset();
          }}
          description={
            window.data !== undefined ? `Até ${window.data} dias antes de hoje, nunca no futuro.` : undefined
          }
        />
        {errors?.messages?.length ? (
          <Alert color="red" title="Não foi possível cancelar">
            {errors.messages.join('\n')}
          </Alert>
        ) : null}
        {preview ? (
          <>
            <Text size="sm">
              Restituição pro rata calculada para {formatDate(preview.CancelDate)} (prêmio de{' '}
              {formatMoney(policy.InsurancePremium)}):
            </Text>
            <RestitutionTable r={preview} />
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Voltar
          </Button>
          {preview ? (
            <Button
              color="red.8"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(request(false), { onSuccess: close })}
            >
              Confirmar cancelamento
            </Button>
          ) : (
            <Button loading={simulate.isPending} onClick={() => simulate.mutate(request(true))}>
              Calcular restituição
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
};
