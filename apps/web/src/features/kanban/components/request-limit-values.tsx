import { kanbanRequestLimitApproveWithValues, type RequestLimitCardInfo } from '@aval/contracts';
import { Button, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { MoneyInput, PercentInput } from '../../../shared/ui/fields/masked-fields.js';
import { kanbanWrites } from '../api/kanban-api.js';

/**
 * 'Aprovar com limite e taxa informados': the analyst types the limit and one modality's rate
 * instead of accepting the calculated ones (KanbanRequestLimitApproveWithValues; the server checks
 * the values and the modality's range, records the history and closes the card in 'Aprovado').
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
  const approve = useContractMutation(kanbanRequestLimitApproveWithValues, {
    ...kanbanWrites,
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
      <Textarea
        label="Justificativa (opcional)"
        rows={2}
        maxLength={2000}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      <Button
        style={{ alignSelf: 'flex-start' }}
        loading={approve.isPending}
        disabled={!limit || !rate || !modality}
        onClick={() =>
          approve.mutate({
            body: {
              RequestUniqueId: request.UniqueId,
              Limit: limit,
              ModalityId: Number(modality),
              Rate: rate,
              Justification: note.trim() || null,
            },
          })
        }
      >
        Aprovar com estes valores
      </Button>
    </Stack>
  );
};
