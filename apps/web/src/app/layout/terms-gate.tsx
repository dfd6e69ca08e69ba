import {
  assignLastCompanyTermOfUse,
  getTermOfUse,
  uiMessages,
  verifyUserInfoAssignLastTermOfUser,
} from '@aval/contracts';
import { Button, Group, Modal, ScrollArea, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useContractMutation } from '../../shared/api/use-contract-mutation.js';
import { SafeHtml } from '../../shared/ui/safe-html.js';
import { LoadingState } from '../../shared/ui/states.js';
import { api } from '../api.js';

export const termsKeys = {
  verify: (userId: number | string) => ['terms', 'verify', userId] as const,
  current: ['terms', 'current'] as const,
};

/**
 * Spec §2: when the latest terms are unsigned, a full-screen popup shows them until the user
 * clicks 'Li e concordo'.
 */
export const TermsGate = ({ userId }: { userId: number | string }) => {
  const signed = useQuery({
    queryKey: termsKeys.verify(userId),
    queryFn: () => api.call(verifyUserInfoAssignLastTermOfUser),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const mustSign = signed.data === false;
  const terms = useQuery({
    queryKey: termsKeys.current,
    queryFn: () => api.call(getTermOfUse),
    enabled: mustSign,
  });
  const accept = useContractMutation(assignLastCompanyTermOfUse, {
    error: 'dialog',
    onSuccess: (_result, _request, client) => {
      client.setQueryData(termsKeys.verify(userId), true);
    },
  });
  if (!mustSign) return null;
  return (
    <Modal
      opened
      onClose={() => undefined}
      fullScreen
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title="Termos de uso"
      zIndex={400}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {terms.isPending ? (
        <LoadingState rows={8} label="Carregando os termos de uso" />
      ) : (
        <ScrollArea.Autosize mah="calc(100vh - 11rem)" type="auto" offsetScrollbars>
          <Typography>
            <SafeHtml html={terms.data?.HTMLTermOfUse ?? ''} />
          </Typography>
        </ScrollArea.Autosize>
      )}
      <Group justify="flex-end" mt="md">
        <Button onClick={() => accept.mutate({})} loading={accept.isPending} disabled={!terms.data}>
          {uiMessages.termsAccept}
        </Button>
      </Group>
    </Modal>
  );
};
