import {
  confirmBankSlipPayment,
  downloadBankSlip,
  downloadPolicyDocument,
  formatDate,
  formatDateTime,
  formatMoney,
  generateContractDraft,
  getProposalIssuance,
  type IssuanceView,
  issueProposal,
  loadIssuanceReport,
  requestIssuance,
} from '@aval/contracts';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileCertificate, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../../app/api.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { openConfirm } from '../../../shared/ui/confirm-dialog.js';
import { DownloadButton } from '../../../shared/ui/file-download-link.js';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { ToneBadge } from '../../../shared/ui/tone-badge.js';
import { CcgPanel } from '../../policy-holders/index.js';
import { proposalKeys, proposalWrites } from '../api/proposals-api.js';

export const useProposalIssuance = (uniqueId: string) =>
  useQuery({
    queryKey: proposalKeys.issuance(uniqueId),
    queryFn: () => api.call(getProposalIssuance, { query: { ProposalUniqueId: uniqueId } }),
    retry: false,
  });

/** Before issuance: where the broker prepares and sends the holder's CCG while the proposal is quoted, analysed or approved. */
const ccgStatuses = new Set([1, 2, 6, 7]);

const statusTone = (id: number) => (id === 2 ? 'success' : id === 3 ? 'danger' : 'info');

/**
 * Emissão tab of the proposal detail: what is missing, sending to issuance (7 → 3), issuing (3 → 4
 * or 5), boletos and payment confirmation (insurer staff), the minuta, the policy and the laudo.
 */
export const IssuancePanel = ({ uniqueId, number }: { uniqueId: string; number: number }) => {
  const issuance = useProposalIssuance(uniqueId);
  const writes = { ...proposalWrites, invalidate: [proposalKeys.all] };
  const send = useContractMutation(requestIssuance, {
    ...writes,
    success: 'Proposta enviada à emissão.',
  });
  const issue = useContractMutation(issueProposal, {
    ...writes,
    success: (r) =>
      r.StatusId === 5 ? `Apólice nº ${r.Policy?.Number} emitida.` : 'Boletos gerados: aguardando pagamento.',
  });
  const confirm = useContractMutation(confirmBankSlipPayment, {
    ...writes,
    success: (r) =>
      r.StatusId === 5 && r.Policy
        ? `Pagamento confirmado. Apólice nº ${r.Policy.Number}.`
        : 'Pagamento confirmado.',
  });
  const i: IssuanceView | undefined = issuance.data;
  if (issuance.isPending) return <LoadingState />;
  if (issuance.isError || !i)
    return <EmptyState title="Emissão indisponível" description={issuance.error?.message} />;
  const body = { ProposalUniqueId: uniqueId, Version: i.Version };
  const needsWaiver = !i.CcgSigned && !i.CcgIgnored;
  return (
    <Stack>
      <Card withBorder>
        <Stack>
          <Group justify="space-between" wrap="wrap">
            <Title order={3} size="h5">
              Emissão
            </Title>
            <Group gap="xs">
              <ToneBadge tone={i.CcgSigned || i.CcgIgnored ? 'success' : 'warning'}>
                {i.CcgSigned ? 'CCG assinado' : i.CcgIgnored ? 'CCG dispensado' : 'CCG não assinado'}
              </ToneBadge>
              <ToneBadge tone={i.PendingRequiredDocuments ? 'warning' : 'success'}>
                {i.PendingRequiredDocuments
                  ? `${i.PendingRequiredDocuments} documento(s) obrigatório(s) pendente(s)`
                  : 'Documentos obrigatórios conformes'}
              </ToneBadge>
            </Group>
          </Group>
          {i.IssueBeforePaymentReason && <Text size="sm">{i.IssueBeforePaymentReason}</Text>}
          {i.Blockers.length > 0 && (
            <Alert color="yellow" title="Para enviar à emissão">
              {i.Blockers.join(' ')}
            </Alert>
          )}
          {needsWaiver && ccgStatuses.has(i.StatusId) && <CcgPanel holderUniqueId={i.PolicyHolderUniqueId} />}
          <Group gap="sm">
            {i.CanRequestIssuance && (
              <Button
                leftSection={<IconSend size={16} aria-hidden />}
                loading={send.isPending}
                onClick={() => {
                  const waive = needsWaiver && i.CanIgnoreCcg;
                  openConfirm({
                    title: waive ? 'Dispensar o CCG e enviar à emissão' : 'Enviar à emissão',
                    message: waive
                      ? `O CCG do tomador não está assinado. Dispensar a assinatura e enviar a proposta nº ${number} à emissão? A justificativa fica na linha do tempo da proposta.`
                      : `Enviar a proposta nº ${number} à emissão? O corretor é avisado por e-mail.`,
                    confirmLabel: waive ? 'Dispensar e enviar' : 'Enviar à emissão',
                    justification: waive
                      ? { label: 'Justificativa da dispensa do CCG', minLength: 10 }
                      : undefined,
                    onConfirm: (why) =>
                      send.mutateAsync({
                        body: waive
                          ? { ...body, IgnoreCCGSignature: true, CcgWaiverJustification: why }
                          : body,
                      }),
                  });
                }}
              >
                {needsWaiver && i.CanIgnoreCcg ? 'Enviar à emissão dispensando o CCG' : 'Enviar à emissão'}
              </Button>
            )}
            {i.CanIssue && (
              <Button
                leftSection={<IconFileCertificate size={16} aria-hidden />}
                loading={issue.isPending}
                onClick={() =>
                  openConfirm({
                    title: i.IssueBeforePayment ? 'Emitir a apólice' : 'Emitir e gerar os boletos',
                    message: i.IssueBeforePayment
                      ? `Emitir a apólice da proposta nº ${number}? ${i.IssueBeforePaymentReason ?? ''} A emissão não pode ser desfeita: depois dela, só por endosso.`
                      : `Gerar os boletos da proposta nº ${number}? A apólice é emitida quando o pagamento da primeira parcela for confirmado.`,
                    confirmLabel: i.IssueBeforePayment ? 'Emitir apólice' : 'Gerar boletos',
                    onConfirm: () => issue.mutateAsync({ body }),
                  })
                }
              >
                {i.IssueBeforePayment ? 'Emitir apólice' : 'Emitir e gerar boletos'}
              </Button>
            )}
            <DownloadButton
              label="Baixar minuta"
              fileName={`minuta-proposta-${number}.pdf`}
              fetchUrl={async () =>
                (await api.call(generateContractDraft, { query: { ProposalUniqueId: uniqueId } }))
                  .UrlToDownload
              }
            />
            {i.Policy && (
              <DownloadButton
                label="Baixar apólice"
                variant="filled"
                fileName={`apolice-${i.Policy.Number}.pdf`}
                fetchUrl={async () =>
                  (await api.call(downloadPolicyDocument, { query: { ProposalUniqueId: uniqueId } }))
                    .UrlToDownload
                }
              />
            )}
            {i.CanDownloadIssuanceReport && (
              <DownloadButton
                label="Laudo de emissão"
                fileName={`laudo-emissao-proposta-${number}.pdf`}
                fetchUrl={async () =>
                  (await api.call(loadIssuanceReport, { query: { proposalUniqueId: uniqueId } }))
                    .UrlToDownloadIssuanceReport
                }
              />
            )}
          </Group>
        </Stack>
      </Card>
      {i.Policy && (
        <Card withBorder>
          <Title order={3} size="h5" mb="sm">
            Apólice
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <LabeledValue label="Número">{i.Policy.Number}</LabeledValue>
            <LabeledValue label="Emitida em">{formatDateTime(i.Policy.IssuedAt)}</LabeledValue>
            <LabeledValue label="Vigência">
              {formatDate(i.Policy.StartDate)} a {formatDate(i.Policy.EndDate)}
            </LabeledValue>
            <LabeledValue label="Registro no SRO">
              {i.Policy.SroStatusName}
              {i.Policy.SroProtocol
                ? ` (${i.Policy.SroProtocol})`
                : ` até ${formatDate(i.Policy.SroDeadline)}`}
              {i.Policy.SroLate ? ' – atrasado' : ''}
            </LabeledValue>
          </SimpleGrid>
        </Card>
      )}
      {i.Installments.length > 0 && (
        <Card withBorder>
          <Group justify="space-between" mb="sm">
            <Title order={3} size="h5">
              Parcelas e boletos
            </Title>
            {i.CanConfirmPayment && (
              <Anchor component={Link} to="/apolices/retorno-bancario" size="sm">
                Importar o retorno do banco
              </Anchor>
            )}
          </Group>
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label="Parcelas e boletos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Parcela</Table.Th>
                  <Table.Th>Vencimento</Table.Th>
                  <Table.Th>Valor</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th>Linha digitável</Table.Th>
                  <Table.Th>Ações</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {i.Installments.map((p) => (
                  <Table.Tr key={p.UniqueId}>
                    <Table.Td>{p.Number}</Table.Td>
                    <Table.Td>{formatDate(p.DueDate)}</Table.Td>
                    <Table.Td>{formatMoney(p.Amount)}</Table.Td>
                    <Table.Td>
                      <ToneBadge tone={statusTone(p.StatusId)}>{p.StatusName}</ToneBadge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace">
                        {p.DigitableLine}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <DownloadButton
                          label={`Boleto ${p.Number}`}
                          fileName={`boleto-proposta-${number}-parcela-${p.Number}.pdf`}
                          fetchUrl={async () => {
                            const links = await api.call(downloadBankSlip, {
                              query: { ProposalUniqueId: uniqueId },
                            });
                            const link = links.LinksToDownload.find((l) => l.InstallmentNumber === p.Number);
                            if (!link) throw new Error('Boleto não encontrado.');
                            return link.Url;
                          }}
                        />
                        {i.CanConfirmPayment && p.StatusId === 1 && (
                          <Button
                            size="xs"
                            variant="light"
                            loading={confirm.isPending}
                            onClick={() =>
                              openConfirm({
                                title: 'Confirmar pagamento',
                                message: `Confirmar o pagamento da parcela ${p.Number} (${formatMoney(p.Amount)}, vencimento ${formatDate(p.DueDate)}) da proposta nº ${number}? Faça isto só com o comprovante em mãos: o retorno do banco baixa as parcelas sozinho.`,
                                confirmLabel: 'Confirmar pagamento',
                                onConfirm: () =>
                                  confirm.mutateAsync({
                                    body: { ProposalUniqueId: uniqueId, InstallmentNumber: p.Number },
                                  }),
                              })
                            }
                          >
                            Confirmar pagamento
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </Stack>
  );
};
