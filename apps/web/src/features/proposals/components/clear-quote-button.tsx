import { type ProposalView, updateProposal } from '@aval/contracts';
import { Button } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { openConfirm } from '../../../shared/ui/confirm-dialog.js';
import { proposalWrites } from '../api/proposals-api.js';

/** What the partial clear keeps and what goes (spec §4), as the confirmation says it. */
export const clearQuoteMessage =
  'Ficam o ramo, a modalidade, o tomador e o segurado (com o local do risco). Saem a vigência, a importância segurada, o objeto, a obrigação, os beneficiários, as coberturas adicionais e o pacote, o QAR, as cláusulas, o preço e a cocorretagem. Os documentos anexados ficam.';

/**
 * The partial clear of a quote (spec §4): the draft keeps its branch, modality, holder and
 * insured and starts over from the risk step. Only quotes (8 Em Cotação, 1 Cotação).
 */
export const ClearQuoteButton = ({
  proposal,
  onCleared,
}: {
  proposal: ProposalView;
  onCleared: () => void;
}) => {
  const clear = useContractMutation(updateProposal, {
    ...proposalWrites,
    success: 'Cotação limpa: ficaram o ramo, a modalidade, o tomador e o segurado.',
    onSuccess: (r, q, c) => {
      proposalWrites.onSuccess(r, q, c);
      onCleared();
    },
  });
  if (proposal.StatusId !== 8 && proposal.StatusId !== 1) return null;
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconEraser size={14} aria-hidden />}
      onClick={() =>
        openConfirm({
          title: 'Limpar cotação',
          message: clearQuoteMessage,
          confirmLabel: 'Limpar cotação',
          danger: true,
          onConfirm: () =>
            clear.mutateAsync({
              body: { UniqueId: proposal.UniqueId, Version: proposal.Version, Action: 'ClearQuote' },
            }),
        })
      }
    >
      Limpar cotação
    </Button>
  );
};
