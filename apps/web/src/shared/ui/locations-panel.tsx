import { addressInput, type LocationView, maskCep } from '@aval/contracts';
import { Button, Card, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMapPinPlus, IconPencil, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useAdapterMutation } from '../api/use-contract-mutation.js';
import { contractResolver, useServerErrors } from '../forms/contract-form.js';
import { FormActions } from '../forms/form-actions.js';
import {
  type AddressDraft,
  AddressForm,
  addressFieldsOf,
  toAddressDraft,
  toAddressInput,
} from './address-form.js';
import { openConfirm } from './confirm-dialog.js';
import type { LocationsAdapter } from './locations-adapter.js';
import { Popup } from './popup.js';
import { RowAction } from './row-action.js';
import { EmptyState } from './states.js';
import { ToneBadge } from './tone-badge.js';

/** 'Avenida Paulista, 1578': how a location is named in labels and confirmations. */
export const locationName = (l: Pick<LocationView, 'AddressName' | 'Number'>) =>
  `${l.AddressName}${l.Number ? `, ${l.Number}` : ''}`;

/** 'São Paulo/SP' (the city alone when its state is unknown). */
export const cityOf = (l: Pick<LocationView, 'CityName' | 'StateCode'>) =>
  l.StateCode ? `${l.CityName}/${l.StateCode}` : l.CityName;

/** The main location first, then the others in the order the server gives. */
export const sortLocations = (locations: LocationView[]) =>
  [...locations].sort((a, b) => Number(b.IsMain) - Number(a.IsMain));

type LocationValues = AddressDraft & { IsMain: boolean };

/** Checks a location with the contract's address rules (field → pt-BR message). */
export const validateLocation = contractResolver(addressInput, (v: LocationValues) => toAddressInput(v));

const LocationDialog = ({
  adapter,
  location,
  first,
  onClose,
}: {
  adapter: LocationsAdapter;
  location?: LocationView;
  /** The owner has no location yet: this one is the main one. */
  first: boolean;
  onClose: () => void;
}) => {
  const form = useForm<LocationValues>({
    initialValues: { ...toAddressDraft(location), IsMain: location?.IsMain ?? first },
    validate: validateLocation,
  });
  const save = useAdapterMutation({ invalidate: adapter.invalidate });
  const serverErrors = useServerErrors(form, save.error, adapter.fieldOf);
  const submit = form.onSubmit((v) => {
    const address = toAddressInput(v);
    save.mutate(
      location
        ? { run: () => adapter.update(location, address, v.IsMain), success: 'Localização alterada.' }
        : { run: () => adapter.add(address, v.IsMain), success: 'Localização incluída.' },
      { onSuccess: onClose },
    );
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <AddressForm {...addressFieldsOf(form)} />
        <Checkbox
          label="Localização principal"
          description={
            first
              ? 'A primeira localização é a principal.'
              : location?.IsMain
                ? 'Esta é a principal.'
                : undefined
          }
          disabled={first || location?.IsMain}
          {...form.getInputProps('IsMain', { type: 'checkbox' })}
        />
        <FormActions
          messages={serverErrors}
          busy={save.isPending}
          submitLabel="Salvar localização"
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
};

export type LocationsPanelProps = {
  /** The owner's locations (from its detail). */
  locations: LocationView[];
  adapter: LocationsAdapter;
  /** The user may add, change, remove and choose the main location. */
  canManage: boolean;
};

/**
 * Localizações of any owner (insured, policy holder): CEP, address, district and city/UF, the
 * main one first and marked; add and edit in a dialog with the shared AddressForm (CEP lookup),
 * make another the main one, remove with confirmation. The owner's calls come in `adapter`.
 */
export const LocationsPanel = ({ locations, adapter, canManage }: LocationsPanelProps) => {
  const [editing, setEditing] = useState<{ location?: LocationView } | null>(null);
  const call = useAdapterMutation({ invalidate: adapter.invalidate });
  const close = () => setEditing(null);
  const makeMain = (l: LocationView) =>
    openConfirm({
      title: 'Localização principal',
      message: `Tornar ${locationName(l)} (${cityOf(l)}) a localização principal?`,
      confirmLabel: 'Definir como principal',
      onConfirm: () =>
        call.mutateAsync({
          run: () => adapter.update(l, toAddressInput(toAddressDraft(l)), true),
          success: 'Localização principal alterada.',
        }),
    });
  const remove = (l: LocationView) =>
    openConfirm({
      title: 'Remover localização',
      message: !l.IsMain
        ? `Remover ${locationName(l)}?`
        : adapter.mainMovesOnRemove
          ? `Remover ${locationName(l)}? Ela é a principal: outra localização passa a ser a principal.`
          : `Remover ${locationName(l)}? Ela é a principal: escolha depois qual passa a ser a principal.`,
      danger: true,
      confirmLabel: 'Remover',
      onConfirm: () => call.mutateAsync({ run: () => adapter.remove(l), success: 'Localização removida.' }),
    });
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
              {sortLocations(locations).map((l) => (
                <Table.Tr key={l.Id} data-testid="location">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{maskCep(l.ZipCode)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <span>
                        {locationName(l)}
                        {l.Complement ? ` — ${l.Complement}` : ''}
                      </span>
                      {l.IsMain && <ToneBadge tone="info">Principal</ToneBadge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>{l.Neighborhood ?? '—'}</Table.Td>
                  <Table.Td>{cityOf(l)}</Table.Td>
                  <Table.Td>
                    {canManage && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {!l.IsMain && (
                          <RowAction
                            tip="Definir como principal"
                            label={`Definir ${locationName(l)} como principal`}
                            icon={<IconStar size={16} aria-hidden />}
                            onClick={() => makeMain(l)}
                          />
                        )}
                        <RowAction
                          tip="Editar"
                          label={`Editar ${locationName(l)}`}
                          icon={<IconPencil size={16} aria-hidden />}
                          onClick={() => setEditing({ location: l })}
                        />
                        <RowAction
                          tip="Remover"
                          label={`Remover ${locationName(l)}`}
                          icon={<IconTrash size={16} aria-hidden />}
                          color="red.8"
                          onClick={() => remove(l)}
                        />
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
        onClose={close}
        title={editing?.location ? 'Editar localização' : 'Nova localização'}
        size="lg"
      >
        {editing && (
          <LocationDialog
            adapter={adapter}
            location={editing.location}
            first={locations.length === 0}
            onClose={close}
          />
        )}
      </Popup>
    </Card>
  );
};
