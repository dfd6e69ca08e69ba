import {
  maskCpfCnpj,
  type PolicyHolderValidation,
  registerPolicyHolderNomeationRequest,
  validatePolicyHolderByCNPJToNewProposal,
} from '@aval/contracts';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../../app/api.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { CnpjInput } from '../../../shared/ui/fields/masked-fields.js';
import { JustificationField } from '../../../shared/ui/justified-action.js';
import { policyHolderWrites } from '../api/policy-holders-api.js';

/** A broker asks a policy holder for a nomination (it stays pending for the insurer's nomination pipe). */
export const NominationDialog = ({ onClose }: { onClose: () => void }) => {
  const [cnpj, setCnpj] = useState('');
  const [justification, setJustification] = useState('');
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<PolicyHolderValidation>();
  const [error, setError] = useState<string>();
  const register = useContractMutation(registerPolicyHolderNomeationRequest, {
    ...policyHolderWrites,
    success: 'Solicitação de nomeação registrada.',
  });
  const check = async () => {
    setChecking(true);
    setError(undefined);
    setResult(undefined);
    try {
      setResult(await api.call(validatePolicyHolderByCNPJToNewProposal, { query: { Cnpj: cnpj } }));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível consultar o tomador.');
    } finally {
      setChecking(false);
    }
  };
  const canRequest = result?.Found && !result.IsNominated && !result.NominationPending;
  return (
    <Stack>
      <Group align="flex-end">
        <CnpjInput
          label="CNPJ do tomador"
          required
          value={cnpj}
          error={error}
          onChange={(v) => {
            setCnpj(v);
            setResult(undefined);
          }}
          w={240}
        />
        <Button variant="default" loading={checking} disabled={cnpj.length < 18} onClick={check}>
          Consultar
        </Button>
      </Group>
      {result && (
        <Alert
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title={result.Name ?? (result.Found ? 'Tomador cadastrado' : 'Tomador não encontrado')}
        >
          {result.Found && (
            <Text size="sm" c="black">
              {maskCpfCnpj(result.Document)}
            </Text>
          )}
          <List size="sm" c="black">
            {result.Messages.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
            {result.IsNominated && <List.Item>Sua corretora já está nomeada por este tomador.</List.Item>}
          </List>
        </Alert>
      )}
      {canRequest && (
        <JustificationField value={justification} onChange={(e) => setJustification(e.currentTarget.value)} />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Fechar
        </Button>
        <Button
          disabled={!canRequest}
          loading={register.isPending}
          onClick={() =>
            register.mutate(
              {
                // By CNPJ: the policy holder's id is not shown before the nomination.
                body: { Cnpj: result!.Document, Justification: justification.trim() || null },
              },
              { onSuccess: onClose },
            )
          }
        >
          Solicitar nomeação
        </Button>
      </Group>
    </Stack>
  );
};
