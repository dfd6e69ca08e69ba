import type { InsuredDetail, PolicyHolderDetail } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTab as HolderDataTab } from '../../policy-holders/components/data-tab.js';
import { DataTab as InsuredDataTab } from './data-tab.js';

const renderWithProviders = (node: ReactNode) =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>
    </MantineProvider>,
  );

afterEach(cleanup);

const insured = {
  Id: 7,
  Name: 'Prefeitura Municipal de Campinas',
  InsuredDocument: '46068425000133',
  Email: null,
  Phone: '1932322000',
  IsPrivate: false,
  IsBlocked: false,
  BlockJustification: null,
} as unknown as InsuredDetail;

const holder = {
  UniqueId: '0b5a3c52-0f6e-4a5f-8d1c-1d1b4f0e9a11',
  Name: 'Construtora Horizonte Azul Ltda.',
  TradeName: 'Horizonte Azul',
  Email: 'contato@horizonteazul.com.br',
  Phone: '11987654321',
  Cnae: '4120400',
  CnaeDescription: 'Construção de edifícios',
  FoundingDate: '2004-03-15',
  AnnualRevenue: '125000000.00',
  ShareCapital: null,
  Website: null,
  Permissions: { CanEdit: false },
} as unknown as PolicyHolderDetail;

/** Issue 18 item 9: what a user cannot change reads as text, not as inputs that look editable. */
describe('read-only data screens', () => {
  it('should show an insured to a user without 12 as text, with no input at all', () => {
    renderWithProviders(<InsuredDataTab insured={insured} rights={{ canManage: false, isInsurer: true }} />);
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Salvar nome' })).toBeNull();
    expect(screen.getByText('Prefeitura Municipal de Campinas')).toBeTruthy();
    expect(screen.getByText('46.068.425/0001-33')).toBeTruthy();
    expect(screen.getByText('Órgão público (ramo 0775)')).toBeTruthy();
  });

  it('should keep the insured name editable for a user with 12, the document still as text', () => {
    renderWithProviders(<InsuredDataTab insured={insured} rights={{ canManage: true, isInsurer: true }} />);
    expect(screen.getByRole('textbox', { name: /Nome do segurado/ })).toHaveProperty(
      'value',
      'Prefeitura Municipal de Campinas',
    );
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByRole('switch', { name: /Segurado privado/ })).toBeTruthy();
  });

  it("should show a policy holder's complementary data as formatted text without 13/29", () => {
    renderWithProviders(<HolderDataTab holder={holder} />);
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Salvar dados' })).toBeNull();
    expect(screen.getByText('Horizonte Azul')).toBeTruthy();
    expect(screen.getByText('15/03/2004')).toBeTruthy();
    expect(screen.getByText(/R\$\s125\.000\.000,00/)).toBeTruthy();
    expect(screen.getByText('(11) 98765-4321')).toBeTruthy();
  });

  it('should give a policy holder editor the form', () => {
    renderWithProviders(
      <HolderDataTab holder={{ ...holder, Permissions: { ...holder.Permissions, CanEdit: true } }} />,
    );
    expect(screen.getByRole('textbox', { name: 'Nome fantasia' })).toHaveProperty('value', 'Horizonte Azul');
    expect(screen.getByRole('button', { name: 'Salvar dados' })).toBeTruthy();
  });
});
