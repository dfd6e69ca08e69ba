import {
  type ContractualTermTypeId,
  contractualTermTypeLabels,
  insertContractualTerm,
  insertParticularClause,
  type ModalityDetail,
  type ParticularClause,
  updateParticularClause,
  updateStatusParticularClause,
} from '@aval/contracts';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { SafeHtml } from '../../../shared/ui/safe-html.js';
import { paramWrites } from '../api/parameterisation-api.js';
import { previewClass, TermEditor } from './term-editor.js';

const editableTypes = [3, 2] as const;

/** The modality's object (3) and special conditions (2) texts, each saved with InsertContractualTerm. */
const TermsSection = ({ modality }: { modality: ModalityDetail }) => {
  const [type, setType] = useState<string>('3');
  const current = modality.ContractualTerms.find((t) => t.TermType === Number(type) && t.CoverageId === null);
  const [text, setText] = useState(current?.Text ?? '');
  const save = useContractMutation(insertContractualTerm, { ...paramWrites, success: 'Termo salvo.' });
  const changeType = (value: string) => {
    setType(value);
    setText(
      modality.ContractualTerms.find((t) => t.TermType === Number(value) && t.CoverageId === null)?.Text ??
        '',
    );
  };
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            Termos contratuais
          </Title>
          {current && <Badge variant="light">Versão {current.Version}</Badge>}
        </Group>
        <SegmentedControl
          value={type}
          onChange={changeType}
          data={editableTypes.map((t) => ({
            value: String(t),
            label: contractualTermTypeLabels[t as ContractualTermTypeId],
          }))}
          w="fit-content"
        />
        <TermEditor
          key={`${modality.Id}-${type}`}
          label={`Texto - ${contractualTermTypeLabels[Number(type) as ContractualTermTypeId]}`}
          value={text}
          onChange={setText}
          modalityName={modality.Name}
        />
        {current && current.UnknownTags.length > 0 && (
          <Text c="danger" size="sm">
            Tags desconhecidas: {current.UnknownTags.map((t) => `[${t}]`).join(', ')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate({ body: { TermType: Number(type), ModalityId: modality.Id, Text: text } })
            }
          >
            Salvar termo
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};

type Editing = { clause?: ParticularClause } | null;

/** Particular clauses: insert (no Id) or update (Id), status switch, tag editor with preview. */
const ClausesSection = ({ modality }: { modality: ModalityDetail }) => {
  const [editing, setEditing] = useState<Editing>(null);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const insert = useContractMutation(insertParticularClause, {
    ...paramWrites,
    success: 'Cláusula incluída.',
  });
  const update = useContractMutation(updateParticularClause, {
    ...paramWrites,
    success: 'Cláusula alterada.',
  });
  const status = useContractMutation(updateStatusParticularClause, {
    ...paramWrites,
    success: 'Situação da cláusula alterada.',
  });
  const open = (clause?: ParticularClause) => {
    setTitle(clause?.Title ?? '');
    setText(clause?.Text ?? '');
    setEditing({ clause });
  };
  const close = () => setEditing(null);
  const submit = () => {
    const id = editing?.clause?.Id;
    if (id) update.mutate({ body: { Id: id, Title: title, Text: text } }, { onSuccess: close });
    else insert.mutate({ body: { ModalityId: modality.Id, Title: title, Text: text } }, { onSuccess: close });
  };
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            Cláusulas particulares
          </Title>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open()}>
            Nova cláusula
          </Button>
        </Group>
        {modality.ParticularClauses.length === 0 && (
          <Text c="gray.7" size="sm">
            Nenhuma cláusula particular.
          </Text>
        )}
        {modality.ParticularClauses.map((c) => (
          <Card key={c.Id} withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4} style={{ flex: 1 }}>
                <Text fw={600}>{c.Title}</Text>
                <SafeHtml html={c.PreviewHtml} className={previewClass} />
              </Stack>
              <Stack gap="xs" align="flex-end">
                <Switch
                  label={c.IsActive ? 'Ativa' : 'Inativa'}
                  checked={c.IsActive}
                  onChange={(e) => status.mutate({ body: { Id: c.Id, IsActive: e.currentTarget.checked } })}
                />
                <Button size="xs" variant="subtle" onClick={() => open(c)}>
                  Editar
                </Button>
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing?.clause ? 'Editar cláusula particular' : 'Nova cláusula particular'}
        size="90%"
      >
        <Stack>
          <TextInput
            label="Título"
            required
            maxLength={120}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          <TermEditor
            label="Texto da cláusula"
            value={text}
            onChange={setText}
            modalityName={modality.Name}
          />
          <Group justify="flex-end">
            <Button loading={insert.isPending || update.isPending} onClick={submit}>
              Salvar cláusula
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
};

export const TermsAndClauses = ({ modality }: { modality: ModalityDetail }) => (
  <Stack>
    <TermsSection modality={modality} />
    <ClausesSection modality={modality} />
  </Stack>
);
