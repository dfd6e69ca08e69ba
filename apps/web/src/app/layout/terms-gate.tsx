import {
  assignLastCompanyTermOfUse,
  getTermOfUse,
  uiMessages,
  verifyUserInfoAssignLastTermOfUser,
} from '@aval/contracts';
import { Button, Group, Modal, ScrollArea, Typography } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { openErrorFrom } from '../../shared/ui/feedback-modals.js';
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
  const queryClient = useQueryClient();
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
  const accept = useMutation({
    mutationFn: () => api.call(assignLastCompanyTermOfUse),
    onSuccess: () => queryClient.setQueryData(termsKeys.verify(userId), true),
    onError: openErrorFrom,
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
        <Button onClick={() => accept.mutate()} loading={accept.isPending} disabled={!terms.data}>
          {uiMessages.termsAccept}
        </Button>
      </Group>
    </Modal>
  );
};
