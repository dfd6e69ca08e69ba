import {
  createEndorsement,
  formatDateTime,
  formatMoney,
  getCompareChanges,
  type PolicyBrief,
  validateCanRequestEndorsementType,
} from '@aval/contracts';
import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconFilePlus, IconFileX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMayCall } from '../../../shared/api/may-call.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { type Tone, ToneBadge } from '../../../shared/ui/tone-badge.js';
import { useCanRequest, usePolicyEndorsements } from '../api/endorsements-api.js';

/** Endorsement status in the accessible tones: in analysis, awaiting approval, issued, refused, cancelled. */
export const endorsementTones: Record<number, Tone> = {
  2: 'info',
  3: 'warning',
  5: 'success',
  98: 'danger',
  99: 'neutral',
};

const premiumOf = (e: { PremiumDifference: { Kind: string; ExtraPremium: string; Restitution: string } }) =>
  e.PremiumDifference.Kind === 'extra'
    ? `+ ${formatMoney(e.PremiumDifference.ExtraPremium)}`
    : e.PremiumDifference.Kind === 'restitution'
      ? `− ${formatMoney(e.PremiumDifference.Restitution)}`
      : '—';

/**
 * The endorsements of a policy (newest first) and the buttons to request one (permission 25). An
 * endorsement opens on its page (its changes need 25 too); without 25 its number is plain text.
 */
export const EndorsementsTab = ({ policy }: { policy: PolicyBrief }) => {
  const may = useMayCall();
  const list = usePolicyEndorsements(policy.UniqueId);
  const canRequest = may(validateCanRequestEndorsementType, createEndorsement);
  const opensEndorsement = may(getCompareChanges);
  const can = useCanRequest(policy.UniqueId, 1, canRequest);
  return (
    <Stack>
      {canRequest && (
        <Card withBorder>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c={can.data?.CanRequest === false ? 'red.9' : 'gray.7'}>
              {can.data?.Message ?? 'Solicite a alteração ou o cancelamento desta apólice.'}
            </Text>
            {can.data?.CanRequest && (
              <Group>
                <Button
                  component={Link}
                  to={`/apolices/endossos/alteracao/${policy.UniqueId}/1`}
                  leftSection={<IconFilePlus size={16} aria-hidden />}
                >
                  Endosso de alteração
                </Button>
                <Button
                  component={Link}
                  to={`/apolices/endossos/cancelamento/${policy.UniqueId}/2`}
                  color="red"
                  variant="light"
                  leftSection={<IconFileX size={16} aria-hidden />}
                >
                  Endosso de cancelamento
                </Button>
              </Group>
            )}
          </Group>
        </Card>
      )}
      {list.isPending ? (
        <LoadingState />
      ) : !list.data?.length ? (
        <EmptyState title="Nenhum endosso" description="Esta apólice ainda não tem endossos." />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Endossos da apólice">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nº</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Motivo</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th ta="right">IS</Table.Th>
                <Table.Th ta="right">Prêmio</Table.Th>
                <Table.Th>Solicitado em</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((e) => (
                <Table.Tr key={e.EndorsementId}>
                  <Table.Td>
                    {opensEndorsement ? (
                      <Link
                        to={`/apolices/endossos/emissao/${e.ProposalUniqueId}?apolice=${policy.UniqueId}`}
                      >
                        {e.Number}
                      </Link>
                    ) : (
                      e.Number
                    )}
                  </Table.Td>
                  <Table.Td>{e.EndorsementTypeName}</Table.Td>
                  <Table.Td>{e.ReasonName}</Table.Td>
                  <Table.Td>
                    <ToneBadge tone={endorsementTones[e.StatusId] ?? 'neutral'}>{e.StatusName}</ToneBadge>
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(e.InsuredAmountValue)}</Table.Td>
                  <Table.Td ta="right">{premiumOf(e)}</Table.Td>
                  <Table.Td>{formatDateTime(e.RequestedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
};
