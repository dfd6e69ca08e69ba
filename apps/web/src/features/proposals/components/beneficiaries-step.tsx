import {
  addressInput,
  type LocationView,
  maskCpfCnpj,
  Permission,
  type ProposalView,
  saveBeneficiaryLocation,
  searchBeneficiary,
  updateProposal,
  updateProposalBody,
  validateBeneficiaryByDocument,
} from '@aval/contracts';
import { Button, Card, Group, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowRight, IconMapPin, IconMapPinPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '../../../app/api.js';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { hasAnyPermission } from '../../../app/session/user-info.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { contractResolver, useServerErrors } from '../../../shared/forms/contract-form.js';
import { FormActions } from '../../../shared/forms/form-actions.js';
import {
  type AddressDraft,
  AddressForm,
  addressFieldsOf,
  toAddressDraft,
  toAddressInput,
} from '../../../shared/ui/address-form.js';
import { DocumentLookup } from '../../../shared/ui/document-lookup.js';
import { LocationsPanel } from '../../../shared/ui/locations-panel.js';
import { Popup } from '../../../shared/ui/popup.js';
import { RowAction } from '../../../shared/ui/row-action.js';
import { insuredLocationsAdapter } from '../../insureds/index.js';
import { proposalKeys, proposalWrites, useProposalModality } from '../api/proposals-api.js';
import { addressLine } from './proposal-scope.js';

/** A beneficiary of the proposal as the step edits it: its addresses and the one chosen. */
export type BeneficiaryRow = {
  BeneficiaryId: number;
  Name: string;
  Document: string;
  /** The chosen address's Id (as the Select's value), or null. */
  LocationId: string | null;
  Locations: LocationView[];
};

/** The address a beneficiary starts with: the main one, else the first. */
const defaultLocation = (locations: readonly LocationView[]) => {
  const l = locations.find((x) => x.IsMain) ?? locations[0];
  return l ? String(l.Id) : null;
};

export type BeneficiariesDraft = { InsuredLocationId: string | null; Beneficiaries: BeneficiaryRow[] };

const draftOf = (p: ProposalView): BeneficiariesDraft => ({
  InsuredLocationId: p.InsuredLocation ? String(p.InsuredLocation.Id) : null,
  Beneficiaries: p.Beneficiaries.map((b) => ({
    BeneficiaryId: b.BeneficiaryId,
    Name: b.Name,
    Document: b.Document,
    LocationId: b.Location ? String(b.Location.Id) : defaultLocation(b.Locations),
    Locations: b.Locations,
  })),
});

/** The UpdateProposal body of the step: the insured's address of the risk and the beneficiaries. */
export const beneficiariesBody = (p: Pick<ProposalView, 'UniqueId' | 'Version'>, d: BeneficiariesDraft) => ({
  UniqueId: p.UniqueId,
  Version: p.Version,
  InsuredLocationId: d.InsuredLocationId ? Number(d.InsuredLocationId) : null,
  Beneficiaries: d.Beneficiaries.map((b) => ({
    BeneficiaryId: b.BeneficiaryId,
    LocationId: b.LocationId ? Number(b.LocationId) : null,
  })),
});

const validateAddress = contractResolver(addressInput, (v: AddressDraft) => toAddressInput(v));

/**
 * A new address of the beneficiary with the shared AddressForm (CEP lookup), added to its registry
 * by SaveBeneficiaryLocation; the step then chooses it for this proposal.
 */
const BeneficiaryAddressDialog = ({
  beneficiary,
  onSaved,
  onClose,
}: {
  beneficiary: BeneficiaryRow;
  onSaved: (locations: LocationView[], added: LocationView | null) => void;
  onClose: () => void;
}) => {
  const form = useForm<AddressDraft>({
    initialValues: toAddressDraft(null),
    validate: validateAddress,
  });
  const save = useContractMutation(saveBeneficiaryLocation, {
    invalidate: [proposalKeys.all],
    success: 'Endereço incluído no cadastro do beneficiário.',
    onSuccess: (b) => {
      const known = new Set(beneficiary.Locations.map((l) => l.Id));
      onSaved(b.Locations, b.Locations.find((l) => !known.has(l.Id)) ?? null);
      onClose();
    },
  });
  const rest = useServerErrors(form, save.error);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        save.mutate({ body: { ...toAddressInput(v), BeneficiaryId: beneficiary.BeneficiaryId } }),
      )}
    >
      <Stack>
        <AddressForm {...addressFieldsOf(form)} />
        <FormActions messages={rest} busy={save.isPending} submitLabel="Salvar endereço" onCancel={onClose} />
      </Stack>
    </form>
  );
};

/**
 * Step 3: where the risk is (one of the insured's addresses, which the user may add to with the
 * shared locations panel) and the beneficiaries: found by name or CPF/CNPJ, registered when new,
 * each with the address chosen among its registered ones, or a new one added to its registry (CEP
 * lookup). Natural persons only when the modality admits them.
 */
export const BeneficiariesStep = ({ proposal, onDone }: { proposal: ProposalView; onDone: () => void }) => {
  const me = useUserInfo();
  const modality = useProposalModality(proposal.ProductId);
  const allowPf = modality.data?.CanHaveBeneficiaryPF ?? false;
  const form = useForm<BeneficiariesDraft>({
    initialValues: draftOf(proposal),
    validate: contractResolver(updateProposalBody, (d: BeneficiariesDraft) => beneficiariesBody(proposal, d)),
  });
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const found = useQuery({
    queryKey: [...proposalKeys.all, 'beneficiary-search', term, allowPf],
    queryFn: () =>
      api.call(searchBeneficiary, { query: { TextSearch: term, CanHaveBeneficiaryPF: allowPf } }),
    enabled: term.length >= 2,
  });
  const [document, setDocument] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [showLocations, setShowLocations] = useState(false);
  const rows = form.getValues().Beneficiaries;
  const add = (b: { Id: number; Name: string; Document: string; Locations: LocationView[] }) => {
    if (rows.some((r) => r.BeneficiaryId === b.Id)) return;
    form.insertListItem('Beneficiaries', {
      BeneficiaryId: b.Id,
      Name: b.Name,
      Document: b.Document,
      LocationId: defaultLocation(b.Locations),
      Locations: b.Locations,
    });
  };
  const lookup = useContractMutation(validateBeneficiaryByDocument, {
    onSuccess: (r) => {
      if (r.Beneficiary) {
        add(r.Beneficiary);
        setDocument('');
      }
    },
  });
  const save = useContractMutation(updateProposal, {
    ...proposalWrites,
    success: 'Beneficiários e local do risco salvos.',
    onSuccess: (r, q, c) => {
      proposalWrites.onSuccess(r, q, c);
      onDone();
    },
  });
  const rest = useServerErrors(form, save.error);
  const locationsAdapter = useMemo(() => {
    if (!proposal.InsuredId) return undefined;
    const base = insuredLocationsAdapter({ Id: proposal.InsuredId });
    return { ...base, invalidate: [...base.invalidate, proposalKeys.all] };
  }, [proposal.InsuredId]);
  const options = (found.data ?? [])
    .filter((b) => !rows.some((r) => r.BeneficiaryId === b.Id))
    .map((b) => ({ value: String(b.Id), label: `${b.Name} · ${maskCpfCnpj(b.Document)}` }));
  const editingRow = editing === null ? undefined : rows[editing];
  return (
    <Stack>
      {/* Outside the step's form: the panel's own dialog submits its own form. */}
      <Card withBorder aria-label="Local do risco" component="section">
        <Stack gap="xs">
          <Title order={3} size="h5">
            Local do risco
          </Title>
          {proposal.Insured ? (
            <>
              <Select
                label={`Endereço do segurado (${proposal.Insured.Name})`}
                placeholder={
                  proposal.InsuredLocations.length ? 'Escolha o endereço' : 'O segurado não tem endereço'
                }
                data={proposal.InsuredLocations.map((l) => ({ value: String(l.Id), label: addressLine(l) }))}
                clearable
                {...form.getInputProps('InsuredLocationId')}
              />
              {locationsAdapter && (
                <Group>
                  <Button
                    variant="subtle"
                    size="xs"
                    leftSection={<IconMapPin size={14} aria-hidden />}
                    onClick={() => setShowLocations((v) => !v)}
                    aria-expanded={showLocations}
                  >
                    {showLocations ? 'Ocultar endereços do segurado' : 'Endereços do segurado'}
                  </Button>
                </Group>
              )}
              {showLocations && locationsAdapter && (
                <LocationsPanel
                  locations={proposal.InsuredLocations}
                  adapter={locationsAdapter}
                  canManage={hasAnyPermission(me, [Permission.GERENCIAR_SEGURADOS])}
                />
              )}
            </>
          ) : (
            <Text size="sm" c="gray.7">
              Escolha o segurado na etapa anterior para indicar o local do risco.
            </Text>
          )}
        </Stack>
      </Card>
      <Card
        withBorder
        component="form"
        noValidate
        aria-label="Beneficiários"
        onSubmit={form.onSubmit((d) => save.mutate({ body: beneficiariesBody(proposal, d) }))}
      >
        <Stack gap="xs">
          <Title order={3} size="h5">
            Beneficiários
          </Title>
          <Text size="sm" c="gray.7">
            {allowPf
              ? 'Esta modalidade admite beneficiário pessoa física ou jurídica.'
              : 'Esta modalidade admite somente beneficiário pessoa jurídica (CNPJ).'}
          </Text>
          <Select
            label="Buscar beneficiário cadastrado"
            placeholder="Nome ou CPF/CNPJ (ao menos 2 caracteres)"
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            data={options}
            value={null}
            nothingFoundMessage={term.length >= 2 ? 'Nenhum beneficiário encontrado' : undefined}
            onChange={(value) => {
              const b = found.data?.find((x) => String(x.Id) === value);
              if (b) add(b);
              setSearch('');
            }}
          />
          <DocumentLookup
            documentLabel={allowPf ? 'CPF/CNPJ do beneficiário' : 'CNPJ do beneficiário'}
            nameLabel="Nome do beneficiário"
            findLabel="Incluir beneficiário"
            registerLabel="Cadastrar beneficiário"
            document={document}
            onDocumentChange={setDocument}
            needsName={Boolean(lookup.data?.IsNew && !lookup.data.Beneficiary)}
            busy={lookup.isPending}
            message={lookup.data?.Message}
            error={lookup.error?.message}
            onLookup={(body) => lookup.mutate({ body: { ...body, CanHaveBeneficiaryPF: allowPf } })}
          />
          {rows.length === 0 ? (
            <Text size="sm">Nenhum beneficiário: a garantia é a favor do segurado.</Text>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table aria-label="Beneficiários da proposta">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Beneficiário</Table.Th>
                    <Table.Th>Endereço</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Ações</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r, i) => (
                    <Table.Tr key={r.BeneficiaryId} data-testid="beneficiary">
                      <Table.Td>
                        <Text size="sm">{r.Name}</Text>
                        <Text size="xs" c="gray.7">
                          {maskCpfCnpj(r.Document)}
                        </Text>
                        {form.errors[`Beneficiaries.${i}.BeneficiaryId`] && (
                          <Text size="xs" c="red.8">
                            {form.errors[`Beneficiaries.${i}.BeneficiaryId`]}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td miw={240}>
                        {r.Locations.length === 0 ? (
                          <Text size="sm" c="gray.7">
                            Sem endereço
                          </Text>
                        ) : (
                          <Select
                            aria-label={`Endereço de ${r.Name}`}
                            size="xs"
                            data={r.Locations.map((l) => ({ value: String(l.Id), label: addressLine(l) }))}
                            allowDeselect={false}
                            comboboxProps={{ withinPortal: true }}
                            {...form.getInputProps(`Beneficiaries.${i}.LocationId`)}
                          />
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <RowAction
                            tip="Novo endereço"
                            label={`Novo endereço de ${r.Name}`}
                            icon={<IconMapPinPlus size={16} aria-hidden />}
                            onClick={() => setEditing(i)}
                          />
                          <RowAction
                            tip="Remover"
                            label={`Remover ${r.Name}`}
                            color="red.8"
                            icon={<IconTrash size={16} aria-hidden />}
                            onClick={() => form.removeListItem('Beneficiaries', i)}
                          />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <FormActions
            messages={rest}
            busy={save.isPending}
            submitLabel="Salvar e continuar"
            submitIcon={<IconArrowRight size={16} aria-hidden />}
          />
        </Stack>
      </Card>
      <Popup
        closeButtonProps={{ 'aria-label': 'Fechar janela' }}
        opened={editingRow !== undefined}
        onClose={() => setEditing(null)}
        title={editingRow ? `Novo endereço de ${editingRow.Name}` : ''}
        size="lg"
      >
        {editingRow && editing !== null && (
          <BeneficiaryAddressDialog
            beneficiary={editingRow}
            onSaved={(locations, added) => {
              form.setFieldValue(`Beneficiaries.${editing}.Locations`, locations);
              if (added) form.setFieldValue(`Beneficiaries.${editing}.LocationId`, String(added.Id));
            }}
            onClose={() => setEditing(null)}
          />
        )}
      </Popup>
    </Stack>
  );
};
