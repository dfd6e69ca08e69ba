import { formatDateTime, type ProposalDetail, updateProposal } from '@aval/contracts';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { NoteForm } from '../../../shared/ui/note-form.js';
import { proposalKeys } from '../api/proposals-api.js';

/**
 * The proposal's observations, newest first (insurer-only notes are marked, and never reach brokers
 * or policy holders: the server leaves them out), and a new one while the proposal can be edited
 * (UpdateProposal's `Observation`, recorded with its author).
 */
export const ProposalObservations = ({ p }: { p: ProposalDetail }) => {
  const save = useContractMutation(updateProposal, {
    invalidate: [proposalKeys.all],
    success: 'Observação registrada.',
    error: 'dialog',
  });
  const observations = [...p.Observations].sort((a, b) => b.CreatedAt.localeCompare(a.CreatedAt));
  return (
    <Stack>
      {observations.length === 0 ? (
        <Text size="sm">Nenhuma observação registrada.</Text>
      ) : (
        observations.map((o) => (
          <Card key={o.Id} withBorder padding="sm" component="article">
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>
                {o.CreatedByName ?? 'Sistema'} · {formatDateTime(o.CreatedAt)}
              </Text>
              {o.IsInternal && (
                <Badge color="gray.7" variant="outline" size="sm">
                  Interna
                </Badge>
              )}
            </Group>
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
              {o.Text}
            </Text>
          </Card>
        ))
      )}
      {p.Permissions.CanEdit && (
        <NoteForm
          label="Nova observação"
          action="Registrar observação"
          icon={<IconMessagePlus size={16} aria-hidden />}
          send={save}
          request={(note) => ({ body: { UniqueId: p.UniqueId, Version: p.Version, Observation: note } })}
        />
      )}
    </Stack>
  );
};
