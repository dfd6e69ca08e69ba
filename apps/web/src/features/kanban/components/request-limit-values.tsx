import { kanbanRequestLimitApproveWithValues, Permission, type RequestLimitCardInfo } from '@aval/contracts';
import { Button, Checkbox, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { hasAnyPermission } from '../../../app/session/user-info.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { MoneyInput, PercentInput } from '../../../shared/ui/fields/masked-fields.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { kanbanWrites } from '../api/kanban-api.js';

/**
 * 'Aprovar com limite e taxa informados': the analyst types the limit and one modality's rate
 * instead of accepting the calculated ones (KanbanRequestLimitApproveWithValues; the server checks
 * the values and the modality's range, records the history and closes the card in 'Aprovado').
 * A limit above the insurer's bound is refused with the bound in the message, shown here; a user
 * holding 'Aprovar limite acima do teto' (48) may confirm it with a justification.
 */
export const RequestLimitValuesForm = ({ request }: { request: RequestLimitCardInfo }) => {
  const modalities = request.CurrentLimits.Modalities.filter((m) =>
    request.Calculated ? request.Calculated.Rates.some((r) => r.ModalityId === m.ModalityId) : true,
  );
  const rateOf = (id: string | null) =>
    request.Calculated?.Rates.find((r) => String(r.ModalityId) === id)?.Rate ??
    modalities.find((m) => String(m.ModalityId) === id)?.Rate ??
    '';
  const [limit, setLimit] = useState(request.Calculated?.Limit ?? '');
  const [modality, setModality] = useState<string | null>(
    modalities[0] ? String(modalities[0].ModalityId) : null,
  );
  const [rate, setRate] = useState(rateOf(modality));
  const [note, setNote] = useState('');
  const canOverride = hasAnyPermission(useUserInfo(), [Permission.APROVAR_LIMITE_ACIMA_DO_TETO]);
  const [aboveBound, setAboveBound] = useState(false);
  const approve = useContractMutation(kanbanRequestLimitApproveWithValues, {
    ...kanbanWrites,
    error: 'caller',
    success: 'Revisão de limite aprovada com os valores informados.',
  });
  return (
    <Stack gap="xs">
      <Text fw={700}>Limite e taxa informados pelo analista</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <MoneyInput label="Limite" value={limit} onChange={setLimit} required />
        <Select
          label="Modalidade da taxa"
          data={modalities.map((m) => ({ value: String(m.ModalityId), label: m.ModalityName }))}
          value={modality}
          onChange={(v) => {
            setModality(v);
            setRate(rateOf(v));
          }}
          allowDeselect={false}
          required
        />
        <PercentInput label="Taxa" value={rate} onChange={setRate} scale={4} required />
      </SimpleGrid>
      {canOverride && (
        <Checkbox
          label="Aprovar acima do teto da seguradora (exige justificativa)"
          checked={aboveBound}
          onChange={(e) => setAboveBound(e.currentTarget.checked)}
        />
      )}
      <Textarea
        label={
          aboveBound ? 'Justificativa (obrigatória, ao menos 10 caracteres)' : 'Justificativa (opcional)'
        }
        rows={2}
        maxLength={2000}
        required={aboveBound}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      {approve.error && <InlineAlert title="Não foi possível aprovar">{approve.error.message}</InlineAlert>}
      <Button
        style={{ alignSelf: 'flex-start' }}
        loading={approve.isPending}
        disabled={!limit || !rate || !modality || (aboveBound && note.trim().length < 10)}
        onClick={() =>
          approve.mutate({
            body: {
              RequestUniqueId: request.UniqueId,
              Limit: limit,
              ModalityId: Number(modality),
              Rate: rate,
              Justification: note.trim() || null,
              ...(aboveBound && { ConfirmAboveBound: true }),
            },
          })
        }
      >
        Aprovar com estes valores
      </Button>
    </Stack>
  );
};
