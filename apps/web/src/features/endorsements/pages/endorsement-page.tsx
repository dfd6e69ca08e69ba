import {
  approveEndorsement,
  downloadEndorsementDocument,
  type EndorsementView,
  formatDate,
  formatDateTime,
  formatMoney,
  isInsurance,
} from '@aval/contracts';
import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../../../app/api.js';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { openConfirm } from '../../../shared/ui/confirm-dialog.js';
import { saveFromUrl } from '../../../shared/ui/file-download-link.js';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { notifyError } from '../../../shared/ui/notify.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { ToneBadge } from '../../../shared/ui/tone-badge.js';
import {
  endorsementKeys,
  useEndorsementAttachments,
  useEndorsementChanges,
  usePolicyEndorsements,
} from '../api/endorsements-api.js';
import { EndorsementSteps } from '../components/endorsement-steps.js';
import { endorsementTones } from '../components/endorsements-tab.js';
import { ChangesTable, PremiumDifferenceTable } from '../components/premium-difference-table.js';

const Changes = ({ uniqueId }: { uniqueId: string }) => {
  const changes = useEndorsementChanges(uniqueId);
  if (!changes.data?.length) return null;
  return (
    <Card withBorder>
      <Stack>
        <Text fw={600}>Alterações</Text>
        <ChangesTable changes={changes.data} />
      </Stack>
    </Card>
  );
};

const Attachments = ({ id }: { id: number }) => {
  const docs = useEndorsementAttachments(id);
  if (!docs.data?.length) return null;
  return (
    <Card withBorder>
      <Text fw={600}>Documentos</Text>
      <List size="sm" mt="xs">
        {docs.data.map((d) => (
          <List.Item key={d.UniqueId}>
            {d.Name} · {d.StatusName} · {d.Archives.map((a) => a.Name).join(', ') || 'sem arquivo'}
          </List.Item>
        ))}
      </List>
    </Card>
  );
};

const download = async (e: EndorsementView, installment?: number) => {
  try {
    const link = await api.call(downloadEndorsementDocument, {
      query: { proposalUniqueId: e.ProposalUniqueId, ...(installment ? { installment } : {}) },
    });
    await saveFromUrl(
      link.UrlToDownload,
      installment
        ? `boleto-endosso-${e.PolicyNumber}-${e.Number}-parcela-${installment}.pdf`
        : `endosso-${e.PolicyNumber}-${e.Number}.pdf`,
    );
  } catch (err) {
    notifyError((err as { messages?: string[] }).messages?.join('\n') ?? 'Não foi possível baixar o PDF.');
  }
};

/** The boletos of an approved endorsement's extra premium (issued on approval). */
const BankSlips = ({ e }: { e: EndorsementView }) =>
  e.BankSlips.length === 0 ? null : (
    <Card withBorder>
      <Stack>
        <Text fw={600}>Boleto do prêmio adicional</Text>
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Boletos do prêmio adicional">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Parcela</Table.Th>
                <Table.Th>Vencimento</Table.Th>
                <Table.Th ta="right">Valor</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Linha digitável</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {e.BankSlips.map((b) => (
                <Table.Tr key={b.InstallmentNumber}>
                  <Table.Td>{b.InstallmentNumber}</Table.Td>
                  <Table.Td>{formatDate(b.DueDate)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(b.Amount)}</Table.Td>
                  <Table.Td>{b.StatusName}</Table.Td>
                  <Table.Td ff="monospace" fz="xs">
                    {b.DigitableLine}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      onClick={() => void download(e, b.InstallmentNumber)}
                    >
                      Baixar boleto
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );

/** /apolices/endossos/emissao/:uniqueId: the endorsement proposal, its steps and the insurer's decision. */
export const EndorsementPage = () => {
  const { uniqueId = '' } = useParams();
  const [params] = useSearchParams();
  const policyUniqueId = params.get('apolice') ?? '';
  const list = usePolicyEndorsements(policyUniqueId);
  const me = useUserInfo();
  const decide = useContractMutation(approveEndorsement, {
    invalidate: [endorsementKeys.all, ['policies']],
    success: (_r, req) => (req.body?.Approve ? 'Endosso aprovado e emitido.' : 'Endosso recusado.'),
  });
  if (!policyUniqueId)
    return <EmptyState title="Endosso não encontrado" description="Abra o endosso pela apólice." />;
  if (list.isPending) return <LoadingState />;
  const e = list.data?.find((x) => x.ProposalUniqueId === uniqueId);
  if (!e) return <EmptyState title="Endosso não encontrado" description={list.error?.message} />;
  const insurer = isInsurance(me?.UserTypeId ?? 0);
  return (
    <Stack>
      <Card withBorder>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Title order={2} size="h3">
              Endosso {e.Number} · Apólice{' '}
              <Anchor component={Link} to={`/apolice/${e.PolicyUniqueId}?aba=endossos`}>
                {e.PolicyNumber}
              </Anchor>
            </Title>
            <Text size="sm" c="gray.7">
              {e.EndorsementTypeName} · {e.ReasonName}
            </Text>
            <ToneBadge tone={endorsementTones[e.StatusId] ?? 'neutral'} w="fit-content">
              {e.StatusName}
            </ToneBadge>
          </Stack>
          {(e.HasDocument || e.StatusId === 5) && (
            <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void download(e)}>
              Baixar PDF do endosso
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="md">
          <LabeledValue label="Importância segurada" value={formatMoney(e.InsuredAmountValue)} />
          <LabeledValue
            label="Solicitado em"
            value={`${formatDateTime(e.RequestedAt)} · ${e.RequestedByName ?? ''}`}
          />
          <LabeledValue
            label="Decisão"
            value={
              e.DecidedAt
                ? `${formatDateTime(e.DecidedAt)} · ${e.DecidedByName ?? ''}${e.DecisionNote ? ` · ${e.DecisionNote}` : ''}`
                : null
            }
          />
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Text fw={600}>Etapas automáticas</Text>
        <EndorsementSteps steps={e.Steps} />
      </Card>
      <Card withBorder>
        <Stack>
          <Text fw={600}>Diferença de prêmio</Text>
          <PremiumDifferenceTable d={e.PremiumDifference} />
        </Stack>
      </Card>
      <BankSlips e={e} />
      <Changes uniqueId={e.ProposalUniqueId} />
      <Attachments id={e.EndorsementId} />
      {insurer && e.StatusId === 3 && (
        <Card withBorder>
          <Stack>
            <Text fw={600}>Decisão da seguradora</Text>
            <Text size="sm">
              Aprovar emite o endosso e altera a apólice {e.PolicyNumber}; recusar encerra o pedido com a
              justificativa, que o corretor vê.
            </Text>
            <Group justify="flex-end">
              <Button
                color="red"
                variant="light"
                onClick={() =>
                  openConfirm({
                    title: 'Recusar o endosso',
                    message: `Recusar o endosso ${e.Number} da apólice ${e.PolicyNumber}? O pedido é encerrado e a apólice fica como está.`,
                    confirmLabel: 'Recusar endosso',
                    danger: true,
                    justification: { label: 'Justificativa da recusa', minLength: 5 },
                    onConfirm: (why) =>
                      decide.mutateAsync({
                        body: { ProposalUniqueId: e.ProposalUniqueId, Approve: false, Justification: why },
                      }),
                  })
                }
              >
                Recusar endosso
              </Button>
              <Button
                onClick={() =>
                  openConfirm({
                    title: 'Aprovar o endosso',
                    message: `Aprovar o endosso ${e.Number} (${e.EndorsementTypeName}) da apólice ${e.PolicyNumber}? O endosso é emitido e a apólice passa a valer com ele.`,
                    confirmLabel: 'Aprovar endosso',
                    onConfirm: () =>
                      decide.mutateAsync({ body: { ProposalUniqueId: e.ProposalUniqueId, Approve: true } }),
                  })
                }
              >
                Aprovar endosso
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
};
