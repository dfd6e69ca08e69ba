import {
  maskCep,
  type PolicyHolderDetail,
  type PolicyHolderLocation,
  removePolicyHolderLocation,
  saveComplementarData,
  searchCep,
} from '@aval/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconMapPinPlus, IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../../app/api.js';
import { useCities, useStateProvinces } from '../../../shared/api/locations.js';
import { useContractCall, useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { openConfirm } from '../../../shared/ui/confirm-dialog.js';
import { CepInput } from '../../../shared/ui/fields/masked-fields.js';
import { EmptyState } from '../../../shared/ui/states.js';
import { policyHolderWrites } from '../api/policy-holders-api.js';

type Draft = {
  Id?: number;
  ZipCode: string;
  AddressName: string;
  Number: string;
  Complement: string;
  Neighborhood: string;
  StateProvinceId: number | undefined;
  CityId: number | undefined;
  IsMain: boolean;
};

const toDraft = (l?: PolicyHolderLocation): Draft => ({
  Id: l?.Id,
  ZipCode: maskCep(l?.ZipCode ?? ''),
  AddressName: l?.AddressName ?? '',
  Number: l?.Number ?? '',
  Complement: l?.Complement ?? '',
  Neighborhood: l?.Neighborhood ?? '',
  StateProvinceId: l?.StateProvinceId,
  CityId: l?.CityId,
  IsMain: l?.IsMain ?? false,
});

const CityName = ({ stateId, cityId }: { stateId: number; cityId: number }) => {
  const cities = useCities(stateId);
  const states = useStateProvinces();
  const city = cities.data?.find((c) => c.Id === cityId)?.Name ?? String(cityId);
  const uf = states.data?.find((s) => s.Id === stateId)?.Code ?? '';
  return <>{uf ? `${city}/${uf}` : city}</>;
};

const LocationForm = ({
  holder,
  initial,
  onClose,
}: {
  holder: PolicyHolderDetail;
  initial: Draft;
  onClose: () => void;
}) => {
  const [d, setD] = useState<Draft>(initial);
  const [cepMessage, setCepMessage] = useState<string>();
  const states = useStateProvinces();
  const cities = useCities(d.StateProvinceId);
  const save = useContractMutation(saveComplementarData, {
    ...policyHolderWrites,
    success: 'Localização salva.',
  });
  const lookup = async () => {
    setCepMessage(undefined);
    try {
      const a = await api.call(searchCep, { query: { cep: d.ZipCode } });
      setD({
        ...d,
        AddressName: a.AddressName || d.AddressName,
        Neighborhood: a.Neighborhood || d.Neighborhood,
        StateProvinceId: a.StateProvinceId ?? d.StateProvinceId,
        CityId: a.CityId ?? d.CityId,
      });
    } catch (e) {
      setCepMessage(e instanceof Error ? e.message : 'CEP não encontrado.');
    }
  };
  const valid =
    d.ZipCode.replace(/\D/g, '').length === 8 && d.AddressName.trim() && d.StateProvinceId && d.CityId;
  const submit = () =>
    save.mutate(
      {
        body: {
          PolicyHolderUniqueId: holder.UniqueId,
          Locations: [
            {
              Id: d.Id,
              ZipCode: d.ZipCode,
              AddressName: d.AddressName,
              Number: d.Number,
              Complement: d.Complement,
              Neighborhood: d.Neighborhood,
              StateProvinceId: d.StateProvinceId!,
              CityId: d.CityId!,
              IsMain: d.IsMain,
            },
          ],
        },
      },
      { onSuccess: onClose },
    );
  return (
    <Stack>
      <Group align="flex-end">
        <CepInput
          label="CEP"
          required
          value={d.ZipCode}
          onChange={(ZipCode) => setD({ ...d, ZipCode })}
          error={cepMessage}
          w={180}
        />
        <Button variant="default" leftSection={<IconSearch size={16} aria-hidden />} onClick={lookup}>
          Buscar CEP
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Logradouro"
          required
          maxLength={150}
          value={d.AddressName}
          onChange={(e) => setD({ ...d, AddressName: e.currentTarget.value })}
        />
        <TextInput
          label="Número"
          maxLength={20}
          value={d.Number}
          onChange={(e) => setD({ ...d, Number: e.currentTarget.value })}
        />
        <TextInput
          label="Complemento"
          maxLength={80}
          value={d.Complement}
          onChange={(e) => setD({ ...d, Complement: e.currentTarget.value })}
        />
        <TextInput
          label="Bairro"
          maxLength={80}
          value={d.Neighborhood}
          onChange={(e) => setD({ ...d, Neighborhood: e.currentTarget.value })}
        />
        <Select
          label="Estado"
          required
          searchable
          data={(states.data ?? []).map((s) => ({ value: String(s.Id), label: `${s.Name} (${s.Code})` }))}
          value={d.StateProvinceId ? String(d.StateProvinceId) : null}
          onChange={(v) => setD({ ...d, StateProvinceId: v ? Number(v) : undefined, CityId: undefined })}
        />
        <Select
          label="Cidade"
          required
          searchable
          disabled={!d.StateProvinceId}
          data={(cities.data ?? []).map((c) => ({ value: String(c.Id), label: c.Name }))}
          value={d.CityId ? String(d.CityId) : null}
          onChange={(v) => setD({ ...d, CityId: v ? Number(v) : undefined })}
        />
      </SimpleGrid>
      <Checkbox
        label="Endereço principal"
        checked={d.IsMain}
        onChange={(e) => setD({ ...d, IsMain: e.currentTarget.checked })}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button disabled={!valid} loading={save.isPending} onClick={submit}>
          Salvar localização
        </Button>
      </Group>
    </Stack>
  );
};

/** Addresses of the policy holder (ZIP, street, number, complement, district, state, city). */
export const LocationsTab = ({ holder }: { holder: PolicyHolderDetail }) => {
  const [editing, setEditing] = useState<Draft | null>(null);
  const run = useContractCall(policyHolderWrites);
  const canEdit = holder.Permissions.CanEdit;
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Localizações</Text>
        {canEdit && (
          <Button
            leftSection={<IconMapPinPlus size={16} aria-hidden />}
            onClick={() => setEditing(toDraft())}
          >
            Nova localização
          </Button>
        )}
      </Group>
      {holder.Locations.length === 0 ? (
        <EmptyState title="Nenhuma localização cadastrada" />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>CEP</Table.Th>
                <Table.Th>Endereço</Table.Th>
                <Table.Th>Bairro</Table.Th>
                <Table.Th>Cidade</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {holder.Locations.map((l) => (
                <Table.Tr key={l.Id}>
                  <Table.Td>{maskCep(l.ZipCode)}</Table.Td>
                  <Table.Td>
                    {l.AddressName}
                    {l.Number ? `, ${l.Number}` : ''}
                    {l.Complement ? ` — ${l.Complement}` : ''}
                    {l.IsMain && (
                      <Badge ml="xs" size="xs" variant="light">
                        Principal
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{l.Neighborhood ?? '—'}</Table.Td>
                  <Table.Td>
                    <CityName stateId={l.StateProvinceId} cityId={l.CityId} />
                  </Table.Td>
                  <Table.Td>
                    {canEdit && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label="Editar localização"
                          onClick={() => setEditing(toDraft(l))}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red.8"
                          aria-label="Remover localização"
                          onClick={() =>
                            openConfirm({
                              title: 'Remover localização',
                              message: `Remover o endereço ${l.AddressName}${l.Number ? `, ${l.Number}` : ''}?`,
                              danger: true,
                              confirmLabel: 'Remover',
                              onConfirm: () =>
                                run(
                                  removePolicyHolderLocation,
                                  { query: { locationId: l.Id } },
                                  'Localização removida.',
                                ),
                            })
                          }
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        closeButtonProps={{ 'aria-label': 'Fechar' }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.Id ? 'Editar localização' : 'Nova localização'}
        size="lg"
        centered
      >
        {editing && <LocationForm holder={holder} initial={editing} onClose={() => setEditing(null)} />}
      </Modal>
    </Card>
  );
};
