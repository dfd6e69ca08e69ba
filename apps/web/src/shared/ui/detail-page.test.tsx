import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DetailHeader, DetailTabs } from './detail-page.js';

const Search = () => <output aria-label="Busca">{useLocation().search}</output>;

const renderAt = (url: string, canSeePolicies: boolean) => {
  const router = createMemoryRouter(
    [
      {
        path: '/tomador',
        element: (
          <>
            <DetailHeader title="Vale Engenharia" subtitle={['12.345.678/0001-90', null, 'Grupo Vale']} />
            <DetailTabs
              defaultTab="dados"
              tabs={[
                { value: 'dados', label: 'Dados', panel: <p>Painel de dados</p> },
                { value: 'limites', label: 'Limites e taxas', panel: <p>Painel de limites</p> },
                canSeePolicies && { value: 'apolices', label: 'Apólices', panel: <p>Painel de apólices</p> },
              ]}
            />
            <Search />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  return render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
};

describe('DetailHeader and DetailTabs', () => {
  afterEach(cleanup);

  it('should join the subtitle parts given and open the tab named in the URL', () => {
    renderAt('/tomador?aba=limites', true);
    expect(screen.getByRole('heading', { name: 'Vale Engenharia' })).toBeTruthy();
    expect(screen.getByText('12.345.678/0001-90 · Grupo Vale')).toBeTruthy();
    expect(screen.getByText('Painel de limites')).toBeTruthy();
    expect(screen.queryByText('Painel de dados')).toBeNull();
  });

  it('should keep the open tab in the URL and leave the default tab out of it', () => {
    renderAt('/tomador', true);
    expect(screen.getByText('Painel de dados')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Apólices' }));
    expect(screen.getByLabelText('Busca').textContent).toBe('?aba=apolices');
    fireEvent.click(screen.getByRole('tab', { name: 'Dados' }));
    expect(screen.getByLabelText('Busca').textContent).toBe('');
  });

  it('should leave out a tab given as false, its panel too', () => {
    renderAt('/tomador?aba=apolices', false);
    expect(screen.queryByRole('tab', { name: 'Apólices' })).toBeNull();
    expect(screen.queryByText('Painel de apólices')).toBeNull();
  });
});
