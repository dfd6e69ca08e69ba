import { formatDateTime, getProposalLegalRules, overrideProposalLegalRules } from '@aval/contracts';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { openConfirm } from '../../../shared/ui/confirm-dialog.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { proposalKeys } from '../api/proposals-api.js';

export const useLegalRules = (uniqueId: string) =>
  useQuery({
    queryKey: proposalKeys.legalRules(uniqueId),
    queryFn: () => api.call(getProposalLegalRules, { query: { ProposalUniqueId: uniqueId } }),
    retry: false,
  });

/**
 * The legal rules of the guaranteed obligation the proposal breaks (domain.md §3, "The law blocks"):
 * while one is not released the proposal is not sent; insurer staff with permission 27 release them
 * with a justification, shown here (and on the card) with who and when.
 */
export const LegalRulesPanel = ({ uniqueId, number }: { uniqueId: string; number: number }) => {
  const rules = useLegalRules(uniqueId);
  const release = useContractMutation(overrideProposalLegalRules, {
    invalidate: [proposalKeys.all],
    success: 'Regra legal liberada: a proposta pode ser enviada.',
  });
  const r = rules.data;
  if (!r || (r.Breaches.length === 0 && !r.Override)) return null;
  return (
    <Stack gap="xs" data-testid="legal-rules">
      {r.Blocking.length > 0 && (
        <InlineAlert tone="error" title="Regra legal: a proposta não pode ser enviada assim">
          <List size="sm" spacing={2}>
            {r.Blocking.map((b) => (
              <List.Item key={b.Code}>{b.Message}</List.Item>
            ))}
          </List>
          <Text size="sm" mt="xs">
            Ajuste a importância segurada ou a vigência, ou peça à seguradora a liberação (permissão 27,
            Aprovação manual), com justificativa.
          </Text>
        </InlineAlert>
      )}
      {r.Override && (
        <InlineAlert tone="info" title="Regra legal liberada pela seguradora">
          <Text size="sm">
            {r.Override.ByName ?? 'Seguradora'} em {formatDateTime(r.Override.At)}: “
            {r.Override.Justification}”
          </Text>
          <List size="sm" spacing={2} mt={4}>
            {r.Override.Rules.map((rule) => (
              <List.Item key={rule}>{rule}</List.Item>
            ))}
          </List>
        </InlineAlert>
      )}
      {r.CanOverride && (
        <Group>
          <Button
            variant="outline"
            color="red.8"
            leftSection={<IconLockOpen size={16} aria-hidden />}
            onClick={() =>
              openConfirm({
                title: 'Liberar a regra legal',
                message: `Liberar a proposta nº ${number} da regra legal que ela descumpre? A justificativa fica registrada, na linha do tempo e no card; uma mudança de importância segurada, vigência ou obrigação volta a bloquear.`,
                confirmLabel: 'Liberar',
                danger: true,
                justification: { label: 'Justificativa da liberação', minLength: 10 },
                onConfirm: (why) =>
                  release.mutateAsync({ body: { ProposalUniqueId: uniqueId, Justification: why ?? '' } }),
              })
            }
          >
            Liberar com justificativa
          </Button>
        </Group>
      )}
    </Stack>
  );
};
