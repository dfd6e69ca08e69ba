import {
  type Coverage,
  enableDisableCoverage,
  formatPercent,
  insertContractualTerm,
  insertCoverage,
  type ModalityDetail,
  updateCoverage,
} from '@aval/contracts';
import {
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Stack,
  Switch,
  Table,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { PercentInput } from '../../../shared/ui/fields/masked-fields.js';
import { paramWrites } from '../api/parameterisation-api.js';
import { TermEditor } from './term-editor.js';

type CoverageDraft = {
  Id?: number;
  Name: string;
  Description: string;
  IsAdditional: boolean;
  Percentage: string;
  Rate: string;
};

/** Tab "Coberturas": main and additional coverages with their object text. */
export const ModalityCoveragesTab = ({ modality }: { modality: ModalityDetail }) => {
  const [draft, setDraft] = useState<CoverageDraft | null>(null);
  const [objectOf, setObjectOf] = useState<Coverage | null>(null);
  const [objectText, setObjectText] = useState('');
  const insert = useContractMutation(insertCoverage, { ...paramWrites, success: 'Cobertura incluída.' });
  const update = useContractMutation(updateCoverage, { ...paramWrites, success: 'Cobertura alterada.' });
  const toggle = useContractMutation(enableDisableCoverage, {
    ...paramWrites,
    success: 'Situação da cobertura alterada.',
  });
  const saveObject = useContractMutation(insertContractualTerm, {
    ...paramWrites,
    success: 'Objeto da cobertura salvo.',
  });
  const all = [...modality.Coverages, ...modality.AdditionalCoverages];
  const edit = (c?: Coverage) =>
    setDraft({
      Id: c?.Id,
      Name: c?.Name ?? '',
      Description: c?.Description ?? '',
      IsAdditional: c?.IsAdditional ?? true,
      Percentage: c?.InsuredAmountPercentage ?? '100',
      Rate: c?.Rate ?? '0',
    });
  const submit = () => {
    if (!draft) return;
    const fields = {
      Name: draft.Name,
      Description: draft.Description || null,
      IsAdditional: draft.IsAdditional,
      InsuredAmountPercentage: draft.Percentage || '100',
      Rate: draft.Rate || '0',
    };
    const done = { onSuccess: () => setDraft(null) };
    if (draft.Id) update.mutate({ body: { ...fields, Id: draft.Id } }, done);
    else insert.mutate({ body: { ...fields, ModalityId: modality.Id } }, done);
  };
  const openObject = (c: Coverage) => {
    setObjectOf(c);
    setObjectText(
      modality.ContractualTerms.find((t) => t.CoverageId === c.Id && t.TermType === 5)?.Text ?? '',
    );
  };
  return (
    <Card withBorder>
      <Stack>
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => edit()}>
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
                      <Button size="xs" variant="subtle" onClick={() => edit(c)}>
                        Editar
                      </Button>
                      {c.IsAdditional && (
                        <Button size="xs" variant="subtle" onClick={() => openObject(c)}>
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
      <Modal
        opened={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.Id ? 'Editar cobertura' : 'Nova cobertura'}
      >
        {draft && (
          <Stack>
            <TextInput
              label="Nome"
              required
              maxLength={120}
              value={draft.Name}
              onChange={(e) => setDraft({ ...draft, Name: e.currentTarget.value })}
            />
            <Textarea
              label="Descrição"
              value={draft.Description}
              onChange={(e) => setDraft({ ...draft, Description: e.currentTarget.value })}
            />
            <Checkbox
              label="Cobertura adicional"
              checked={draft.IsAdditional}
              onChange={(e) => setDraft({ ...draft, IsAdditional: e.currentTarget.checked })}
            />
            <PercentInput
              label="Percentual da importância segurada"
              value={draft.Percentage}
              onChange={(v) => setDraft({ ...draft, Percentage: v })}
            />
            <PercentInput
              label="Taxa (% a.a.)"
              value={draft.Rate}
              onChange={(v) => setDraft({ ...draft, Rate: v })}
            />
            <Group justify="flex-end">
              <Button loading={insert.isPending || update.isPending} onClick={submit}>
                Salvar cobertura
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal
        opened={objectOf !== null}
        onClose={() => setObjectOf(null)}
        title={`Objeto da cobertura - ${objectOf?.Name ?? ''}`}
        size="90%"
      >
        {objectOf && (
          <Stack>
            <TermEditor
              label="Texto do objeto da cobertura"
              value={objectText}
              onChange={setObjectText}
              modalityName={modality.Name}
            />
            <Group justify="flex-end">
              <Button
                loading={saveObject.isPending}
                onClick={() =>
                  saveObject.mutate(
                    {
                      body: {
                        TermType: 5,
                        ModalityId: modality.Id,
                        CoverageId: objectOf.Id,
                        Text: objectText,
                      },
                    },
                    { onSuccess: () => setObjectOf(null) },
                  )
                }
              >
                Salvar objeto
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
};
