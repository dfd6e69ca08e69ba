import {
  getProposalByUniqueId2,
  kanbanProposalChangeStatusRequestDocument,
  kanbanProposalRequestDocument,
  saveProposalRequestDocument,
} from '@aval/contracts';
import { DocumentStatus } from '@aval/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createArchive } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createDraft, quoteSetup, sentToAnalysis } from '../../test/proposals.js';
import { until } from '../../test/wait.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobWorkers: true });
});
// The automatic analysis runs as jobs: slow on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });
afterAll(() => t.close());

const detail = (id: string) =>
  t.data(getProposalByUniqueId2, { as: 'admin', query: { ProposalUniqueId: id } });

const attach = async (proposal: string, document: string) =>
  t.data(saveProposalRequestDocument, {
    as: 'corretor',
    body: {
      ProposalUniqueId: proposal,
      RequestDocumentUniqueId: document,
      ArchiveUniqueIds: [(await createArchive(t, { as: 'corretor' })).uniqueIdentifier],
    },
  });

describe("a proposal's documents while the insurer analyses it", () => {
  it('should send a file the broker attaches to analysis at once, and let it replace a refused one', async () => {
    const s = await quoteSetup(t, { modality: { automaticApprovalLimit: '50000.00' } });
    const draft = await createDraft(t, s, 'corretor');
    // Before sending, a file waits with the proposal (it goes to analysis when the proposal is sent).
    const own = (await detail(draft.UniqueId)).RequestDocuments[0];
    if (own) expect((await attach(draft.UniqueId, own.UniqueId)).StatusId).toBe(DocumentStatus.PENDENTE);
    await sentToAnalysis(t, s, {}, draft.UniqueId);
    const id = draft.UniqueId;
    await until(async () => (await detail(id)).StatusId === 2 && (await detail(id)), 'in analysis');

    // The analyst asks for another document on the card; the broker's file goes to analysis at once.
    const asked = await t.data(kanbanProposalRequestDocument, {
      as: 'admin',
      body: {
        ProposalUniqueId: id,
        Name: 'Cronograma físico-financeiro',
        RequestDocumentTypeId: 1,
        IsRequired: true,
      },
    });
    const sent = await attach(id, asked.UniqueId);
    expect(sent.StatusId).toBe(DocumentStatus.AGUARDANDO_ANALISE);

    // Refused with a reason, it takes a new file, which goes to analysis again; the timeline says so.
    const refused = await t.data(kanbanProposalChangeStatusRequestDocument, {
      as: 'admin',
      body: { RequestDocumentUniqueId: asked.UniqueId, Approve: false, Justification: 'Falta a assinatura.' },
    });
    expect(refused.StatusId).toBe(DocumentStatus.REPROVADO);
    expect((await attach(id, asked.UniqueId)).StatusId).toBe(DocumentStatus.AGUARDANDO_ANALISE);
    const d = await detail(id);
    expect(d.StatusId).toBe(2);
    expect(
      d.TimelineHistory.filter(
        (e) => e.Description === 'Novo arquivo enviado para análise: Cronograma físico-financeiro.',
      ),
    ).toHaveLength(2);
  });
});
