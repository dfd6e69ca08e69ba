import {
  formatDate,
  getPolicySroRegistrations,
  resendSroRegistration,
  SroEventType,
  SroRegistrationStatus,
} from '@aval/contracts';
import { Card, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../app/api.js';
import { useMayCall } from '../../../shared/api/may-call.js';
import { awaitingAnswer, SroActions, sroKeys } from './sro-actions.js';
import { SroReasons, SroStatusBadge, sroDeadlineLabel } from './sro-labels.js';

/**
 * The policy detail's SRO registrations: each operation, its status (with why it is not registered,
 * as the staff list says it: `SroReasons`), deadline and protocol. The page passes the issuance
 * protocol its policy record shows: when the issuance is registered with another one (the
 * registradora answered after the page read the policy), `onIssuanceRegistered` lets it read the
 * policy again.
 */
export const PolicySroCard = ({
  policyUniqueId,
  issuanceProtocol,
  onIssuanceRegistered,
}: {
  policyUniqueId: string;
  issuanceProtocol?: string | null;
  onIssuanceRegistered?: () => void;
}) => {
  const may = useMayCall();
  const { data } = useQuery({
    queryKey: [...sroKeys.all, 'policy', policyUniqueId],
    queryFn: () => api.call(getPolicySroRegistrations, { query: { PolicyUniqueId: policyUniqueId } }),
    enabled: may(getPolicySroRegistrations),
    refetchInterval: (q) => awaitingAnswer(q.state.data ?? []),
  });
  const registered = data?.find(
    (r) => r.EventType === SroEventType.EMISSAO && r.StatusId === SroRegistrationStatus.REGISTRADA,
  )?.Protocol;
  useEffect(() => {
    if (registered && registered !== issuanceProtocol) onIssuanceRegistered?.();
  }, [registered, issuanceProtocol, onIssuanceRegistered]);
  if (!data) return null;
  const manage = may(resendSroRegistration);
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Text fw={600}>Operações registradas no SRO</Text>
        {data.length === 0 ? (
          <Text size="sm" c="gray.7">
            Nenhuma operação desta apólice foi registrada pelo sistema.
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Operação</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Prazo</Table.Th>
                <Table.Th>Protocolo</Table.Th>
                {manage && <Table.Th>Ações</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((r) => (
                <Table.Tr key={r.UniqueId}>
                  <Table.Td>{r.EventName}</Table.Td>
                  <Table.Td>
                    <SroStatusBadge r={r} />
                    <SroReasons r={r} size="xs" />
                  </Table.Td>
                  <Table.Td>
                    {formatDate(r.Deadline)}{' '}
                    <Text span size="xs" c="gray.7">
                      {sroDeadlineLabel(r)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{r.Protocol ? `${r.Protocol}${r.Manual ? ' (manual)' : ''}` : '—'}</Table.Td>
                  {manage && (
                    <Table.Td>
                      <SroActions r={r} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
};
