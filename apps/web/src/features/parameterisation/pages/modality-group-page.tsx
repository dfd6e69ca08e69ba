import { Card, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { useModalityGroups } from '../api/parameterisation-api.js';
import { ModalityTable } from './modalities-page.js';

/** /parametrizacao/branch/{branchId}/modalidade/{modalityGroupId}: the modalities of one group. */
export const ModalityGroupPage = () => {
  const { branchId, modalityGroupId } = useParams();
  const groups = useModalityGroups(Number(branchId));
  if (groups.isPending) return <LoadingState />;
  const group = groups.data?.find(
    (g) => String(g.Id) === modalityGroupId || g.ModalityGroupUniqueId === modalityGroupId,
  );
  if (!group) return <EmptyState title="Grupo de modalidades não encontrado" />;
  return (
    <Stack>
      <Text fw={600} size="lg">
        {group.BranchCode} · {group.Name}
      </Text>
      {group.Description && <Text c="gray.7">{group.Description}</Text>}
      <Card withBorder>
        <ModalityTable modalities={group.Modalities} />
      </Card>
    </Stack>
  );
};
