import { Badge, Group, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { useModality } from '../api/parameterisation-api.js';
import { TermsAndClauses } from '../components/terms-and-clauses.js';

/** /parametrizacao/clausulados/{id}: the terms and particular clauses of one modality. */
export const ClauseSetPage = () => {
  const { id } = useParams();
  const modality = useModality(Number(id));
  if (modality.isPending) return <LoadingState />;
  if (!modality.data) return <EmptyState title="Modalidade não encontrada" />;
  return (
    <Stack>
      <Group gap="xs">
        <Text fw={600} size="lg">
          {modality.data.Name}
        </Text>
        <Badge variant="light">{modality.data.BranchCode}</Badge>
      </Group>
      <TermsAndClauses modality={modality.data} />
    </Stack>
  );
};
