import { Checkbox, MantineProvider, Select, TextInput } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chipsOf, FilterBar, useListFilters } from './filter-bar.js';

const renderWithProviders = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

describe('FilterBar', () => {
  afterEach(cleanup);

  it('should keep the secondary filters behind "Mais filtros", show the filters in force as chips and drop one', () => {
    const onRemove = vi.fn();
    const onSubmit = vi.fn();
    renderWithProviders(
      <FilterBar
        label="Filtros de teste"
        primary={<TextInput label="Número" />}
        more={<TextInput label="Segurado" />}
        active={[{ key: 'number', label: 'Número: 62' }]}
        onRemove={onRemove}
        onSubmit={onSubmit}
        onClear={() => undefined}
      />,
    );
    const more = screen.getByRole('button', { name: 'Mais filtros' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(screen.getByRole('button', { name: 'Menos filtros' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('list', { name: 'Filtros aplicados' }).textContent).toContain('Número: 62');
    fireEvent.click(screen.getByRole('button', { name: 'Remover o filtro Número: 62' }));
    expect(onRemove).toHaveBeenCalledWith('number');
    fireEvent.submit(screen.getByRole('form', { name: 'Filtros de teste' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('should start open when a secondary filter is in force', () => {
    renderWithProviders(
      <FilterBar
        label="Filtros de teste"
        primary={<TextInput label="Número" />}
        more={<TextInput label="Segurado" />}
        moreActive
        active={[]}
        onRemove={() => undefined}
        onSubmit={() => undefined}
        onClear={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: 'Menos filtros' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Filtros aplicados' })).toBeNull();
  });

  it('should make a chip of each filter in force and none of an empty one', () => {
    expect(
      chipsOf([
        ['name', 'Nome: Vale'],
        ['document', ''],
        ['status', false],
        ['situation', null],
        ['city', undefined],
      ]),
    ).toEqual([{ key: 'name', label: 'Nome: Vale' }]);
  });

  it('should bind each filter to its input and apply the draft only on Pesquisar', () => {
    const empty = { holder: '', status: null as string | null, steppin: false };
    const shown = vi.fn();
    const List = () => {
      const { field, applied, bar } = useListFilters(empty);
      shown(applied);
      return (
        <FilterBar
          label="Filtros de teste"
          {...bar}
          active={[]}
          primary={
            <>
              <TextInput label="Tomador" {...field.text('holder')} />
              <Select label="Situação" data={['1', '2']} {...field.value('status')} />
              <Checkbox label="Step-in" {...field.check('steppin')} />
            </>
          }
        />
      );
    };
    renderWithProviders(<List />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Tomador' }), { target: { value: 'Vale' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Step-in' }));
    expect((screen.getByRole('textbox', { name: 'Tomador' }) as HTMLInputElement).value).toBe('Vale');
    expect(shown).toHaveBeenLastCalledWith(empty);
    fireEvent.submit(screen.getByRole('form', { name: 'Filtros de teste' }));
    expect(shown).toHaveBeenLastCalledWith({ holder: 'Vale', status: null, steppin: true });
  });
});
