import { formatDate, formatMoney, formatPercent, type ProposalView, updateProposal } from '@aval/contracts';
import { Card, Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { FormActions } from '../../../shared/forms/form-actions.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { WholeValues } from '../../../shared/ui/unbroken.js';
import { proposalWrites } from '../api/proposals-api.js';
import { LegalRulesPanel } from './legal-rules-panel.js';
import { ProposalScope } from './proposal-scope.js';

/**
 * Last step: the quote reviewed, what is still missing, and the commission disclosure the broker
 * confirms (Res. CNSP 382/2020) before sending the proposal to analysis (status 2).
 */
export const ReviewStep = ({ proposal }: { proposal: ProposalView }) => {
  const navigate = useNavigate();
  const [confirmed, setConfirmed] = useState(false);
  const send = useContractMutation(updateProposal, {
    ...proposalWrites,
    success: 'Proposta enviada para análise.',
    onSuccess: (r, q, c) => {
      proposalWrites.onSuccess(r, q, c);
      void navigate(`/propostas/proposta/${r.UniqueId}`);
    },
  });
  const p = proposal;
  return (
    <Card
      withBorder
      component="form"
      aria-label="Revisão e envio"
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate({
          body: {
            UniqueId: p.UniqueId,
            Version: p.Version,
            Action: 'SendToAnalysis',
            CommissionDisclosureConfirmed: confirmed,
          },
        });
      }}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <LabeledValue label="Tomador">{p.PolicyHolderName}</LabeledValue>
          <LabeledValue label="Segurado">{p.InsuredName ?? '—'}</LabeledValue>
          <LabeledValue label="Modalidade">{p.ProductName}</LabeledValue>
          <LabeledValue label="Vigência">
            {p.StartDate && p.EndDate ? `${formatDate(p.StartDate)} a ${formatDate(p.EndDate)}` : '—'}
          </LabeledValue>
          <LabeledValue label="Importância segurada">
            {p.InsuredAmountValue ? formatMoney(p.InsuredAmountValue) : '—'}
          </LabeledValue>
          <LabeledValue label="Prêmio">
            {p.InsurancePremium ? formatMoney(p.InsurancePremium) : '—'}
          </LabeledValue>
          <LabeledValue label="Comissão">
            {p.ComissionPercentage && p.ComissionValue
              ? `${formatPercent(p.ComissionPercentage)} · ${formatMoney(p.ComissionValue)}`
              : '—'}
          </LabeledValue>
        </SimpleGrid>
        <ProposalScope p={p} cols={3} />
        <LegalRulesPanel uniqueId={p.UniqueId} number={p.Number} />
        {p.Completeness.Missing.length > 0 && (
          <InlineAlert tone="warning" title="Falta completar">
            {p.Completeness.Missing.map((m) => m.Message).join('\n')}
          </InlineAlert>
        )}
        {p.CommissionDisclosure.Text && (
          <Checkbox
            checked={confirmed}
            onChange={(e) => setConfirmed(e.currentTarget.checked)}
            label={<WholeValues text={p.CommissionDisclosure.Text} />}
          />
        )}
        <FormActions
          messages={
            send.error ? ((send.error as { messages?: string[] }).messages ?? [send.error.message]) : []
          }
          busy={send.isPending}
          submitLabel="Enviar para análise"
          submitIcon={<IconSend size={16} aria-hidden />}
        />
      </Stack>
    </Card>
  );
};
