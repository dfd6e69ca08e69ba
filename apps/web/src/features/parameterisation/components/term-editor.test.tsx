import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { previewOf, TermEditor } from './term-editor.js';

describe('contractual-term preview', () => {
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

  it('should render the editor with the tag menu and the preview beside it', () => {
    const view = render(
      <MantineProvider>
        <TermEditor label="Texto" value="<p>Segurado [SEGURADO]</p>" onChange={() => undefined} />
      </MantineProvider>,
    );
    expect(view.getByRole('button', { name: 'Inserir tag' })).toBeTruthy();
    const preview = view.getByLabelText('Pré-visualização do texto');
    expect(preview.textContent).toContain('Segurado Prefeitura Municipal de Exemplo');
    view.unmount();
  });
});
