import {
  downloadLastEndorsementDocument,
  downloadPolicyDocument,
  EndorsementStatus,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
  getPolicyHistory,
  maskCpfCnpj,
  type PolicyBrief,
} from '@aval/contracts';
import { Alert, Anchor, Button, Card, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBan, IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../../../app/api.js';
import { ChangeHistoryTable } from '../../../shared/ui/change-history-table.js';
import { DetailHeader, DetailTabs } from '../../../shared/ui/detail-page.js';
import { saveFromUrl } from '../../../shared/ui/file-download-link.js';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { notifyError } from '../../../shared/ui/notify.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { EndorsementsTab, usePolicyEndorsements } from '../../endorsements/index.js';
import { PolicySroCard } from '../../sro/index.js';
import { policyKeys, usePolicyBrief } from '../api/policies-api.js';
import { CancelPolicyDialog } from '../components/cancel-policy-dialog.js';
import { PolicyStatusBadge } from '../components/policy-status-badge.js';

/**
 * A tab of the policy page. Other features add theirs here (endorsements: `{ value: 'endossos',
 * label: 'Endossos', render: (p) => <EndorsementsTab policy={p} /> }`), in display order.
 */
export type PolicyTab = { value: string; label: string; render: (policy: PolicyBrief) => ReactNode };

const money = (v: string | null) => (v ? formatMoney(v) : '—');

const SummaryTab = ({ p }: { p: PolicyBrief }) => (
  <Stack>
    <Card withBorder>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        <LabeledValue
          label="Tomador"
          value={`${p.PolicyHolderName} · ${maskCpfCnpj(p.PolicyHolderDocument)}`}
        />
        <LabeledValue
          label="Segurado"
          value={p.InsuredName ? `${p.InsuredName} · ${maskCpfCnpj(p.InsuredDocument ?? '')}` : null}
        />
        <LabeledValue label="Corretora" value={`${p.BrokerName} · SUSEP ${p.BrokerSusep}`} />
        <LabeledValue label="Modalidade" value={`${p.ModalityGroupName} · ${p.ModalityName}`} />
        <LabeledValue
          label="Vigência"
          value={`${formatDate(p.StartDate)} a ${formatDate(p.EndDate)} (${p.DeadlineDays} dias)`}
        />
        <LabeledValue label="Importância segurada" value={money(p.InsuredAmountValue)} />
        <LabeledValue label="Prêmio" value={money(p.InsurancePremium)} />
        <LabeledValue label="IOF" value={money(p.IOFValue)} />
        <LabeledValue label="Prêmio total" value={`${money(p.TotalPremium)} em ${p.NumberOfInstallments}x`} />
        <LabeledValue
          label="Comissão"
          value={
            p.ComissionPercentage
              ? `${formatPercent(p.ComissionPercentage)} · ${money(p.ComissionValue)}`
              : null
          }
        />
        <LabeledValue label="Proposta" value={String(p.ProposalNumber)} />
        <LabeledValue label="Emitida em" value={formatDateTime(p.IssuedAt)} />
      </SimpleGrid>
    </Card>
    <Card withBorder>
      <Text size="xs" c="gray.7" fw={600} tt="uppercase">
        Objeto
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {p.ObjectText || '—'}
      </Text>
    </Card>
    {p.CoBrokers.length > 0 && (
      <Card withBorder>
        <Text size="xs" c="gray.7" fw={600} tt="uppercase">
          Cocorretagem
        </Text>
        {p.CoBrokers.map((c) => (
          <Text size="sm" key={`${c.Document}-${c.Name}`}>
            {c.Name} · {formatPercent(c.Participation)}
            {c.Leader ? ' (líder)' : ''}
          </Text>
        ))}
      </Card>
    )}
  </Stack>
);

/** A download button's call: busy while it runs, its refusal shown as a notification. */
const useDownload = (fetchLink: () => Promise<{ UrlToDownload: string; FileName: string }>) => {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const link = await fetchLink();
      await saveFromUrl(link.UrlToDownload, link.FileName);
    } catch (e) {
      notifyError((e as { messages?: string[] }).messages?.join('\n') ?? 'Não foi possível baixar o PDF.');
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
};

/** The PDF of the policy's newest approved endorsement (DownloadLastEndorsementDocument), when it has one. */
const LastEndorsementDocument = ({ p }: { p: PolicyBrief }) => {
  const endorsements = usePolicyEndorsements(p.UniqueId);
  // The list comes newest first: the first approved one is the last endorsement.
  const last = endorsements.data?.find((e) => e.StatusId === EndorsementStatus.EMITIDO);
  const download = useDownload(() =>
    api.call(downloadLastEndorsementDocument, { query: { ProposalUniqueId: p.ProposalUniqueId } }),
  );
  if (!last) return null;
  return (
    <Card withBorder>
      <Group justify="space-between" wrap="wrap">
        <Text fw={600}>PDF do último endosso (nº {last.Number})</Text>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={download.busy}
          onClick={() => void download.run()}
        >
          Baixar PDF do último endosso
        </Button>
      </Group>
    </Card>
  );
};

export const DocumentsTab = ({ p }: { p: PolicyBrief }) => {
  const queryClient = useQueryClient();
  const policyDocument = useDownload(async () => {
    const link = await api.call(downloadPolicyDocument, { query: { ProposalUniqueId: p.ProposalUniqueId } });
    // A policy without its PDF gets it on this first download: show its SHA-256 now.
    if (!p.HasDocument) void queryClient.invalidateQueries({ queryKey: policyKeys.brief(p.UniqueId) });
    return link;
  });
  // The issuance registered after the policy was read: read it again (its SRO card below).
  const readAgain = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: policyKeys.brief(p.UniqueId) }),
    [queryClient, p.UniqueId],
  );
  return (
    <Stack>
      <Card withBorder>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600}>PDF da apólice</Text>
            {/* Every policy has its PDF: one not stored yet is rendered on this first download. */}
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={policyDocument.busy}
              onClick={() => void policyDocument.run()}
            >
              Baixar PDF da apólice
            </Button>
          </Group>
          {p.DocumentSha256 && (
            <Text size="xs" c="gray.7">
              SHA-256: <Code style={{ wordBreak: 'break-all' }}>{p.DocumentSha256}</Code>
            </Text>
          )}
          <Anchor component={Link} to={p.VerificationPath} size="sm">
            <Group gap={4}>
              <IconShieldCheck size={16} aria-hidden /> Página de autenticidade
            </Group>
          </Anchor>
        </Stack>
      </Card>
      <LastEndorsementDocument p={p} />
      <Card withBorder>
        <Text fw={600}>Registro no SRO</Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
          <LabeledValue label="Situação" value={p.SroStatusName} />
          <LabeledValue label="Prazo" value={formatDate(p.SroDeadline)} />
          <LabeledValue
            label="Registro"
            value={p.SroRegisteredAt ? `${formatDateTime(p.SroRegisteredAt)} · ${p.SroProtocol ?? ''}` : null}
          />
        </SimpleGrid>
      </Card>
      <PolicySroCard
        policyUniqueId={p.UniqueId}
        issuanceProtocol={p.SroProtocol}
        onIssuanceRegistered={readAgain}
      />
    </Stack>
  );
};

/** The tabs of /apolice/{id}, in order; other features append theirs (see PolicyTab). */
export const policyTabs: PolicyTab[] = [
  { value: 'resumo', label: 'Resumo', render: (p) => <SummaryTab p={p} /> },
  { value: 'documentos', label: 'Documentos', render: (p) => <DocumentsTab p={p} /> },
  { value: 'endossos', label: 'Endossos', render: (p) => <EndorsementsTab policy={p} /> },
  {
    value: 'historico',
    label: 'Histórico',
    render: (p) => (
      <ChangeHistoryTable
        endpoint={getPolicyHistory}
        query={{ policyUniqueid: p.UniqueId }}
        queryKey={policyKeys.history(p.UniqueId)}
      />
    ),
  },
];

/** /apolice/:policyUniqueId: brief, documents (PDF, SRO, authenticity), history, cancellation. */
export const PolicyPage = () => {
  const { policyUniqueId = '' } = useParams();
  const brief = usePolicyBrief(policyUniqueId);
  const [cancelling, setCancelling] = useState(false);
  if (brief.isPending) return <LoadingState />;
  if (brief.isError || !brief.data)
    return <EmptyState title="Apólice não encontrada" description={brief.error?.message} />;
  const p = brief.data;
  return (
    <Stack>
      <DetailHeader
        title={`Apólice ${p.PolicyNumber}`}
        subtitle={[
          p.PolicyHolderName,
          `${formatDate(p.StartDate)} a ${formatDate(p.EndDate)}`,
          formatMoney(p.InsuredAmountValue),
        ]}
        badges={
          <Group gap="xs">
            <PolicyStatusBadge statusId={p.StatusId} label={p.StatusName} />
            {p.StatusId === 2 && p.DaysToEnd >= 0 && p.DaysToEnd <= 90 && (
              <Text size="sm" c="red.9">
                Vence em {p.DaysToEnd} dias
              </Text>
            )}
          </Group>
        }
        actions={
          p.CanCancel && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconBan size={16} aria-hidden />}
              onClick={() => setCancelling(true)}
            >
              Cancelar apólice
            </Button>
          )
        }
      >
        {p.CancelledAt && (
          <Alert color="red" mt="md" title={`Cancelada em ${formatDateTime(p.CancelledAt)}`}>
            {p.CancelReason}
            {p.CancelRestitution ? ` · Restituição: ${formatMoney(p.CancelRestitution)}` : ''}
          </Alert>
        )}
      </DetailHeader>
      <DetailTabs
        defaultTab="resumo"
        tabs={policyTabs.map((t) => ({ value: t.value, label: t.label, panel: t.render(p) }))}
      />
      <CancelPolicyDialog policy={p} opened={cancelling} onClose={() => setCancelling(false)} />
    </Stack>
  );
};
