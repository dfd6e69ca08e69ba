import {
  maskCep,
  type PolicyHolderDetail,
  type PolicyHolderLocation,
  removePolicyHolderLocation,
  saveComplementarData,
} from '@aval/contracts';
import { ActionIcon, Badge, Button, Card, Checkbox, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconMapPinPlus, IconPencil, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useContractCall, useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import {
  type AddressDraft,
  AddressForm,
  addressProblems,
  toAddressDraft,
  toAddressInput,
} from '../../../shared/ui/address-form.js';
import { openConfirm } from '../../../shared/ui/confirm-dialog.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { EmptyState } from '../../../shared/ui/states.js';
import { policyHolderWrites } from '../api/policy-holders-api.js';

type Draft = { Id?: number; Address: AddressDraft; IsMain: boolean };

const toDraft = (l?: PolicyHolderLocation): Draft => ({
  Id: l?.Id,
  Address: toAddressDraft(l),
  IsMain: l?.IsMain ?? false,
});

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
  const [touched, setTouched] = useState(false);
  const save = useContractMutation(saveComplementarData, {
    ...policyHolderWrites,
    error: 'caller',
    success: 'Localização salva.',
  });
  const problems = addressProblems(d.Address);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problems.length) return;
    save.mutate(
      {
        body: {
          PolicyHolderUniqueId: holder.UniqueId,
          Locations: [{ ...toAddressInput(d.Address), Id: d.Id, IsMain: d.IsMain }],
        },
      },
      { onSuccess: onClose },
    );
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <AddressForm value={d.Address} onChange={(Address) => setD({ ...d, Address })} />
        <Checkbox
          label="Endereço principal"
          checked={d.IsMain}
          onChange={(e) => setD({ ...d, IsMain: e.currentTarget.checked })}
        />
        {touched && problems.length > 0 && <InlineAlert tone="warning">{problems.join('\n')}</InlineAlert>}
        {save.error && <InlineAlert>{save.error.message}</InlineAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            Salvar localização
          </Button>
        </Group>
      </Stack>
    </form>
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
                  <Table.Td>{l.StateCode ? `${l.CityName}/${l.StateCode}` : l.CityName}</Table.Td>
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
