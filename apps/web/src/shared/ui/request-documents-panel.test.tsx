import { type RequestDocumentView, UserType } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../app/api.js';
import { modalsHostMounted } from '../../app/layout/modals-host-state.js';
import { ApiError } from '../api/client.js';
import {
  allowedDocumentActions,
  type DocumentsUser,
  documentRowActions,
  type RequestDocumentsAdapter,
  sendableDocuments,
} from './request-documents-adapter.js';
import { RequestDocumentsPanel } from './request-documents-panel.js';
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

const file = {
  ArchiveUniqueId: '00000000-0000-4000-8000-0000000000a1',
  Name: 'cartao-cnpj',
  Extension: 'pdf',
  CreatedAt: '2026-01-01T00:00:00.000Z',
  UploadedByName: 'Helena Duarte',
};

const approved = doc({
  Id: 2,
  UniqueId: '00000000-0000-4000-8000-000000000002',
  Name: 'Cartão CNPJ',
  StatusId: 1,
  StatusName: 'Conforme',
  Archives: [file],
});

const inAnalysis = doc({
  Id: 3,
  UniqueId: '00000000-0000-4000-8000-000000000003',
  Name: 'Balanço 2025',
  StatusId: 3,
  StatusName: 'Aguardando Análise',
  Archives: [{ ...file, ArchiveUniqueId: '00000000-0000-4000-8000-0000000000a2', Name: 'balanco.pdf' }],
});

const base = { queryKey: ['test-docs'], documentTypes: [7] } as const;

const owner = (permissions: number[], userType: number = UserType.BROKER): DocumentsUser => ({
  permissions: new Set(permissions),
  userType,
});

const renderPanel = (adapter: RequestDocumentsAdapter, user: DocumentsUser) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Confirmations open through the kit's modals host, mounted here as the portal layout does.
  modalsHostMounted();
  return render(
    <MantineProvider>
      <ModalsProvider>
        <QueryClientProvider client={client}>
          <RequestDocumentsPanel adapter={adapter} user={user} />
        </QueryClientProvider>
      </ModalsProvider>
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

const confirmIn = async (title: string, button: string) =>
  fireEvent.click(
    within(await screen.findByRole('dialog', { name: title })).getByRole('button', { name: button }),
  );

describe('request documents panel', () => {
  afterEach(cleanup);

  it('should offer only the actions the adapter provides and the user may perform when listing actions', () => {
    const adapter: RequestDocumentsAdapter = {
      ...base,
      list: async () => [],
      create: async () => undefined,
      upload: async () => undefined,
      remove: async () => undefined,
    };
    expect([...allowedDocumentActions(adapter, owner([44, 45, 46, 47]))].sort()).toEqual([
      'create',
      'remove',
      'upload',
    ]);
    expect([...allowedDocumentActions(adapter, owner([44]))]).toEqual(['upload']);
    expect([...allowedDocumentActions(adapter, owner([5]))].sort()).toEqual(['create', 'upload']);
    expect(allowedDocumentActions({ ...adapter, readOnly: true }, owner([44, 45, 46])).size).toBe(0);
  });

  it("should also require the endpoint's permissions and user types when the adapter names them", () => {
    const adapter: RequestDocumentsAdapter = {
      ...base,
      list: async () => [],
      create: async () => undefined,
      upload: async () => undefined,
      access: {
        create: { permissions: [21], userTypes: [UserType.INSURANCE] },
        upload: { permissions: [2, 44] },
      },
    };
    expect([...allowedDocumentActions(adapter, owner([44, 45]))]).toEqual(['upload']);
    expect([...allowedDocumentActions(adapter, owner([5]))]).toEqual([]);
    expect([...allowedDocumentActions(adapter, owner([2, 5, 21]))]).toEqual(['upload']);
    expect([...allowedDocumentActions(adapter, owner([2, 5, 21], UserType.INSURANCE))].sort()).toEqual([
      'create',
      'upload',
    ]);
  });

  it('should leave the analysis to the insurer and follow the status of each document', () => {
    const adapter: RequestDocumentsAdapter = {
      ...base,
      list: async () => [],
      upload: async () => undefined,
      remove: async () => undefined,
      review: async () => undefined,
    };
    const broker = owner([44, 45, 46]);
    const insurer = owner([44, 45, 46], UserType.INSURANCE);
    expect(allowedDocumentActions(adapter, broker).has('review')).toBe(false);
    const all = (u: DocumentsUser, d: RequestDocumentView) =>
      [...documentRowActions(d, allowedDocumentActions(adapter, u), u)].sort();
    expect(all(broker, doc())).toEqual(['remove', 'upload']);
    // In analysis: no new files (the API refuses); approved: only the insurer changes it.
    expect(all(broker, inAnalysis)).toEqual(['remove']);
    expect(all(broker, approved)).toEqual([]);
    expect(all(insurer, approved)).toEqual(['remove', 'upload']);
    expect(all(insurer, inAnalysis)).toEqual(['remove', 'review']);
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
      ...base,
      list: async () => ({
        RequestDocuments: [
          doc(),
          approved,
          doc({ ...inAnalysis, StatusId: 4, StatusName: 'Reprovado', ReviewNote: 'Ilegível' }),
        ],
        DeletedRequestDocuments: [doc({ Id: 9, UniqueId: 'x', Name: 'RG antigo' })],
      }),
      create: async () => undefined,
      upload: async () => undefined,
      remove: async () => undefined,
      restore: async () => undefined,
    };
    renderPanel(adapter, owner([44, 45, 46], UserType.INSURANCE));
    expect(await screen.findByText('Contrato social')).toBeTruthy();
    expect(screen.getByText('Pendente')).toBeTruthy();
    expect(screen.getByText('Conforme')).toBeTruthy();
    expect(screen.getByText('Motivo: Ilegível')).toBeTruthy();
    expect(screen.getByTestId('documents-summary').textContent).toBe(
      '3 documentos · 2 obrigatório(s) sem aprovação',
    );
    // The file is saved with its extension.
    expect(screen.getByRole('button', { name: /cartao-cnpj\.pdf/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Solicitar documento' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar arquivos para Contrato social' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remover Cartão CNPJ' })).toBeTruthy();
    // No rename call in the adapter; no restore permission (47); no submit call.
    expect(screen.queryByRole('button', { name: /Renomear/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Enviar para análise/ })).toBeNull();
    // Removed documents are one click away.
    expect(screen.queryByText('RG antigo')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Removidos' }));
    expect(await screen.findByText('RG antigo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Restaurar/ })).toBeNull();
  });

  it('should show no actions when the user holds none of 44-47', async () => {
    const adapter: RequestDocumentsAdapter = {
      ...base,
      list: async () => [doc()],
      create: async () => undefined,
      upload: async () => undefined,
      remove: async () => undefined,
    };
    renderPanel(adapter, owner([11]));
    expect(await screen.findByText('Contrato social')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('should create a document through the adapter and reload the list when the form is sent', async () => {
    const documents = [doc()];
    const adapter: RequestDocumentsAdapter = {
      ...base,
      list: vi.fn(async () => [...documents]),
      create: vi.fn(async (input) => {
        documents.push(doc({ Id: 5, UniqueId: 'new', Name: input.Name }));
      }),
    };
    renderPanel(adapter, owner([45]));
    fireEvent.click(await screen.findByRole('button', { name: 'Solicitar documento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar documento' });
    fireEvent.change(within(dialog).getByLabelText(/Nome do documento/), { target: { value: 'Al' } });
    fireEvent.submit(dialog.querySelector('form')!);
    expect(
      await within(dialog).findByText('O nome do documento deve ter ao menos 3 caracteres.'),
    ).toBeTruthy();
    expect(adapter.create).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/Nome do documento/), {
      target: { value: 'Alvará de funcionamento' },
    });
    fireEvent.click(within(dialog).getByLabelText('Documento obrigatório'));
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

  it('should list removed documents from their own call and restore one after confirming', async () => {
    const old = doc({ Id: 9, UniqueId: 'gone', Name: 'RG antigo', IsDeleted: true });
    const removed = [old];
    const adapter: RequestDocumentsAdapter = {
      ...base,
      kind: 'own',
      deletedQueryKey: ['test-docs-removed'],
      list: async () => [approved],
      listDeleted: vi.fn(async () => [...removed]),
      restore: vi.fn(async () => {
        removed.length = 0;
      }),
    };
    renderPanel(adapter, owner([47], UserType.INSURANCE));
    expect(await screen.findByText('Cartão CNPJ')).toBeTruthy();
    // Fetched only when the user looks at them.
    expect(adapter.listDeleted).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: 'Removidos' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restaurar RG antigo' }));
    await confirmIn('Restaurar documento', 'Restaurar');
    await waitFor(() => expect(adapter.restore).toHaveBeenCalledWith(old));
    expect(await screen.findByText('Nenhum documento removido')).toBeTruthy();
  });

  it('should send the documents with files to analysis after confirming', async () => {
    const rejected = doc({
      Id: 4,
      UniqueId: 'r',
      Name: 'Procuração',
      StatusId: 4,
      StatusName: 'Reprovado',
      Archives: [file],
    });
    const adapter: RequestDocumentsAdapter = {
      ...base,
      list: async () => [doc(), rejected, approved],
      submit: vi.fn(async () => undefined),
    };
    renderPanel(adapter, owner([44]));
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar para análise (1)' }));
    await confirmIn('Enviar para análise', 'Enviar');
    await waitFor(() => expect(adapter.submit).toHaveBeenCalledWith([rejected]));
  });

  it('should record the insurer analysis and ask the reason when rejecting', async () => {
    const adapter: RequestDocumentsAdapter = {
      ...base,
      list: async () => [inAnalysis],
      review: vi.fn(async () => undefined),
    };
    renderPanel(adapter, owner([45], UserType.INSURANCE));
    fireEvent.click(await screen.findByRole('button', { name: 'Analisar Balanço 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Analisar documento' });
    fireEvent.click(within(dialog).getByLabelText('Reprovar'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar análise' }));
    expect(await within(dialog).findByText('Informe o motivo da reprovação.')).toBeTruthy();
    expect(adapter.review).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/Motivo da reprovação/), {
      target: { value: 'Balanço sem assinatura' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar análise' }));
    await waitFor(() =>
      expect(adapter.review).toHaveBeenCalledWith(inAnalysis, {
        approve: false,
        note: 'Balanço sem assinatura',
      }),
    );
  });

  it('should show the server message inside the list when loading fails', async () => {
    const adapter: RequestDocumentsAdapter = {
      ...base,
      list: async () => {
        throw Object.assign(new Error('x'), { messages: ['Segurado não encontrado.'] });
      },
    };
    renderPanel(adapter, owner([]));
    expect(await screen.findByText('Segurado não encontrado.')).toBeTruthy();
  });

  it('should explain who may see the documents when the list answers 403 and the adapter says so', async () => {
    const adapter: RequestDocumentsAdapter = {
      ...base,
      forbiddenMessage: 'Somente a seguradora vê estes documentos.',
      list: async () => {
        throw new ApiError(403, ['Este recurso não está disponível para o seu tipo de usuário.']);
      },
    };
    renderPanel(adapter, owner([]));
    expect(await screen.findByText('Somente a seguradora vê estes documentos.')).toBeTruthy();
  });
});

describe('upload dialog of the request documents panel', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  type Sending = { name: string; progress: (p: number) => void; done: () => void; fail: (m: string) => void };

  /** Every file sent to /api/Archive/Upload waits until the test finishes or fails it. */
  const fakeStorage = () => {
    const sending: Sending[] = [];
    vi.spyOn(api, 'upload').mockImplementation(
      (_def, form, options) =>
        new Promise((resolve, reject) => {
          const name = (form.get('file') as File).name;
          sending.push({
            name,
            progress: (p) => options?.onProgress?.(p),
            done: () =>
              resolve([
                { name, uniqueIdentifier: `id-${name}`, extension: 'pdf', relativePath: name },
              ] as never),
            fail: (m) => reject(new ApiError(422, [m])),
          });
        }),
    );
    return sending;
  };

  /** Opens the upload dialog of a pending document and drops the files; every upload waits. */
  const startUpload = async (...names: string[]) => {
    const sending = fakeStorage();
    const adapter: RequestDocumentsAdapter = {
      ...base,
      list: async () => [doc()],
      upload: vi.fn(async () => undefined),
    };
    renderPanel(adapter, owner([44]));
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar arquivos para Contrato social' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar arquivos' });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    const files = names.map((n) => new File(['%PDF-1.4'], n, { type: 'application/pdf' }));
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    fireEvent.change(input);
    await waitFor(() => expect(sending).toHaveLength(names.length));
    const attach = within(dialog).getByRole('button', { name: /Anexar/ });
    return { sending, adapter, dialog, attach };
  };

  it('should not let the user attach while a file is still uploading', async () => {
    const { sending, adapter, dialog, attach } = await startUpload('contrato.pdf', 'anexo.pdf');
    sending[0]!.done();
    sending[1]!.progress(10);
    // One file is ready, the other is at 10 %: attaching now would drop it without a word.
    await waitFor(() =>
      expect(
        within(dialog).getByRole('progressbar', { name: 'Envio de anexo.pdf' }).getAttribute('aria-valuenow'),
      ).toBe('10'),
    );
    expect(within(dialog).getByText('10 %')).toBeTruthy();
    expect(await within(dialog).findByText('Aguarde o fim do envio de 1 arquivo para anexar.')).toBeTruthy();
    expect(attach.hasAttribute('disabled')).toBe(true);
    fireEvent.click(attach);
    expect(adapter.upload).not.toHaveBeenCalled();

    sending[1]!.done();
    await waitFor(() => expect(attach.hasAttribute('disabled')).toBe(false));
    expect(attach.textContent).toBe('Anexar 2 arquivos ao documento');
    fireEvent.click(attach);
    await waitFor(() =>
      expect(adapter.upload).toHaveBeenCalledWith(doc(), ['id-contrato.pdf', 'id-anexo.pdf']),
    );
  });

  it('should keep a failed file visible with its error and attach only the files that arrived', async () => {
    const { sending, adapter, dialog, attach } = await startUpload('contrato.pdf', 'virus.exe');
    sending[1]!.fail('Tipo de arquivo não aceito.');
    expect(await within(dialog).findByText('Tipo de arquivo não aceito.')).toBeTruthy();
    expect(attach.hasAttribute('disabled')).toBe(true);
    sending[0]!.done();
    await waitFor(() => expect(attach.hasAttribute('disabled')).toBe(false));
    expect(within(dialog).getByLabelText('Falhou')).toBeTruthy();
    expect(within(dialog).getByText('virus.exe')).toBeTruthy();
    expect(within(dialog).getByText(/1 arquivo não foi enviado e não será anexado/)).toBeTruthy();
    fireEvent.click(attach);
    await waitFor(() => expect(adapter.upload).toHaveBeenCalledWith(doc(), ['id-contrato.pdf']));
  });
});
