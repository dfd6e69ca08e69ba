import {
  type Coverage,
  changeInstallmentModalityParameter,
  deleteInstallmentModalityParameter,
  deleteProposalParameterRequestDocument,
  enableDisableComplementaryModality,
  enableDisableCoverage,
  formatPercent,
  getModalityChangeHistory,
  insertComplementaryModality,
  insertContractualTerm,
  insertCoverage,
  insertProposalParameterRequestDocument,
  type ModalityDetail,
  type ParameterRequestDocument,
  pipeTypeLabels,
  requestDocumentTypeLabels,
  updateCoverage,
  updateModality,
  updateProposalParameterRequestDocument,
  updateStatusProposalParameterRequestDocument,
} from '@aval/contracts';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { ChangeHistoryTable } from '../../../shared/ui/change-history-table.js';
import { PercentInput } from '../../../shared/ui/fields/masked-fields.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import {
  paramKeys,
  paramWrites,
  useInstallmentParameters,
  useModality,
  useModalityGroups,
} from '../api/parameterisation-api.js';
import { ModalityForm } from '../components/modality-form.js';
import { TermEditor } from '../components/term-editor.js';
import { TermsAndClauses } from '../components/terms-and-clauses.js';

const DataTab = ({ modality }: { modality: ModalityDetail }) => {
  const groups = useModalityGroups(modality.BranchId);
  const update = useContractMutation(updateModality, {
    ...paramWrites,
    error: 'caller',
    success: 'Modalidade alterada.',
  });
  const options = (groups.data ?? []).map((g) => ({ value: String(g.Id), label: g.Name }));
  if (groups.isPending) return <LoadingState />;
  return (
    <Card withBorder>
      <ModalityForm
        key={modality.UpdatedAt}
        initial={modality}
        groups={options}
        busy={update.isPending}
        error={update.error}
        submitLabel="Salvar alterações"
        onSubmit={({ NewModalityGroupName: _n, ...values }) =>
          update.mutate({ body: { ...values, Id: modality.Id } })
        }
      />
    </Card>
  );
};

type CoverageDraft = {
  Id?: number;
  Name: string;
  Description: string;
  IsAdditional: boolean;
  Percentage: string;
  Rate: string;
};

const CoveragesTab = ({ modality }: { modality: ModalityDetail }) => {
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

const ComplementaryTab = ({ modality }: { modality: ModalityDetail }) => {
  const groups = useModalityGroups(modality.BranchId);
  const [choice, setChoice] = useState<string | null>(null);
  const link = useContractMutation(insertComplementaryModality, {
    ...paramWrites,
    success: 'Modalidade complementar vinculada.',
  });
  const toggle = useContractMutation(enableDisableComplementaryModality, {
    ...paramWrites,
    success: 'Situação do vínculo alterada.',
  });
  const linked = new Set(modality.ComplementaryModalities.map((c) => c.ComplementaryModalityId));
  const options = (groups.data ?? [])
    .flatMap((g) => g.Modalities)
    .filter((m) => m.IsComplementary && m.Id !== modality.Id && !linked.has(m.Id))
    .map((m) => ({ value: String(m.Id), label: m.Name }));
  return (
    <Card withBorder>
      <Stack>
        <Group align="flex-end">
          <Select
            label="Modalidade complementar"
            placeholder={options.length ? 'Selecione' : 'Nenhuma modalidade complementar disponível'}
            data={options}
            value={choice}
            onChange={setChoice}
            w={360}
          />
          <Button
            disabled={!choice}
            loading={link.isPending}
            onClick={() =>
              link.mutate(
                { query: { modalityId: modality.Id, complementaryModalityId: Number(choice) } },
                { onSuccess: () => setChoice(null) },
              )
            }
          >
            Vincular
          </Button>
        </Group>
        {modality.ComplementaryModalities.length === 0 ? (
          <EmptyState title="Nenhuma modalidade complementar vinculada" />
        ) : (
          <Table>
            <Table.Tbody>
              {modality.ComplementaryModalities.map((c) => (
                <Table.Tr key={c.Id}>
                  <Table.Td>{c.ComplementaryModalityName}</Table.Td>
                  <Table.Td>
                    <Switch
                      label={c.IsActive ? 'Ativo' : 'Inativo'}
                      checked={c.IsActive}
                      onChange={() => toggle.mutate({ query: { complementaryModalityId: c.Id } })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
};

type DocumentDraft = {
  Id?: number;
  Name: string;
  Description: string;
  Type: string;
  Pipe: string;
  Required: boolean;
};

const DocumentsTab = ({ modality }: { modality: ModalityDetail }) => {
  const [draft, setDraft] = useState<DocumentDraft | null>(null);
  const insert = useContractMutation(insertProposalParameterRequestDocument, {
    ...paramWrites,
    success: 'Documento incluído.',
  });
  const update = useContractMutation(updateProposalParameterRequestDocument, {
    ...paramWrites,
    success: 'Documento alterado.',
  });
  const status = useContractMutation(updateStatusProposalParameterRequestDocument, {
    ...paramWrites,
    success: 'Situação do documento alterada.',
  });
  const remove = useContractMutation(deleteProposalParameterRequestDocument, {
    ...paramWrites,
    success: 'Documento removido.',
  });
  const edit = (d?: ParameterRequestDocument) =>
    setDraft({
      Id: d?.Id,
      Name: d?.Name ?? '',
      Description: d?.Description ?? '',
      Type: String(d?.RequestDocumentTypeId ?? 3),
      Pipe: String(d?.PipeTypeId ?? 1),
      Required: d?.IsRequired ?? true,
    });
  const submit = () => {
    if (!draft) return;
    const fields = {
      Name: draft.Name,
      Description: draft.Description || null,
      RequestDocumentTypeId: Number(draft.Type),
      PipeTypeId: Number(draft.Pipe),
      IsRequired: draft.Required,
    };
    const done = { onSuccess: () => setDraft(null) };
    if (draft.Id) update.mutate({ body: { ...fields, Id: draft.Id } }, done);
    else insert.mutate({ body: { ...fields, ModalityId: modality.Id } }, done);
  };
  const confirmRemove = (d: ParameterRequestDocument) =>
    modals.openConfirmModal({
      title: 'Remover documento',
      children: <Text size="sm">Remover definitivamente "{d.Name}"?</Text>,
      labels: { confirm: 'Remover', cancel: 'Cancelar' },
      confirmProps: { color: 'danger' },
      onConfirm: () => remove.mutate({ query: { id: d.Id } }),
    });
  return (
    <Card withBorder>
      <Stack>
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => edit()}>
            Novo documento
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={720}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Documento</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Esteira</Table.Th>
                <Table.Th>Obrigatório</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Ações</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {modality.RequestDocuments.map((d) => (
                <Table.Tr key={d.Id}>
                  <Table.Td>{d.Name}</Table.Td>
                  <Table.Td>{d.RequestDocumentTypeName}</Table.Td>
                  <Table.Td>{d.PipeTypeName}</Table.Td>
                  <Table.Td>{d.IsRequired ? 'Sim' : 'Não'}</Table.Td>
                  <Table.Td>
                    <Badge color={d.IsDeleted ? 'gray' : 'success'} variant="light">
                      {d.IsDeleted ? 'Excluído' : 'Ativo'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button size="xs" variant="subtle" onClick={() => edit(d)}>
                        Editar
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => status.mutate({ query: { id: d.Id, IsDeleted: !d.IsDeleted } })}
                      >
                        {d.IsDeleted ? 'Restaurar' : 'Excluir'}
                      </Button>
                      <Button size="xs" variant="subtle" color="danger" onClick={() => confirmRemove(d)}>
                        Remover
                      </Button>
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
        title={draft?.Id ? 'Editar documento' : 'Novo documento'}
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
            <Select
              label="Tipo de documento"
              allowDeselect={false}
              data={Object.entries(requestDocumentTypeLabels).map(([value, label]) => ({ value, label }))}
              value={draft.Type}
              onChange={(v) => setDraft({ ...draft, Type: v ?? draft.Type })}
            />
            <Select
              label="Esteira de análise"
              allowDeselect={false}
              data={Object.entries(pipeTypeLabels).map(([value, label]) => ({ value, label }))}
              value={draft.Pipe}
              onChange={(v) => setDraft({ ...draft, Pipe: v ?? draft.Pipe })}
            />
            <Checkbox
              label="Obrigatório"
              checked={draft.Required}
              onChange={(e) => setDraft({ ...draft, Required: e.currentTarget.checked })}
            />
            <Group justify="flex-end">
              <Button loading={insert.isPending || update.isPending} onClick={submit}>
                Salvar documento
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
};

const InstallmentTab = ({ modality }: { modality: ModalityDetail }) => {
  const parameters = useInstallmentParameters();
  const change = useContractMutation(changeInstallmentModalityParameter, {
    ...paramWrites,
    success: 'Parcelamento da modalidade alterado.',
  });
  const remove = useContractMutation(deleteInstallmentModalityParameter, {
    ...paramWrites,
    success: 'Parcelamento da modalidade removido.',
  });
  const current = modality.InstallmentParameter;
  return (
    <Card withBorder>
      <Stack>
        <Text>
          {current
            ? `Parcelamento atual: ${current.Code} - ${current.Name} (até ${current.InstallmentParameter.MaximumInstallments} parcelas)`
            : 'Sem parâmetro de parcelamento: a modalidade usa 1 parcela.'}
        </Text>
        <Group align="flex-end">
          <Select
            label="Parâmetro de parcelamento"
            data={(parameters.data ?? []).map((p) => ({
              value: String(p.Id),
              label: `${p.Code} - ${p.Name}`,
            }))}
            value={current ? String(current.Id) : null}
            onChange={(v) =>
              v && change.mutate({ body: { ModalityId: modality.Id, InstallmentParameterId: Number(v) } })
            }
            w={360}
          />
          {current && (
            <Button
              variant="light"
              color="danger"
              loading={remove.isPending}
              onClick={() => remove.mutate({ body: { ModalityId: modality.Id } })}
            >
              Remover parcelamento
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
};

/** /parametrizacao/branch/{b}/grupo/{g}/modalidade/{id}/{uniqueId}: everything about one modality. */
export const ModalityPage = () => {
  const { modalidadeId } = useParams();
  const id = Number(modalidadeId);
  const modality = useModality(id);
  if (modality.isPending) return <LoadingState />;
  if (!modality.data) return <EmptyState title="Modalidade não encontrada" />;
  const m = modality.data;
  return (
    <Stack>
      <Group gap="xs">
        <Text fw={600} size="lg">
          {m.Name}
        </Text>
        <Badge variant="light">{m.BranchCode}</Badge>
        <Badge variant="light">{m.ModalityGroupName}</Badge>
        {!m.IsActive && <Badge color="gray">Inativa</Badge>}
      </Group>
      <Tabs defaultValue="dados" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="dados">Dados e limites</Tabs.Tab>
          <Tabs.Tab value="coberturas">Coberturas</Tabs.Tab>
          <Tabs.Tab value="complementares">Modalidades complementares</Tabs.Tab>
          <Tabs.Tab value="termos">Termos e cláusulas</Tabs.Tab>
          <Tabs.Tab value="documentos">Documentos solicitados</Tabs.Tab>
          <Tabs.Tab value="parcelamento">Parcelamento</Tabs.Tab>
          <Tabs.Tab value="historico">Histórico</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="dados" pt="md">
          <DataTab modality={m} />
        </Tabs.Panel>
        <Tabs.Panel value="coberturas" pt="md">
          <CoveragesTab modality={m} />
        </Tabs.Panel>
        <Tabs.Panel value="complementares" pt="md">
          <ComplementaryTab modality={m} />
        </Tabs.Panel>
        <Tabs.Panel value="termos" pt="md">
          <TermsAndClauses modality={m} />
        </Tabs.Panel>
        <Tabs.Panel value="documentos" pt="md">
          <DocumentsTab modality={m} />
        </Tabs.Panel>
        <Tabs.Panel value="parcelamento" pt="md">
          <InstallmentTab modality={m} />
        </Tabs.Panel>
        <Tabs.Panel value="historico" pt="md">
          <ChangeHistoryTable
            endpoint={getModalityChangeHistory}
            query={{ modalityId: m.Id }}
            queryKey={paramKeys.history(m.Id)}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
