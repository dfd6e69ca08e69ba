import type { RequestDocumentView } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  allowedDocumentActions,
  type RequestDocumentsAdapter,
  RequestDocumentsPanel,
  sendableDocuments,
} from './request-documents-panel.js';
import { toneColors } from './tone-badge.js';

const doc = (over: Partial<RequestDocumentView> = {}): RequestDocumentView => ({
  Id: 1,
  UniqueId: '00000000-0000-4000-8000-000000000001',
  Name: 'Contrato social',
  RequestDocumentTypeId: 7,
  RequestDocumentTypeName: 'Segurado',
  IsRequired: true,
  StatusId: 2,
  StatusName: 'Pendente',
  CreatedByInsurer: true,
  IsDeleted: false,
  ReviewNote: null,
  Archives: [],
  UpdatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const approved = doc({
  Id: 2,
  UniqueId: '00000000-0000-4000-8000-000000000002',
  Name: 'Cartão CNPJ',
  StatusId: 1,
  StatusName: 'Conforme',
  Archives: [
    {
      ArchiveUniqueId: '00000000-0000-4000-8000-0000000000a1',
      Name: 'cartao-cnpj.pdf',
      Extension: 'pdf',
      CreatedAt: '2026-01-01T00:00:00.000Z',
      UploadedByName: 'Helena Duarte',
    },
  ],
});

const renderPanel = (adapter: RequestDocumentsAdapter, permissions: number[]) => {
  // happy-dom has no matchMedia; Mantine reads it for the colour scheme.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RequestDocumentsPanel
          adapter={adapter}
          queryKey={['test-docs']}
          documentTypes={[7]}
          permissions={new Set(permissions)}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
};

/** WCAG relative luminance contrast of two #rrggbb colours. */
const contrast = (a: string, b: string) => {
  const lum = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('request documents panel', () => {
  afterEach(cleanup);

  it('should offer only the actions the adapter provides and the user may perform when listing actions', () => {
    const adapter: RequestDocumentsAdapter = {
      list: async () => [],
      create: async () => undefined,
      upload: async () => undefined,
      remove: async () => undefined,
    };
    expect([...allowedDocumentActions(adapter, new Set([44, 45, 46, 47]))].sort()).toEqual([
      'create',
      'remove',
      'upload',
    ]);
    expect([...allowedDocumentActions(adapter, new Set([44]))]).toEqual(['upload']);
    expect([...allowedDocumentActions(adapter, new Set([5]))].sort()).toEqual(['create', 'upload']);
    expect(allowedDocumentActions(adapter, new Set([44, 45, 46]), true).size).toBe(0);
  });

  it('should send only pending or rejected documents with files when submitting to analysis', () => {
    const rejected = doc({ Id: 3, StatusId: 4, StatusName: 'Reprovado', Archives: approved.Archives });
    expect(sendableDocuments([doc(), approved, rejected]).map((d) => d.Id)).toEqual([3]);
  });

  it('should keep every status badge at contrast 4.5:1 or more when rendering tones', () => {
    for (const { bg, c } of Object.values(toneColors)) expect(contrast(bg, c)).toBeGreaterThanOrEqual(4.5);
  });

  it('should show statuses, download links and permitted actions when documents are listed', async () => {
    const adapter: RequestDocumentsAdapter = {
      list: async () => ({
        documents: [doc(), approved],
        deleted: [doc({ Id: 9, UniqueId: 'x', Name: 'RG antigo' })],
      }),
      create: async () => undefined,
      upload: async () => undefined,
      remove: async () => undefined,
      restore: async () => undefined,
    };
    renderPanel(adapter, [44, 45, 46]);
    expect(await screen.findByText('Contrato social')).toBeTruthy();
    expect(screen.getByText('Pendente')).toBeTruthy();
    expect(screen.getByText('Conforme')).toBeTruthy();
    expect(screen.getByRole('button', { name: /cartao-cnpj\.pdf/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Solicitar documento' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar arquivos para Contrato social' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remover Cartão CNPJ' })).toBeTruthy();
    // No rename call in the adapter; no restore permission (47); no submit call.
    expect(screen.queryByRole('button', { name: /Renomear/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Restaurar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enviar para análise' })).toBeNull();
    expect(screen.getByText('RG antigo')).toBeTruthy();
  });

  it('should show no actions when the user holds none of 44-47', async () => {
    const adapter: RequestDocumentsAdapter = {
      list: async () => [doc()],
      create: async () => undefined,
      upload: async () => undefined,
      remove: async () => undefined,
    };
    renderPanel(adapter, [11]);
    expect(await screen.findByText('Contrato social')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('should create a document through the adapter and reload the list when the form is sent', async () => {
    const documents = [doc()];
    const adapter: RequestDocumentsAdapter = {
      list: vi.fn(async () => [...documents]),
      create: vi.fn(async (input) => {
        documents.push(doc({ Id: 5, UniqueId: 'new', Name: input.Name }));
      }),
    };
    renderPanel(adapter, [45]);
    fireEvent.click(await screen.findByRole('button', { name: 'Solicitar documento' }));
    fireEvent.change(await screen.findByLabelText(/Nome do documento/), {
      target: { value: 'Alvará de funcionamento' },
    });
    fireEvent.click(screen.getByLabelText('Documento obrigatório'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.submit(dialog.querySelector('form')!);
    await waitFor(() =>
      expect(adapter.create).toHaveBeenCalledWith({
        Name: 'Alvará de funcionamento',
        RequestDocumentTypeId: 7,
        IsRequired: true,
      }),
    );
    expect(await screen.findByText('Alvará de funcionamento')).toBeTruthy();
    expect(adapter.list).toHaveBeenCalledTimes(2);
  });

  it('should show the server message inside the list when loading fails', async () => {
    const adapter: RequestDocumentsAdapter = {
      list: async () => {
        throw Object.assign(new Error('x'), { messages: ['Segurado não encontrado.'] });
      },
    };
    renderPanel(adapter, []);
    expect(await screen.findByText('Segurado não encontrado.')).toBeTruthy();
  });
});
