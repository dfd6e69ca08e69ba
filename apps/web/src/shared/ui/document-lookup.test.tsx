import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentLookup, type DocumentLookupInput } from './document-lookup.js';

const Harness = ({
  needsName,
  onLookup,
}: {
  needsName: boolean;
  onLookup: (i: DocumentLookupInput) => void;
}) => {
  const [document, setDocument] = useState('');
  return (
    <DocumentLookup
      documentLabel="CPF/CNPJ do segurado"
      nameLabel="Nome do segurado"
      findLabel="Buscar segurado"
      registerLabel="Cadastrar segurado"
      document={document}
      onDocumentChange={setDocument}
      needsName={needsName}
      message={needsName ? 'Segurado não cadastrado. Informe o nome para cadastrá-lo.' : null}
      onLookup={onLookup}
    />
  );
};

describe('find or register by CPF/CNPJ', () => {
  afterEach(cleanup);

  it('should find by the document, then ask for the name and send it trimmed to register', () => {
    const lookup = vi.fn();
    const { rerender } = render(
      <MantineProvider>
        <Harness needsName={false} onLookup={lookup} />
      </MantineProvider>,
    );
    fireEvent.change(screen.getByLabelText('CPF/CNPJ do segurado'), { target: { value: '11222333000181' } });
    expect(screen.queryByLabelText('Nome do segurado')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Buscar segurado' }));
    expect(lookup).toHaveBeenLastCalledWith({ Document: '11.222.333/0001-81' });
    rerender(
      <MantineProvider>
        <Harness needsName onLookup={lookup} />
      </MantineProvider>,
    );
    expect(screen.getByText('Segurado não cadastrado. Informe o nome para cadastrá-lo.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nome do segurado'), {
      target: { value: '  Prefeitura de Teste ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar segurado' }));
    expect(lookup).toHaveBeenLastCalledWith({ Document: '11.222.333/0001-81', Name: 'Prefeitura de Teste' });
  });
});
