import { Card, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { useProposalDetail } from '../api/proposals-api.js';
import { ProposalTimeline } from '../components/proposal-timeline.js';
import { AcceptanceClockAlert } from './proposal-page.js';

/** /propostas/timeline/{id}: the proposal's timeline (groups, situations and statuses of spec §3). */
export const ProposalTimelinePage = () => {
  const { propostaUniqueId = '' } = useParams();
  const detail = useProposalDetail(propostaUniqueId);
  if (detail.isPending) return <LoadingState />;
  if (detail.isError || !detail.data)
    return <EmptyState title="Proposta não encontrada" description={detail.error?.message} />;
  const p = detail.data;
  return (
    <Stack>
      <Card withBorder>
        <Title order={2} size="h3">
          Proposta nº {p.Number}
        </Title>
        <Text size="sm" c="gray.7">
          {p.PolicyHolderName} · {p.ProductName} · {p.StatusName}
        </Text>
      </Card>
      <AcceptanceClockAlert p={p} />
      <Card withBorder>
        <ProposalTimeline entries={p.TimelineHistory} />
      </Card>
    </Stack>
  );
};
