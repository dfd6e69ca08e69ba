import {
  type ContractualTermTypeId,
  contractualTermTypeLabels,
  insertContractualTerm,
  insertContractualTermBody,
  insertParticularClause,
  insertParticularClauseBody,
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
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { contractResolver, useServerErrors } from '../../../shared/forms/contract-form.js';
import { FormActions } from '../../../shared/forms/form-actions.js';
import { Popup } from '../../../shared/ui/popup.js';
import { editorText } from '../../../shared/ui/rich-text-editor.js';
import { SafeHtml } from '../../../shared/ui/safe-html.js';
import { paramFormWrites, paramWrites } from '../api/parameterisation-api.js';
import { type ModalityItemDialogProps, useModalityItemForm } from './modality-item-form.js';
import { previewClass, TermEditor } from './term-editor.js';

const editableTypes = [3, 2] as const;

const termOf = (modality: ModalityDetail, type: number) =>
  modality.ContractualTerms.find((t) => t.TermType === type && t.CoverageId === null);

/** The text of one term type (3 object, 2 special conditions), saved with InsertContractualTerm. */
const TermForm = ({ modality, type }: { modality: ModalityDetail; type: number }) => {
  const current = termOf(modality, type);
  const form = useForm({
    initialValues: { Text: current?.Text ?? '' },
    validate: contractResolver(insertContractualTermBody, (v: { Text: string }) => ({
      TermType: type,
      ModalityId: modality.Id,
      Text: editorText(v.Text),
    })),
  });
  const save = useContractMutation(insertContractualTerm, { ...paramFormWrites, success: 'Termo salvo.' });
  const serverErrors = useServerErrors(form, save.error);
  const submit = form.onSubmit((v) =>
    save.mutate({ body: { TermType: type, ModalityId: modality.Id, Text: v.Text } }),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <TermEditor
          label={`Texto - ${contractualTermTypeLabels[type as ContractualTermTypeId]}`}
          value={form.getValues().Text}
          onChange={(html) => form.setFieldValue('Text', html)}
          error={form.errors.Text}
          modalityName={modality.Name}
        />
        {current && current.UnknownTags.length > 0 && (
          <Text c="danger" size="sm">
            Tags desconhecidas: {current.UnknownTags.map((t) => `[${t}]`).join(', ')}
          </Text>
        )}
        <FormActions messages={serverErrors} busy={save.isPending} submitLabel="Salvar termo" />
      </Stack>
    </form>
  );
};

/** The modality's object (3) and special conditions (2) texts. */
const TermsSection = ({ modality }: { modality: ModalityDetail }) => {
  const [type, setType] = useState<string>('3');
  const current = termOf(modality, Number(type));
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
          onChange={setType}
          data={editableTypes.map((t) => ({
            value: String(t),
            label: contractualTermTypeLabels[t as ContractualTermTypeId],
          }))}
          w="fit-content"
        />
        <TermForm key={`${modality.Id}-${type}`} modality={modality} type={Number(type)} />
      </Stack>
    </Card>
  );
};

type ClauseDraft = { Title: string; Text: string };

const clauseDraftOf = (c?: ParticularClause): ClauseDraft => ({ Title: c?.Title ?? '', Text: c?.Text ?? '' });

const clauseBodyOf = (d: ClauseDraft) => ({ Title: d.Title.trim(), Text: editorText(d.Text) });

/** Checks a clause draft with the contract's rules (an emptied editor counts as no text). */
export const validateClauseDraft = contractResolver(
  insertParticularClauseBody.omit({ ModalityId: true }),
  clauseBodyOf,
);

const ClauseDialog = (props: ModalityItemDialogProps<ParticularClause>) => {
  const { form, submit, actions } = useModalityItemForm({
    ...props,
    draftOf: clauseDraftOf,
    bodyOf: clauseBodyOf,
    validate: validateClauseDraft,
    insert: insertParticularClause,
    update: updateParticularClause,
    success: { insert: 'Cláusula incluída.', update: 'Cláusula alterada.' },
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <TextInput label="Título" required maxLength={120} data-autofocus {...form.getInputProps('Title')} />
        <TermEditor
          label="Texto da cláusula"
          value={form.getValues().Text}
          onChange={(html) => form.setFieldValue('Text', html)}
          error={form.errors.Text}
          modalityName={props.modality.Name}
        />
        <FormActions {...actions} submitLabel="Salvar cláusula" />
      </Stack>
    </form>
  );
};

type Editing = { clause?: ParticularClause } | null;

/** Particular clauses: insert (no Id) or update (Id), status switch, tag editor with preview. */
const ClausesSection = ({ modality }: { modality: ModalityDetail }) => {
  const [editing, setEditing] = useState<Editing>(null);
  const status = useContractMutation(updateStatusParticularClause, {
    ...paramWrites,
    success: 'Situação da cláusula alterada.',
  });
  const close = () => setEditing(null);
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            Cláusulas particulares
          </Title>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({})}
          >
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
                <Button size="xs" variant="subtle" onClick={() => setEditing({ clause: c })}>
                  Editar
                </Button>
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
      <Popup
        opened={editing !== null}
        onClose={close}
        title={editing?.clause ? 'Editar cláusula particular' : 'Nova cláusula particular'}
        size="90%"
      >
        {editing && <ClauseDialog modality={modality} item={editing.clause} onClose={close} />}
      </Popup>
    </Card>
  );
};

export const TermsAndClauses = ({ modality }: { modality: ModalityDetail }) => (
  <Stack>
    <TermsSection modality={modality} />
    <ClausesSection modality={modality} />
  </Stack>
);
