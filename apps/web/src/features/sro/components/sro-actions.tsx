import {
  rectifySroRegistration,
  resendSroRegistration,
  type SroRegistration,
  SroRegistrationStatus,
} from '@aval/contracts';
import { Button, Group } from '@mantine/core';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';

export const sroKeys = { all: ['sro'] as const };

/**
 * While a row shown was sent (or resent) and waits for the registradora's answer, the list reloads
 * every few seconds: the answer comes in a moment, through the queue. Rows never sent (no
 * registradora configured, or waiting behind their policy's earlier operation) do not keep it busy.
 */
export const awaitingAnswer = (rows: SroRegistration[]) =>
  rows.some(
    (r) =>
      r.Attempts > 0 &&
      (r.StatusId === SroRegistrationStatus.PENDENTE || r.StatusId === SroRegistrationStatus.ENVIADA),
  )
    ? 3_000
    : false;

/** "Reenviar" (rejected or pending) and "Retificar" (registered), for staff with permission 49. */
export const SroActions = ({ r }: { r: SroRegistration }) => {
  const resend = useContractMutation(resendSroRegistration, {
    invalidate: [sroKeys.all],
    success: 'Registro reenviado à registradora.',
    error: 'notify',
  });
  const rectify = useContractMutation(rectifySroRegistration, {
    invalidate: [sroKeys.all],
    success: 'Retificação enviada à registradora.',
    error: 'notify',
  });
  const body = { UniqueId: r.UniqueId };
  return (
    <Group gap="xs" wrap="nowrap">
      {(r.StatusId === SroRegistrationStatus.REJEITADA || r.StatusId === SroRegistrationStatus.PENDENTE) && (
        <Button size="xs" variant="light" loading={resend.isPending} onClick={() => resend.mutate({ body })}>
          Reenviar
        </Button>
      )}
      {r.StatusId === SroRegistrationStatus.REGISTRADA && (
        <Button
          size="xs"
          variant="subtle"
          loading={rectify.isPending}
          onClick={() => rectify.mutate({ body })}
        >
          Retificar
        </Button>
      )}
    </Group>
  );
};
