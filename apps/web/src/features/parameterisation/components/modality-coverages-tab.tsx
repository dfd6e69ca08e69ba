import {
  type Coverage,
  enableDisableCoverage,
  formatPercent,
  insertContractualTerm,
  insertContractualTermBody,
  insertCoverage,
  insertCoverageBody,
  type ModalityDetail,
  updateCoverage,
} from '@aval/contracts';
import { Button, Card, Checkbox, Group, Stack, Switch, Table, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { blankToNull, contractResolver, useServerErrors } from '../../../shared/forms/contract-form.js';
import { FormActions } from '../../../shared/forms/form-actions.js';
import { PercentInput } from '../../../shared/ui/fields/masked-fields.js';
import { Popup } from '../../../shared/ui/popup.js';
import { editorText } from '../../../shared/ui/rich-text-editor.js';
import { paramFormWrites, paramWrites } from '../api/parameterisation-api.js';
import { type ModalityItemDialogProps, useModalityItemForm } from './modality-item-form.js';
import { TermEditor } from './term-editor.js';

/** The coverage dialog's fields, named as the body of InsertCoverage / UpdateCoverage. */
export type CoverageDraft = {
  Name: string;
  Description: string;
  IsAdditional: boolean;
  InsuredAmountPercentage: string;
  Rate: string;
};

const coverageDraftOf = (c?: Coverage): CoverageDraft => ({
  Name: c?.Name ?? '',
  Description: c?.Description ?? '',
  IsAdditional: c?.IsAdditional ?? true,
  InsuredAmountPercentage: c?.InsuredAmountPercentage ?? '100',
  Rate: c?.Rate ?? '0',
});

/** The body fields of a draft: blank percentage is the whole insured amount, blank rate 0. */
const coverageBodyOf = (d: CoverageDraft) => ({
  Name: d.Name.trim(),
  Description: blankToNull(d.Description),
  IsAdditional: d.IsAdditional,
  InsuredAmountPercentage: d.InsuredAmountPercentage || '100',
  Rate: d.Rate || '0',
});

/** Checks a coverage draft with the contract's rules (field → pt-BR message). */
export const validateCoverageDraft = contractResolver(
  insertCoverageBody.omit({ ModalityId: true }),
  coverageBodyOf,
);

const CoverageDialog = (props: ModalityItemDialogProps<Coverage>) => {
  const { form, submit, actions } = useModalityItemForm({
    ...props,
    draftOf: coverageDraftOf,
    bodyOf: coverageBodyOf,
    validate: validateCoverageDraft,
    insert: insertCoverage,
    update: updateCoverage,
    success: { insert: 'Cobertura incluída.', update: 'Cobertura alterada.' },
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <TextInput label="Nome" required maxLength={120} data-autofocus {...form.getInputProps('Name')} />
        <Textarea label="Descrição" autosize minRows={2} {...form.getInputProps('Description')} />
        <Checkbox label="Cobertura adicional" {...form.getInputProps('IsAdditional', { type: 'checkbox' })} />
        <PercentInput
          label="Percentual da importância segurada"
          {...form.getInputProps('InsuredAmountPercentage')}
        />
        <PercentInput label="Taxa (% a.a.)" {...form.getInputProps('Rate')} />
        <FormActions {...actions} submitLabel="Salvar cobertura" />
      </Stack>
    </form>
  );
};

/** The object text of an additional coverage (contractual term type 5). */
const objectTermSchema = insertContractualTermBody;

const CoverageObjectDialog = ({
  modality,
  coverage,
  onClose,
}: {
  modality: ModalityDetail;
  coverage: Coverage;
  onClose: () => void;
}) => {
  const form = useForm({
    initialValues: {
      Text:
        modality.ContractualTerms.find((t) => t.CoverageId === coverage.Id && t.TermType === 5)?.Text ?? '',
    },
    validate: contractResolver(objectTermSchema, (v: { Text: string }) => ({
      TermType: 5,
      ModalityId: modality.Id,
      CoverageId: coverage.Id,
      Text: editorText(v.Text),
    })),
  });
  const save = useContractMutation(insertContractualTerm, {
    ...paramFormWrites,
    success: 'Objeto da cobertura salvo.',
  });
  const serverErrors = useServerErrors(form, save.error);
  const submit = form.onSubmit((v) =>
    save.mutate(
      { body: { TermType: 5, ModalityId: modality.Id, CoverageId: coverage.Id, Text: v.Text } },
      { onSuccess: onClose },
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <TermEditor
          label="Texto do objeto da cobertura"
          value={form.getValues().Text}
          onChange={(html) => form.setFieldValue('Text', html)}
          error={form.errors.Text}
          modalityName={modality.Name}
        />
        <FormActions
          messages={serverErrors}
          busy={save.isPending}
          submitLabel="Salvar objeto"
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
};

type Dialog = { kind: 'coverage'; coverage?: Coverage } | { kind: 'object'; coverage: Coverage };

/** Tab "Coberturas": main and additional coverages with their object text. */
export const ModalityCoveragesTab = ({ modality }: { modality: ModalityDetail }) => {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const toggle = useContractMutation(enableDisableCoverage, {
    ...paramWrites,
    success: 'Situação da cobertura alterada.',
  });
  const close = () => setDialog(null);
  const all = [...modality.Coverages, ...modality.AdditionalCoverages];
  return (
    <Card withBorder>
      <Stack>
        <Group justify="flex-end">
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setDialog({ kind: 'coverage' })}
          >
            Nova cobertura
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={720}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Cobertura</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>% da IS</Table.Th>
                <Table.Th>Taxa</Table.Th>
                <Table.Th>Ativa</Table.Th>
                <Table.Th>Ações</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {all.map((c) => (
                <Table.Tr key={c.Id}>
                  <Table.Td>{c.Name}</Table.Td>
                  <Table.Td>{c.IsAdditional ? 'Adicional' : 'Principal'}</Table.Td>
                  <Table.Td>{formatPercent(c.InsuredAmountPercentage)}</Table.Td>
                  <Table.Td>{formatPercent(c.Rate)}</Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Ativar ou desativar ${c.Name}`}
                      checked={c.IsActive}
                      onChange={() => toggle.mutate({ query: { id: c.Id } })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setDialog({ kind: 'coverage', coverage: c })}
                      >
                        Editar
                      </Button>
                      {c.IsAdditional && (
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setDialog({ kind: 'object', coverage: c })}
                        >
                          Objeto
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <Popup
        opened={dialog?.kind === 'coverage'}
        onClose={close}
        title={dialog?.coverage ? 'Editar cobertura' : 'Nova cobertura'}
      >
        {dialog?.kind === 'coverage' && (
          <CoverageDialog modality={modality} item={dialog.coverage} onClose={close} />
        )}
      </Popup>
      <Popup
        opened={dialog?.kind === 'object'}
        onClose={close}
        title={`Objeto da cobertura - ${dialog?.coverage?.Name ?? ''}`}
        size="90%"
      >
        {dialog?.kind === 'object' && (
          <CoverageObjectDialog modality={modality} coverage={dialog.coverage} onClose={close} />
        )}
      </Popup>
    </Card>
  );
};
