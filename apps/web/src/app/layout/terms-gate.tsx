import {
  assignLastCompanyTermOfUse,
  getTermOfUse,
  uiMessages,
  verifyUserInfoAssignLastTermOfUser,
} from '@aval/contracts';
import { Button, Container, Group, Modal, Paper, ScrollArea, Text, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useContractMutation } from '../../shared/api/use-contract-mutation.js';
import { LoadingState } from '../../shared/ui/states.js';
import { api } from '../api.js';
import { Brand } from './brand.js';

// The sanitiser (DOMPurify) loads only when a user has terms to accept, not with every portal page.
const SafeHtml = lazy(() => import('../../shared/ui/safe-html.js').then((m) => ({ default: m.SafeHtml })));

export const termsKeys = {
  verify: (userId: number | string) => ['terms', 'verify', userId] as const,
  current: ['terms', 'current'] as const,
};

/**
 * Spec §2: when the latest terms are unsigned, a full-screen popup shows them until the user
 * clicks 'Li e concordo'. They read as a document (the insurer's brand, a page of readable text),
 * and 'Li e concordo' is offered once the reader has scrolled to the end.
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
  const viewport = useRef<HTMLDivElement>(null);
  const [end, setEnd] = useState<HTMLDivElement | null>(null);
  const [readToEnd, setReadToEnd] = useState(false);
  // A mark after the last line: once it shows inside the scrolled box the reader has reached the
  // end (terms shorter than the box show it at once). Without IntersectionObserver, no gate.
  useEffect(() => {
    if (!end) return;
    if (typeof IntersectionObserver === 'undefined') {
      setReadToEnd(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setReadToEnd(true);
      },
      { root: viewport.current, threshold: 0 },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [end]);
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
      <Container size={760} px={0}>
        <Group justify="center" mb="sm">
          <Brand size="lg" />
        </Group>
        {terms.isPending ? (
          <LoadingState rows={8} label="Carregando os termos de uso" />
        ) : (
          // The end mark shows with the text only: nobody reaches "the end" of a text still loading.
          <Suspense fallback={<LoadingState rows={8} label="Carregando os termos de uso" />}>
            <Paper withBorder shadow="sm" radius="md">
              <ScrollArea.Autosize
                mah="calc(100vh - 16rem)"
                type="auto"
                offsetScrollbars
                viewportRef={viewport}
              >
                <Typography p={{ base: 'md', sm: 'xl' }} fz="md" lh={1.7} data-testid="terms-document">
                  <SafeHtml html={terms.data?.HTMLTermOfUse ?? ''} />
                </Typography>
                <div ref={setEnd} data-testid="terms-end" style={{ height: 1 }} />
              </ScrollArea.Autosize>
            </Paper>
          </Suspense>
        )}
        <Group justify="space-between" mt="md" wrap="nowrap">
          <Text size="sm" c="gray.7" aria-live="polite">
            {readToEnd ? 'Você chegou ao fim dos termos.' : 'Leia os termos até o fim antes de concordar.'}
          </Text>
          <Button
            onClick={() => accept.mutate({})}
            loading={accept.isPending}
            disabled={!terms.data || !readToEnd}
          >
            {uiMessages.termsAccept}
          </Button>
        </Group>
      </Container>
    </Modal>
  );
};
