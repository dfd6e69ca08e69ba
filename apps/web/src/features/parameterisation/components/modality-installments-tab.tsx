import {
  changeInstallmentModalityParameter,
  deleteInstallmentModalityParameter,
  type ModalityDetail,
} from '@aval/contracts';
import { Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { paramWrites, useInstallmentParameters } from '../api/parameterisation-api.js';

/** Tab "Parcelamento": the installment parameter of the modality. */
export const ModalityInstallmentsTab = ({ modality }: { modality: ModalityDetail }) => {
  const parameters = useInstallmentParameters();
  const change = useContractMutation(changeInstallmentModalityParameter, {
    ...paramWrites,
    success: 'Parcelamento da modalidade alterado.',
  });
  const remove = useContractMutation(deleteInstallmentModalityParameter, {
    ...paramWrites,
    success: 'Parcelamento da modalidade removido.',
  });
  const current = modality.InstallmentParameter;
  return (
    <Card withBorder>
      <Stack>
        <Text>
          {current
            ? `Parcelamento atual: ${current.Code} - ${current.Name} (até ${current.InstallmentParameter.MaximumInstallments} parcelas)`
            : 'Sem parâmetro de parcelamento: a modalidade usa 1 parcela.'}
        </Text>
        <Group align="flex-end">
          <Select
            label="Parâmetro de parcelamento"
            data={(parameters.data ?? []).map((p) => ({
              value: String(p.Id),
              label: `${p.Code} - ${p.Name}`,
            }))}
            value={current ? String(current.Id) : null}
            onChange={(v) =>
              v && change.mutate({ body: { ModalityId: modality.Id, InstallmentParameterId: Number(v) } })
            }
            w={360}
          />
          {current && (
            <Button
              variant="light"
              color="danger"
              loading={remove.isPending}
              onClick={() => remove.mutate({ body: { ModalityId: modality.Id } })}
            >
              Remover parcelamento
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
};

/** /parametrizacao/branch/{b}/grupo/{g}/modalidade/{id}/{uniqueId}: everything about one modality. */
