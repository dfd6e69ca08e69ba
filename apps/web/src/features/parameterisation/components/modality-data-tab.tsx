import { type ModalityDetail, updateModality } from '@aval/contracts';
import { Card } from '@mantine/core';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { LoadingState } from '../../../shared/ui/states.js';
import { paramWrites, useModalityGroups } from '../api/parameterisation-api.js';
import { ModalityForm } from './modality-form.js';

/** Tab "Dados e limites": the modality form over UpdateModality. */
export const ModalityDataTab = ({ modality }: { modality: ModalityDetail }) => {
  const groups = useModalityGroups(modality.BranchId);
  const update = useContractMutation(updateModality, {
    ...paramWrites,
    error: 'caller',
    success: 'Modalidade alterada.',
  });
  const options = (groups.data ?? []).map((g) => ({ value: String(g.Id), label: g.Name }));
  if (groups.isPending) return <LoadingState />;
  return (
    <Card withBorder>
      <ModalityForm
        key={modality.UpdatedAt}
        initial={modality}
        groups={options}
        busy={update.isPending}
        error={update.error}
        submitLabel="Salvar alterações"
        onSubmit={({ NewModalityGroupName: _n, ...values }) =>
          update.mutate({ body: { ...values, Id: modality.Id } })
        }
      />
    </Card>
  );
};
