import {
  type InsuredDetail,
  type LocationView,
  maskCep,
  removeInsuredLocation,
  saveInsuredLocation,
  updateInsuredLocation,
} from '@aval/contracts';
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconMapPinPlus, IconPencil, IconStar, IconTrash } from '@tabler/icons-react';
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
import { notifySuccess } from '../../../shared/ui/notify.js';
import { Popup } from '../../../shared/ui/popup.js';
import { EmptyState } from '../../../shared/ui/states.js';
import { ToneBadge } from '../../../shared/ui/tone-badge.js';
import { errorText, insuredWrites } from '../api/insureds-api.js';

type Editing = { location?: LocationView };

const describe = (l: LocationView) => `${l.AddressName}${l.Number ? `, ${l.Number}` : ''}`;

const LocationDialog = ({
  insured,
  location,
  onClose,
}: {
  insured: InsuredDetail;
  location?: LocationView;
  onClose: () => void;
}) => {
  const [draft, setDraft] = useState<AddressDraft>(toAddressDraft(location));
  const [isMain, setIsMain] = useState(location?.IsMain ?? insured.Locations.length === 0);
  const [touched, setTouched] = useState(false);
  const add = useContractMutation(saveInsuredLocation, insuredWrites);
  const update = useContractMutation(updateInsuredLocation, insuredWrites);
  const problems = addressProblems(draft);
  const error = add.error ?? update.error;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problems.length) return;
    const address = toAddressInput(draft);
    const done = {
      onSuccess: () => {
        notifySuccess(location ? 'Localização alterada.' : 'Localização incluída.');
        onClose();
      },
    };
    if (location)
      update.mutate({ query: { id: location.Id }, body: { ...address, IsMain: isMain || undefined } }, done);
    else add.mutate({ body: { ...address, InsuredId: insured.Id, IsMain: isMain } }, done);
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <AddressForm value={draft} onChange={setDraft} />
        <Checkbox
          label="Localização principal"
          checked={isMain}
          disabled={location?.IsMain || insured.Locations.length === 0}
          onChange={(e) => setIsMain(e.currentTarget.checked)}
        />
        {touched && problems.length > 0 && <InlineAlert tone="warning">{problems.join('\n')}</InlineAlert>}
        {error && <InlineAlert>{errorText(error)}</InlineAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={add.isPending || update.isPending}>
            Salvar localização
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** Localizações: the insured's addresses, one of them the main one. */
export const LocationsTab = ({ insured, canManage }: { insured: InsuredDetail; canManage: boolean }) => {
  const [editing, setEditing] = useState<Editing | null>(null);
  const run = useContractCall(insuredWrites);
  const locations = [...insured.Locations].sort((a, b) => Number(b.IsMain) - Number(a.IsMain));
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Localizações</Text>
        {canManage && (
          <Button leftSection={<IconMapPinPlus size={16} aria-hidden />} onClick={() => setEditing({})}>
            Nova localização
          </Button>
        )}
      </Group>
      {locations.length === 0 ? (
        <EmptyState title="Nenhuma localização cadastrada" />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>CEP</Table.Th>
                <Table.Th>Endereço</Table.Th>
                <Table.Th>Bairro</Table.Th>
                <Table.Th>Cidade/UF</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {locations.map((l) => (
                <Table.Tr key={l.Id} data-testid="insured-location">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{maskCep(l.ZipCode)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <span>
                        {describe(l)}
                        {l.Complement ? ` — ${l.Complement}` : ''}
                      </span>
                      {l.IsMain && <ToneBadge tone="info">Principal</ToneBadge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>{l.Neighborhood ?? '—'}</Table.Td>
                  <Table.Td>
                    {l.CityName}/{l.StateCode}
                  </Table.Td>
                  <Table.Td>
                    {canManage && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {!l.IsMain && (
                          <Tooltip label="Definir como principal">
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Definir ${describe(l)} como principal`}
                              onClick={() =>
                                openConfirm({
                                  title: 'Localização principal',
                                  message: `Tornar ${describe(l)} (${l.CityName}/${l.StateCode}) a localização principal?`,
                                  confirmLabel: 'Definir como principal',
                                  onConfirm: async () => {
                                    await run(updateInsuredLocation, {
                                      query: { id: l.Id },
                                      body: { ...toAddressInput(toAddressDraft(l)), IsMain: true },
                                    });
                                    notifySuccess('Localização principal alterada.');
                                  },
                                })
                              }
                            >
                              <IconStar size={16} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        <Tooltip label="Editar">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Editar ${describe(l)}`}
                            onClick={() => setEditing({ location: l })}
                          >
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Remover">
                          <ActionIcon
                            variant="subtle"
                            color="red.8"
                            aria-label={`Remover ${describe(l)}`}
                            onClick={() =>
                              openConfirm({
                                title: 'Remover localização',
                                message: l.IsMain
                                  ? `Remover ${describe(l)}? Ela é a principal: outra localização passa a ser a principal.`
                                  : `Remover ${describe(l)}?`,
                                danger: true,
                                confirmLabel: 'Remover',
                                onConfirm: async () => {
                                  await run(removeInsuredLocation, { query: { locationId: l.Id } });
                                  notifySuccess('Localização removida.');
                                },
                              })
                            }
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Popup
        closeButtonProps={{ 'aria-label': 'Fechar janela' }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.location ? 'Editar localização' : 'Nova localização'}
        size="lg"
      >
        {editing && (
          <LocationDialog insured={insured} location={editing.location} onClose={() => setEditing(null)} />
        )}
      </Popup>
    </Card>
  );
};
