import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { CpfCnpjInput } from './fields/masked-fields.js';

/** What a find-or-register call takes: the document as typed and, once asked for, the name. */
export type DocumentLookupInput = { Document: string; Name?: string };

export type DocumentLookupProps = {
  /** 'CPF/CNPJ do segurado', 'CNPJ do beneficiário'. */
  documentLabel: string;
  /** 'Nome do segurado'. */
  nameLabel: string;
  /** The button before the name is asked for: 'Buscar segurado', 'Incluir beneficiário'. */
  findLabel: string;
  /** The button once the document was not found: 'Cadastrar segurado'. */
  registerLabel: string;
  document: string;
  onDocumentChange: (value: string) => void;
  /** The last lookup did not find the document: ask for the name to register it. */
  needsName: boolean;
  busy?: boolean;
  /** The lookup's answer to show (not found, not allowed…). */
  message?: string | null;
  /** The lookup's failure. */
  error?: string | null;
  onLookup: (input: DocumentLookupInput) => void;
};

/**
 * "Type the CPF/CNPJ, find it, else give the name and register it": the one block of the wizard's
 * insured and beneficiaries (ValidateInsuredByDocumentToNewProposal, ValidateBeneficiaryByDocument).
 * The caller runs the call and says from its answer whether the name is needed.
 */
export const DocumentLookup = ({
  documentLabel,
  nameLabel,
  findLabel,
  registerLabel,
  document,
  onDocumentChange,
  needsName,
  busy,
  message,
  error,
  onLookup,
}: DocumentLookupProps) => {
  const [name, setName] = useState('');
  useEffect(() => {
    if (!needsName) setName('');
  }, [needsName]);
  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="wrap">
        <CpfCnpjInput label={documentLabel} value={document} onChange={onDocumentChange} w={240} />
        {needsName && (
          <TextInput
            label={nameLabel}
            value={name}
            maxLength={150}
            onChange={(e) => setName(e.currentTarget.value)}
            w={320}
          />
        )}
        <Button
          variant="default"
          loading={busy}
          leftSection={
            needsName ? <IconUserPlus size={16} aria-hidden /> : <IconSearch size={16} aria-hidden />
          }
          onClick={() =>
            onLookup({ Document: document, ...(needsName && name.trim() ? { Name: name.trim() } : {}) })
          }
        >
          {needsName ? registerLabel : findLabel}
        </Button>
      </Group>
      {message && <Alert color="yellow">{message}</Alert>}
      {error && <Alert color="red">{error}</Alert>}
    </Stack>
  );
};
