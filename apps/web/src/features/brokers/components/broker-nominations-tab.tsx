import {
  formatDate,
  getPolicyHolder,
  getPolicyHoldersNominatedByBrokerUniqueId,
  maskCpfCnpj,
} from '@aval/contracts';
import { Anchor, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../../app/api.js';
import { useMayCall } from '../../../shared/api/may-call.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { type Tone, ToneBadge } from '../../../shared/ui/tone-badge.js';
import { brokersKeys } from '../api/brokers-api.js';

const toneOf = (name: string): Tone =>
  /aprovad/i.test(name) ? 'success' : /reprovad|recusad|cancelad/i.test(name) ? 'danger' : 'warning';

/** Policy holders the brokerage asked to represent (the policy-holders module's nominations). */
export const BrokerNominationsTab = ({ brokerUniqueId }: { brokerUniqueId: string }) => {
  // A holder's page reads it through GetPolicyHolder: its name links there only for who may call it.
  const opensHolder = useMayCall()(getPolicyHolder);
  const list = useQuery({
    queryKey: [...brokersKeys.all, 'nominations', brokerUniqueId],
    queryFn: () => api.call(getPolicyHoldersNominatedByBrokerUniqueId, { query: { brokerUniqueId } }),
  });
  if (list.isPending) return <LoadingState />;
  if (list.isError)
    return <EmptyState title="Não foi possível carregar as nomeações" description={list.error.message} />;
  if (!list.data.length) return <EmptyState title="Nenhum tomador nomeado" />;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tomador</Table.Th>
            <Table.Th>Documento</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th>Solicitada em</Table.Th>
            <Table.Th>Decidida em</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.map((n) => (
            <Table.Tr key={n.UniqueId}>
              <Table.Td>
                {opensHolder ? (
                  <Anchor component={Link} to={`/tomador/${n.PolicyHolderUniqueId}`} size="sm">
                    {n.PolicyHolderName}
                  </Anchor>
                ) : (
                  n.PolicyHolderName
                )}
              </Table.Td>
              <Table.Td>{maskCpfCnpj(n.PolicyHolderDocument)}</Table.Td>
              <Table.Td>
                <ToneBadge tone={toneOf(n.StatusName)}>{n.StatusName}</ToneBadge>
              </Table.Td>
              <Table.Td>{formatDate(n.CreatedAt)}</Table.Td>
              <Table.Td>{n.DecidedAt ? formatDate(n.DecidedAt) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
