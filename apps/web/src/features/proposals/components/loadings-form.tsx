import { type ProposalDetail, updateFinancialData } from '@aval/contracts';
import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { contractResolver, useServerErrors } from '../../../shared/forms/contract-form.js';
import { FormActions } from '../../../shared/forms/form-actions.js';
import { PercentInput } from '../../../shared/ui/fields/masked-fields.js';
import { proposalKeys } from '../api/proposals-api.js';

type Draft = { SpecialLoading: string; LossHistory: string };

/** The insurer's loadings (agravo, sinistralidade) over the pure rate; the price is recalculated and stored. */
export const LoadingsForm = ({ p }: { p: ProposalDetail }) => {
  const bodyOf = (d: Draft) => ({
    ProposalUniqueId: p.UniqueId,
    Version: p.Version,
    SpecialLoading: d.SpecialLoading || '0',
    LossHistory: d.LossHistory || '0',
  });
  const form = useForm<Draft>({
    initialValues: { SpecialLoading: p.SpecialLoading ?? '0', LossHistory: p.LossHistory ?? '0' },
    validate: contractResolver(updateFinancialData.body, bodyOf),
  });
  const save = useContractMutation(updateFinancialData, {
    invalidate: [proposalKeys.all],
    success: 'Agravo e sinistralidade gravados; prêmio recalculado.',
  });
  const rest = useServerErrors(form, save.error);
  return (
    <Card
      withBorder
      component="form"
      noValidate
      aria-label="Agravo e sinistralidade"
      onSubmit={form.onSubmit((d) => save.mutate({ body: bodyOf(d) }))}
    >
      <Stack>
        <Title order={3} size="h5">
          Agravo e sinistralidade
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PercentInput label="Agravo" max={500} {...form.getInputProps('SpecialLoading')} />
          <PercentInput label="Sinistralidade" max={500} {...form.getInputProps('LossHistory')} />
        </SimpleGrid>
        <FormActions
          messages={rest}
          busy={save.isPending}
          submitLabel="Recalcular prêmio"
          submitIcon={<IconDeviceFloppy size={16} aria-hidden />}
        />
      </Stack>
    </Card>
  );
};
