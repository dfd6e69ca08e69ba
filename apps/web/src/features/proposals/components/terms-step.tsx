import { getProposalContractualTerms } from '@aval/contracts';
import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import { SafeHtml } from '../../../shared/ui/safe-html.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { proposalKeys } from '../api/proposals-api.js';

/** The contractual terms with the proposal's tags; unfilled tags show in red with their label. */
export const TermsStep = ({ uniqueId }: { uniqueId: string }) => {
  const terms = useQuery({
    queryKey: proposalKeys.terms(uniqueId),
    queryFn: () => api.call(getProposalContractualTerms, { query: { proposalUniqueId: uniqueId } }),
  });
  if (terms.isPending) return <LoadingState />;
  if (terms.isError) return <Alert color="red">{terms.error.message}</Alert>;
  if (terms.data.length === 0) return <EmptyState title="Nenhum termo contratual para esta modalidade" />;
  const missing = terms.data.flatMap((t) => t.MissingTags.map((m) => m.Label));
  return (
    <Stack>
      {missing.length > 0 && (
        <Alert color="yellow" title="Campos ainda não preenchidos">
          {[...new Set(missing)].join(', ')}
        </Alert>
      )}
      {terms.data.map((t) => (
        <Card withBorder key={`${t.Kind}-${t.SourceId ?? t.Title}`}>
          <Text size="xs" c="gray.7">
            {t.TermTypeName}
          </Text>
          <Title order={3} size="h5" mb="xs">
            {t.Title}
          </Title>
          <SafeHtml html={t.Html} />
        </Card>
      ))}
    </Stack>
  );
};
