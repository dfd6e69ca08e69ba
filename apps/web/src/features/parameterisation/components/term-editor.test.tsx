import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { previewOf, TermEditor } from './term-editor.js';

describe('contractual-term preview', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('should fill known tags with the sample data and show unfilled ones as their label in red', () => {
    const preview = previewOf(
      '<p>[TOMADOR] garante [VALOR_IS] na apólice [NR_APOLICE] de [MODALIDADE]</p>',
      'Licitante',
    );
    expect(preview.text).toContain('Construtora Exemplo Ltda.');
    expect(preview.html).toContain('R$ 150.000,00');
    expect(preview.html).toContain('Licitante');
    expect(preview.html).toMatch(/<span class="tag-missing"[^>]*>Número da Apólice<\/span>/);
    expect(preview.missing).toEqual(['NR_APOLICE']);
  });

  it("should fill the insurer's tags with its own values when they are known", () => {
    const preview = previewOf('<p>[SEGURADORA], CNPJ [CNPJ_SEGURADORA]</p>', undefined, {
      SEGURADORA: 'Aurora Seguros Garantia',
      CNPJ_SEGURADORA: '61.198.164/0001-60',
    });
    expect(preview.text).toBe('<p>Aurora Seguros Garantia, CNPJ 61.198.164/0001-60</p>');
    expect(preview.missing).toEqual([]);
    expect(previewOf('<p>CNPJ [CNPJ_SEGURADORA]</p>').missing).toEqual(['CNPJ_SEGURADORA']);
  });

  it("should render the editor with the tag menu and the preview beside it, with the insurer's values", async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue([
      { Name: 'CNPJ_SEGURADORA', Group: 'insurer', Value: '61.198.164/0001-60' },
      { Name: 'TOMADOR', Group: 'policyHolder', Value: null },
    ] as never);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <TermEditor
            label="Texto"
            value="<p>Segurado [SEGURADO], seguradora CNPJ [CNPJ_SEGURADORA]</p>"
            onChange={() => undefined}
          />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(view.getByRole('button', { name: 'Inserir tag' })).toBeTruthy();
    const preview = view.getByLabelText('Pré-visualização do texto');
    expect(preview.textContent).toContain('Segurado Prefeitura Municipal de Exemplo');
    await waitFor(() => expect(preview.textContent).toContain('seguradora CNPJ 61.198.164/0001-60'));
    expect(call).toHaveBeenCalledTimes(1);
    view.unmount();
  });
});
