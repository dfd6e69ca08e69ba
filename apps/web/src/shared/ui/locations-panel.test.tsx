import type { LocationView } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { modalsHostMounted } from '../../app/layout/modals-host-state.js';
import { ApiError } from '../api/client.js';
import { locationKeys } from '../api/locations.js';
import type { LocationsAdapter } from './locations-adapter.js';
import { LocationsPanel, sortLocations } from './locations-panel.js';

const paulista: LocationView = {
  Id: 1,
  ZipCode: '01310100',
  AddressName: 'Avenida Paulista',
  Number: '1578',
  Complement: null,
  Neighborhood: 'Bela Vista',
  StateProvinceId: 35,
  StateCode: 'SP',
  CityId: 3550308,
  CityName: 'São Paulo',
  IsMain: true,
};
const augusta: LocationView = {
  ...paulista,
  Id: 2,
  ZipCode: '01305000',
  AddressName: 'Rua Augusta',
  Number: '10',
  IsMain: false,
};

const adapterWith = (over: Partial<LocationsAdapter> = {}): LocationsAdapter => ({
  invalidate: [['owner']],
  mainMovesOnRemove: true,
  add: vi.fn(async () => undefined),
  update: vi.fn(async () => undefined),
  remove: vi.fn(async () => undefined),
  ...over,
});

const renderPanel = (locations: LocationView[], adapter: LocationsAdapter, canManage = true) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The address selects read the one cached list of states and cities.
  client.setQueryData(locationKeys.states(), [{ Id: 35, Code: 'SP', Name: 'São Paulo' }]);
  client.setQueryData(locationKeys.cities(35), [{ Id: 3550308, Name: 'São Paulo', StateProvinceId: 35 }]);
  modalsHostMounted();
  render(
    <MantineProvider>
      <ModalsProvider>
        <QueryClientProvider client={client}>
          <LocationsPanel locations={locations} adapter={adapter} canManage={canManage} />
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
  return client;
};

const confirmIn = async (title: string, button: string) => {
  const dialog = await screen.findByRole('dialog', { name: title });
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  return dialog;
};

// Rendering Mantine dialogs in happy-dom takes seconds on a loaded machine.
describe('locations panel', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('should list the main location first, marked, with CEP and city/UF', async () => {
    expect(sortLocations([augusta, paulista]).map((l) => l.Id)).toEqual([1, 2]);
    renderPanel([augusta, paulista], adapterWith());
    const rows = screen.getAllByTestId('location');
    expect(rows[0]!.textContent).toContain('Avenida Paulista, 1578');
    expect(within(rows[0]!).getByText('Principal')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('01305-000');
    expect(rows[1]!.textContent).toContain('São Paulo/SP');
    // The main one cannot be made main again.
    expect(
      screen.queryByRole('button', { name: 'Definir Avenida Paulista, 1578 como principal' }),
    ).toBeNull();
    expect(screen.getByRole('button', { name: 'Definir Rua Augusta, 10 como principal' })).toBeTruthy();
  });

  it("should show the contract's messages on the address fields and call nothing when a new location is incomplete", async () => {
    const adapter = adapterWith();
    renderPanel([], adapter);
    fireEvent.click(screen.getByRole('button', { name: 'Nova localização' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova localização' });
    // The first location is the main one.
    const main = within(dialog).getByLabelText('Localização principal') as HTMLInputElement;
    expect(main.checked).toBe(true);
    expect(main.disabled).toBe(true);
    fireEvent.submit(dialog.querySelector('form')!);
    for (const message of [
      'Informe o CEP.',
      'Informe o logradouro.',
      'Informe o estado.',
      'Informe a cidade.',
    ])
      expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(adapter.add).not.toHaveBeenCalled();
    // Typing into a field clears its message only.
    fireEvent.change(within(dialog).getByLabelText(/Logradouro/), { target: { value: 'Rua Nova' } });
    await waitFor(() => expect(within(dialog).queryByText('Informe o logradouro.')).toBeNull());
    expect(within(dialog).getByText('Informe o CEP.')).toBeTruthy();
  });

  it("should save a change through the adapter and show a server's field message on its field", async () => {
    const refusal = new ApiError(400, ['CEP inválido'], {
      Errors: ['CEP inválido'],
      Fields: [{ Field: 'Locations.0.ZipCode', Message: 'CEP inválido' }],
    });
    const update = vi.fn().mockRejectedValueOnce(refusal).mockResolvedValueOnce(undefined);
    const adapter = adapterWith({ update, fieldOf: (p) => p.replace(/^Locations\.\d+\./, '') });
    renderPanel([paulista, augusta], adapter);
    fireEvent.click(screen.getByRole('button', { name: 'Editar Rua Augusta, 10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar localização' });
    expect((within(dialog).getByLabelText(/^CEP/) as HTMLInputElement).value).toBe('01305-000');
    fireEvent.change(within(dialog).getByLabelText('Número'), { target: { value: '12' } });
    fireEvent.submit(dialog.querySelector('form')!);
    // On the CEP field, not repeated in an alert.
    expect(await within(dialog).findByText('CEP inválido')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    const address = {
      ZipCode: '01305000',
      AddressName: 'Rua Augusta',
      Number: '12',
      Complement: null,
      Neighborhood: 'Bela Vista',
      StateProvinceId: 35,
      CityId: 3550308,
    };
    expect(update).toHaveBeenCalledWith(augusta, address, false);
    fireEvent.submit(dialog.querySelector('form')!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar localização' })).toBeNull());
    expect(update).toHaveBeenCalledTimes(2);
  });

  it('should make a location the main one after confirming and say what happens when the main one is removed', async () => {
    const adapter = adapterWith({ mainMovesOnRemove: false });
    renderPanel([paulista, augusta], adapter);
    fireEvent.click(screen.getByRole('button', { name: 'Definir Rua Augusta, 10 como principal' }));
    await confirmIn('Localização principal', 'Definir como principal');
    await waitFor(() =>
      expect(adapter.update).toHaveBeenCalledWith(
        augusta,
        expect.objectContaining({ ZipCode: '01305000' }),
        true,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remover Avenida Paulista, 1578' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover localização' });
    expect(dialog.textContent).toContain('escolha depois qual passa a ser a principal');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(adapter.remove).toHaveBeenCalledWith(paulista));
  });

  it('should offer no action when the user may not manage the locations', () => {
    renderPanel([paulista, augusta], adapterWith(), false);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
