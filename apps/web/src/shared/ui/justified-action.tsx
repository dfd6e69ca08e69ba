import { Button, type ButtonProps, Group, Stack, Text, Textarea, type TextareaProps } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/** "Justificativa": why a change recorded in the history is made (up to 500 characters). */
export const JustificationField = (
  props: Omit<TextareaProps, 'label' | 'maxLength' | 'autosize' | 'minRows'>,
) => <Textarea label="Justificativa" autosize minRows={3} maxLength={500} {...props} />;

/**
 * The body of a dialog asking before a change recorded in the history (a block, a waiver): the
 * question, an optional justification, Cancelar and the action; `onConfirm` gets the trimmed
 * justification, or null when none was typed.
 */
export const JustifiedAction = ({
  question,
  confirmLabel = 'Confirmar',
  color,
  busy,
  onConfirm,
  onClose,
}: {
  /** "Bloquear o tomador <strong>Vale</strong>?" */
  question: ReactNode;
  confirmLabel?: string;
  color?: ButtonProps['color'];
  busy: boolean;
  onConfirm: (justification: string | null) => void;
  onClose: () => void;
}) => {
  const [justification, setJustification] = useState('');
  return (
    <Stack>
      <Text size="sm">{question} A alteração fica registrada no histórico.</Text>
      <JustificationField value={justification} onChange={(e) => setJustification(e.currentTarget.value)} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button color={color} loading={busy} onClick={() => onConfirm(justification.trim() || null)}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
};
