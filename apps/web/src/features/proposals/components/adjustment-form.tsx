import { type ProposalDetail, requestProposalAdjustment, updateProposalTimelineInfo } from '@aval/contracts';
import { formatDateTime, TimelineStatus } from '@aval/domain';
import { Blockquote, Card, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { contractResolver, useServerErrors } from '../../../shared/forms/contract-form.js';
import { FormActions } from '../../../shared/forms/form-actions.js';
import { proposalKeys } from '../api/proposals-api.js';

/**
 * The insurer asks the broker for an adjustment (2 → 6, the acceptance clock pauses), or the
 * broker answers it (6 → 2). Both write on the timeline.
 */
export const AdjustmentForm = ({ p, mode }: { p: ProposalDetail; mode: 'request' | 'answer' }) => {
  const request = mode === 'request';
  // What the insurer asked: the newest timeline entry that sent the proposal to the broker (6).
  const asked = request
    ? undefined
    : p.TimelineHistory.findLast(
        (t) => t.ProposalStatusId === 6 && t.TimelineStatusId === TimelineStatus.CORRETOR,
      );
  const form = useForm({
    initialValues: { Text: '' },
    validate: request
      ? contractResolver(
          requestProposalAdjustment.body,
          (v: { Text: string }) => ({
            ProposalUniqueId: p.UniqueId,
            Reason: v.Text,
          }),
          { Reason: 'Text' },
        )
      : contractResolver(
          updateProposalTimelineInfo.body,
          (v: { Text: string }) => ({
            ProposalUniqueId: p.UniqueId,
            Description: v.Text,
          }),
          { Description: 'Text' },
        ),
  });
  const options = {
    invalidate: [proposalKeys.all],
    success: request ? 'Ajuste solicitado ao corretor.' : 'Resposta enviada à seguradora.',
    onSuccess: () => form.reset(),
  };
  const ask = useContractMutation(requestProposalAdjustment, options);
  const answer = useContractMutation(updateProposalTimelineInfo, options);
  const rename = { Reason: 'Text', Description: 'Text' };
  const rest = useServerErrors(form, (request ? ask : answer).error, rename);
  return (
    <Card
      withBorder
      component="form"
      noValidate
      aria-label={request ? 'Pedir ajuste ao corretor' : 'Responder ao pedido de ajuste'}
      onSubmit={form.onSubmit((v) =>
        request
          ? ask.mutate({ body: { ProposalUniqueId: p.UniqueId, Version: p.Version, Reason: v.Text } })
          : answer.mutate({
              body: { ProposalUniqueId: p.UniqueId, Version: p.Version, Description: v.Text },
            }),
      )}
    >
      <Stack>
        <Title order={3} size="h5">
          {request ? 'Pedir ajuste ao corretor' : 'Responder ao pedido de ajuste'}
        </Title>
        {asked && (
          <Blockquote color="orange" p="sm" data-testid="adjustment-request">
            <Text size="sm" fw={600}>
              Pedido da seguradora em {formatDateTime(asked.CreatedAt)}
              {asked.CreatedByName ? ` por ${asked.CreatedByName}` : ''}:
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {asked.Description}
            </Text>
          </Blockquote>
        )}
        <Textarea
          label={request ? 'Motivo do ajuste' : 'Resposta'}
          autosize
          minRows={2}
          maxLength={2000}
          required
          {...form.getInputProps('Text')}
        />
        <FormActions
          messages={rest}
          busy={ask.isPending || answer.isPending}
          submitLabel={request ? 'Pedir ajuste' : 'Responder e devolver à análise'}
          submitIcon={<IconSend size={16} aria-hidden />}
        />
      </Stack>
    </Card>
  );
};
