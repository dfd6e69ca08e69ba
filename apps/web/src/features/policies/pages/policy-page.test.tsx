import {
  downloadLastEndorsementDocument,
  downloadPolicyDocument,
  type EndorsementView,
  listEndorsementsByPolicy,
  type PolicyBrief,
} from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { DocumentsTab } from './policy-page.js';

const renderWithProviders = (node: ReactNode) =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

const policy = {
  UniqueId: '00000000-0000-4000-8000-0000000000a1',
  ProposalUniqueId: '00000000-0000-4000-8000-0000000000b1',
  PolicyNumber: '0776.2026.0000001-1',
  HasDocument: true,
  DocumentSha256: 'a'.repeat(64),
  VerificationPath: '/verificar/0776.2026.0000001-1?codigo=ABC',
  SroStatusName: 'Pendente',
  SroDeadline: '2026-01-03',
  SroRegisteredAt: null,
  SroProtocol: null,
} as unknown as PolicyBrief;

const endorsement = (over: Partial<EndorsementView>) =>
  ({ EndorsementId: 1, Number: 1, StatusId: 5, HasDocument: true, ...over }) as EndorsementView;

/** The calls the tab makes, answered by `endorsements`; the downloads give a link each. */
const mockApi = (endorsements: EndorsementView[]) => {
  const saved: string[] = [];
  const call = vi.spyOn(api, 'call').mockImplementation((async (def: unknown) => {
    if (def === listEndorsementsByPolicy) return endorsements;
    if (def === downloadLastEndorsementDocument)
      return { UrlToDownload: 'https://files/endosso', FileName: 'endosso-07762026-2.pdf' };
    if (def === downloadPolicyDocument)
      return { UrlToDownload: 'https://files/apolice', FileName: 'apolice-07762026.pdf' };
    throw new Error('unexpected call');
  }) as never);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      saved.push(url);
      return new Response(new Blob(['%PDF-']), { status: 200 });
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:pdf');
  URL.revokeObjectURL = vi.fn();
  return { call, saved };
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Issue 16: /apolice/{id} downloads the policy PDF and, when there is one, the last endorsement's. */
describe('the documents tab of a policy', () => {
  it("should download the newest approved endorsement's PDF through DownloadLastEndorsementDocument", async () => {
    const { call, saved } = mockApi([
      endorsement({ EndorsementId: 3, Number: 3, StatusId: 3, HasDocument: false }),
      endorsement({ EndorsementId: 2, Number: 2 }),
      endorsement({ EndorsementId: 1, Number: 1 }),
    ]);
    renderWithProviders(<DocumentsTab p={policy} />);
    expect(await screen.findByText('PDF do último endosso (nº 2)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Baixar PDF do último endosso/ }));
    await waitFor(() => expect(saved).toEqual(['https://files/endosso']));
    expect(call).toHaveBeenCalledWith(downloadLastEndorsementDocument, {
      query: { ProposalUniqueId: policy.ProposalUniqueId },
    });

    fireEvent.click(screen.getByRole('button', { name: /Baixar PDF da apólice/ }));
    await waitFor(() => expect(saved).toEqual(['https://files/endosso', 'https://files/apolice']));
    expect(call).toHaveBeenCalledWith(downloadPolicyDocument, {
      query: { ProposalUniqueId: policy.ProposalUniqueId },
    });
  });

  it('should offer no endorsement PDF while no endorsement is approved', async () => {
    const { call } = mockApi([endorsement({ StatusId: 3, HasDocument: false })]);
    renderWithProviders(<DocumentsTab p={policy} />);
    await waitFor(() => expect(call).toHaveBeenCalledWith(listEndorsementsByPolicy, expect.anything()));
    expect(screen.getByRole('button', { name: /Baixar PDF da apólice/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /último endosso/ })).toBeNull();
  });
});
