import {
  calculateFinancialData,
  createProposalRequestDocument,
  getCompanyProposalTagsEndpoint,
  getPendingRequiredRequestDocuments,
  getProposalByUniqueId,
  getProposalByUniqueId2,
  getProposalContractualTerms,
  getProposalRiskChange,
  getProposals,
  insertContractualTerm,
  insertCoverage,
  insertProposalParameterRequestDocument,
  proposalChangeRequestDocumentName,
  proposalDeleteRequestDocument,
  proposalRestoreRequestDocument,
  requestProposalAdjustment,
  resetProposalRiskChange,
  saveProposalRequestDocument,
  searchBrokerProposalByText,
  searchProposals,
  updateCalculateFinancialData,
  updateFinancialData,
  updateProposal,
  updateProposalTimelineInfo,
  validateRetroactivityDays,
} from '@aval/contracts';
import { DocumentStatus, Permission, RequestDocumentType, UserType } from '@aval/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArchive } from '../../test/factories.js';
import { createTestApp, demoUser, type TestApp } from '../../test/harness.js';
import {
  createDraft,
  priceAt20,
  type QuoteSetup,
  quoteSetup,
  sendToAnalysis,
  sentToAnalysis,
} from '../../test/proposals.js';
import { requestDocuments } from '../documents/documents.table.js';
import { policyHolderLocations } from '../policy-holders/policy-holders.table.js';
import { users } from '../users/users.table.js';

let t: TestApp;
let s: QuoteSetup;
beforeAll(async () => {
  t = await createTestApp();
  s = await quoteSetup(t);
});
afterAll(() => t.close());

const current = (uniqueId: string) =>
  t.data(getProposalByUniqueId, { as: 'corretor', query: { ProposalUniqueId: uniqueId } });

/** A proposal sent to analysis (status 2) by the demo broker. */
const inAnalysis = () => sentToAnalysis(t, s);

describe('adjustment requests and the timeline', () => {
  it('should send a proposal back to the broker (2 → 6, clock paused) and back to analysis on the answer', async () => {
    const p = await inAnalysis();
    const byBroker = await t.call(requestProposalAdjustment, {
      as: 'corretor',
      body: { ProposalUniqueId: p.UniqueId, Reason: 'Envie o contrato assinado.' },
    });
    expect(byBroker.status).toBe(403);
    const waiting = await t.data(requestProposalAdjustment, {
      as: 'admin',
      body: {
        ProposalUniqueId: p.UniqueId,
        Version: p.Version,
        Reason: 'Envie o contrato assinado.',
        RequestDocuments: [{ Name: 'Contrato assinado', RequestDocumentTypeId: 1, IsRequired: true }],
      },
    });
    expect(waiting).toMatchObject({ StatusId: 6, StatusName: 'Aguardando Corretor', AcceptancePaused: true });
    const pending = await t.data(getPendingRequiredRequestDocuments, {
      as: 'corretor',
      query: { uniqueId: p.UniqueId },
    });
    expect(pending.map((d) => d.Name)).toContain('Contrato assinado');
    const answered = await t.data(updateProposalTimelineInfo, {
      as: 'corretor',
      body: { ProposalUniqueId: p.UniqueId, Version: waiting.Version, Description: 'Contrato anexado.' },
    });
    expect(answered).toMatchObject({ StatusId: 2, StatusName: 'Em análise' });
    expect(
      answered.TimelineHistory.slice(-2).map((e) => [
        e.TimelineStatusName,
        e.ProposalStatusId,
        e.Description,
      ]),
    ).toEqual([
      ['Corretor', 6, 'Envie o contrato assinado.'],
      ['Seguradora', 2, 'Contrato anexado.'],
    ]);
    const note = await t.call(updateProposalTimelineInfo, {
      as: 'corretor',
      body: { ProposalUniqueId: p.UniqueId, Description: 'Mais uma informação.' },
    });
    expect(note.status).toBe(422);
    const insurerNote = await t.data(updateProposalTimelineInfo, {
      as: 'admin',
      body: { ProposalUniqueId: p.UniqueId, Description: 'Análise de crédito iniciada.' },
    });
    expect(insurerNote.StatusId).toBe(2);
  });

  it('should refuse a too short reason and an adjustment of a draft', async () => {
    const p = await createDraft(t, s);
    const short = await t.call(requestProposalAdjustment, {
      as: 'admin',
      body: { ProposalUniqueId: p.UniqueId, Reason: 'x' },
    });
    expect(short.status).toBe(400);
    const draft = await t.call(requestProposalAdjustment, {
      as: 'admin',
      body: { ProposalUniqueId: p.UniqueId, Reason: 'Envie o contrato.' },
    });
    expect(draft.status).toBe(422);
    const otherCompany = await t.call(updateProposalTimelineInfo, {
      as: { user: 'admin', company: 325 },
      body: { ProposalUniqueId: p.UniqueId, Description: 'Nota de outra seguradora.' },
    });
    expect(otherCompany.status).toBe(404);
  });
});

describe('retroactivity, terms and tags', () => {
  it('should validate the start date against the modality days', async () => {
    const p = await createDraft(t, s);
    const r = await t.data(validateRetroactivityDays, {
      as: 'corretor',
      query: { ProposalUniqueId: p.UniqueId },
    });
    expect(r).toMatchObject({ IsValid: true, RetroactiveDays: 0, AllowedFutureDays: 30, Message: null });
    const bad = await t.call(validateRetroactivityDays, {
      as: 'corretor',
      query: { ProposalUniqueId: 'x' as never },
    });
    expect(bad.status).toBe(400);
  });

  it('should render the special clause with the proposal tags and list the unfilled ones', async () => {
    const p = await createDraft(t, s, 'corretor', {
      ProposalSpecialClause: 'Garantia de [VALOR_IS] para [TOMADOR] até [NR_APOLICE].',
    });
    const terms = await t.data(getProposalContractualTerms, {
      as: 'corretor',
      query: { proposalUniqueId: p.UniqueId },
    });
    const special = terms.find((x) => x.Kind === 'SpecialClause');
    expect(special?.Text).toContain(s.holder.name);
    expect(special?.Text).toContain('R$ 100.000,00');
    expect(special?.MissingTags.map((m) => m.Name)).toContain('NR_APOLICE');
    expect(special?.Html).toContain('tag-missing');
    const tags = await t.data(getCompanyProposalTagsEndpoint, { as: 'corretor' });
    expect(tags.length).toBeGreaterThan(10);
    const denied = await t.call(getCompanyProposalTagsEndpoint, {
      as: { cid: 54, utp: UserType.BROKER, prm: [24] },
    });
    expect(denied.status).toBe(403);
  });
});

describe('the terms a proposal prints (issue 31)', () => {
  const param = { cid: 54, utp: UserType.INSURANCE, prm: [Permission.PARAMETRIZAR_SEGURADORA] };

  it("should fill the holder's address tags and print a coverage's terms only when the proposal took it", async () => {
    const own = await quoteSetup(t);
    await t.database.db.insert(policyHolderLocations).values({
      companyId: 54,
      policyHolderId: own.holder.id,
      zipCode: '01310100',
      addressName: 'Avenida Paulista',
      number: '1578',
      neighborhood: 'Bela Vista',
      stateProvinceId: 35,
      cityId: 3550308,
      isMain: true,
    });
    const labour = await t.data(insertCoverage, {
      as: param,
      body: { ModalityId: own.modality.Id, Name: 'Ações Trabalhistas', IsAdditional: true, Rate: '0.3' },
    });
    await t.data(insertContractualTerm, {
      as: param,
      body: {
        TermType: 5,
        ModalityId: own.modality.Id,
        CoverageId: labour.Id,
        Title: 'Objeto da Cobertura - Ações Trabalhistas',
        Text: '<p>Cobertura trabalhista até [VALOR_IS].</p>',
      },
    });
    const clause =
      'Tomador [TOMADOR], [LOGRADOURO_TOMADOR], [NUMERO_TOMADOR] – [BAIRRO_TOMADOR], [CIDADE_TOMADOR]/[UF_TOMADOR], CEP [CEP_TOMADOR].';
    const titles = async (uniqueId: string) =>
      (
        await t.data(getProposalContractualTerms, { as: 'corretor', query: { proposalUniqueId: uniqueId } })
      ).map((x) => x.Title);

    const without = await createDraft(t, own, 'corretor', { ProposalSpecialClause: clause });
    expect(await titles(without.UniqueId)).not.toContain('Objeto da Cobertura - Ações Trabalhistas');
    const special = (
      await t.data(getProposalContractualTerms, {
        as: 'corretor',
        query: { proposalUniqueId: without.UniqueId },
      })
    ).find((x) => x.Kind === 'SpecialClause')!;
    expect(special.Text).toContain(
      `Tomador ${own.holder.name}, Avenida Paulista, 1578 – Bela Vista, São Paulo/SP, CEP 01310-100.`,
    );
    expect(special.MissingTags).toEqual([]);

    const taken = await createDraft(t, own, 'corretor', {
      CoverageLimits: [{ CoverageId: labour.Id, InsuredAmountValue: '30000.00' }],
    });
    expect(await titles(taken.UniqueId)).toContain('Objeto da Cobertura - Ações Trabalhistas');
  });
});

describe('request documents of a proposal', () => {
  it("should not ask again on a new proposal for the holder's own documents already Conforme on its record", async () => {
    const own = await quoteSetup(t);
    for (const [Name, RequestDocumentTypeId] of [
      ['Contrato social consolidado', RequestDocumentType.POLICY_HOLDER],
      ['Balanço patrimonial', RequestDocumentType.POLICY_HOLDER],
      ['Edital da licitação', RequestDocumentType.PROPOSAL],
    ] as const)
      await t.data(insertProposalParameterRequestDocument, {
        as: 'admin',
        body: { ModalityId: own.modality.Id, Name, RequestDocumentTypeId, IsRequired: true },
      });
    // The holder has its articles of association on file and approved; its balance sheet pending.
    await t.database.db.insert(requestDocuments).values([
      {
        companyId: 54,
        ownerType: 'policy_holder',
        ownerId: own.holder.id,
        name: 'Contrato social consolidado',
        typeId: RequestDocumentType.POLICY_HOLDER,
        isRequired: true,
        statusId: DocumentStatus.CONFORME,
      },
      {
        companyId: 54,
        ownerType: 'policy_holder',
        ownerId: own.holder.id,
        name: 'Balanço patrimonial',
        typeId: RequestDocumentType.POLICY_HOLDER,
        isRequired: true,
        statusId: DocumentStatus.PENDENTE,
      },
    ]);
    const p = await createDraft(t, own);
    const asked = (
      await t.data(getPendingRequiredRequestDocuments, { as: 'corretor', query: { uniqueId: p.UniqueId } })
    ).map((d) => d.Name);
    expect(asked.sort()).toEqual(['Balanço patrimonial', 'Edital da licitação']);
    // Another holder without them on file is asked for all three.
    const other = await quoteSetup(t);
    const q = await createDraft(t, { ...other, modality: own.modality });
    expect(
      (await t.data(getPendingRequiredRequestDocuments, { as: 'corretor', query: { uniqueId: q.UniqueId } }))
        .map((d) => d.Name)
        .sort(),
    ).toEqual(['Balanço patrimonial', 'Contrato social consolidado', 'Edital da licitação']);
  });

  it('should create, rename, attach, delete and restore, and block the sending while a required one is missing', async () => {
    const p = await createDraft(t, s);
    const doc = await t.data(createProposalRequestDocument, {
      as: 'admin',
      body: {
        ProposalUniqueId: p.UniqueId,
        Name: 'Edital da licitação',
        RequestDocumentTypeId: 1,
        IsRequired: true,
      },
    });
    const renamed = await t.data(proposalChangeRequestDocumentName, {
      as: 'admin',
      body: { ProposalUniqueId: p.UniqueId, RequestDocumentUniqueId: doc.UniqueId, Name: 'Edital assinado' },
    });
    expect(renamed.Name).toBe('Edital assinado');
    await priceAt20(t, p.UniqueId);
    const blocked = await sendToAnalysis(t, p.UniqueId);
    expect(blocked.status).toBe(422);
    expect(blocked.errors).toEqual([
      'Anexe os documentos obrigatórios antes de enviar a proposta para análise: Edital assinado.',
    ]);
    const archive = await createArchive(t, { as: 'corretor' });
    const attached = await t.data(saveProposalRequestDocument, {
      as: 'corretor',
      body: {
        ProposalUniqueId: p.UniqueId,
        RequestDocumentUniqueId: doc.UniqueId,
        ArchiveUniqueIds: [archive.uniqueIdentifier],
      },
    });
    expect(attached.Archives).toHaveLength(1);
    expect(
      await t.data(getPendingRequiredRequestDocuments, { as: 'corretor', query: { uniqueId: p.UniqueId } }),
    ).toEqual([]);
    expect(
      await t.data(proposalDeleteRequestDocument, {
        as: 'admin',
        body: { ProposalUniqueId: p.UniqueId, RequestDocumentUniqueId: doc.UniqueId },
      }),
    ).toBe(true);
    const detail = await t.data(getProposalByUniqueId2, {
      as: 'admin',
      query: { ProposalUniqueId: p.UniqueId },
    });
    expect(detail.DeletedRequestDocuments.map((d) => d.UniqueId)).toEqual([doc.UniqueId]);
    expect(
      await t.data(proposalRestoreRequestDocument, {
        as: 'admin',
        body: { ProposalUniqueId: p.UniqueId, RequestDocumentUniqueId: doc.UniqueId },
      }),
    ).toBe(true);
  });

  it('should keep documents to the proposal’s company and to its writers', async () => {
    const p = await createDraft(t, s);
    const otherCompany = await t.call(createProposalRequestDocument, {
      as: { user: 'admin', company: 325 },
      body: { ProposalUniqueId: p.UniqueId, Name: 'Documento', RequestDocumentTypeId: 1 },
    });
    expect(otherCompany.status).toBe(404);
    const viewer = await t.call(createProposalRequestDocument, {
      as: { cid: 54, utp: UserType.BROKER, prm: [Permission.VISUALIZAR_PROPOSTAS] },
      body: { ProposalUniqueId: p.UniqueId, Name: 'Documento', RequestDocumentTypeId: 1 },
    });
    expect(viewer.status).toBe(403);
    const badName = await t.call(createProposalRequestDocument, {
      as: 'admin',
      body: { ProposalUniqueId: p.UniqueId, Name: 'x', RequestDocumentTypeId: 1 },
    });
    expect(badName.status).toBe(400);
  });
});

describe('every call: another company, no permission, bad input', () => {
  const key = (p: { UniqueId: string }) => ({ ProposalUniqueId: p.UniqueId });
  const doc = '00000000-0000-4000-8000-000000000001';
  /** Each call of the area that names a proposal, with a request for that proposal. */
  const calls = (p: { UniqueId: string }) =>
    [
      [updateProposal, { body: { UniqueId: p.UniqueId, Version: 1 } }],
      [getProposalByUniqueId, { query: key(p) }],
      [getProposalByUniqueId2, { query: key(p) }],
      [calculateFinancialData, { body: key(p) }],
      [updateCalculateFinancialData, { body: key(p) }],
      [updateFinancialData, { body: { ...key(p), NumberOfInstallment: 1 } }],
      [requestProposalAdjustment, { body: { ...key(p), Reason: 'Envie o contrato assinado.' } }],
      [updateProposalTimelineInfo, { body: { ...key(p), Description: 'Uma anotação.' } }],
      [getProposalRiskChange, { query: key(p) }],
      [resetProposalRiskChange, { query: key(p) }],
      [validateRetroactivityDays, { query: key(p) }],
      [getPendingRequiredRequestDocuments, { query: { uniqueId: p.UniqueId } }],
      [getProposalContractualTerms, { query: { proposalUniqueId: p.UniqueId } }],
      [
        saveProposalRequestDocument,
        { body: { ...key(p), RequestDocumentUniqueId: doc, ArchiveUniqueIds: [doc] } },
      ],
      [proposalDeleteRequestDocument, { body: { ...key(p), RequestDocumentUniqueId: doc } }],
      [createProposalRequestDocument, { body: { ...key(p), Name: 'Documento', RequestDocumentTypeId: 3 } }],
      [
        proposalChangeRequestDocumentName,
        { body: { ...key(p), RequestDocumentUniqueId: doc, Name: 'Documento' } },
      ],
      [proposalRestoreRequestDocument, { body: { ...key(p), RequestDocumentUniqueId: doc } }],
    ] as const;

  it('should answer 404 to another company for every call that names a proposal', async () => {
    const p = await createDraft(t, s);
    for (const [def, request] of calls(p)) {
      const res = await t.call(def as never, { as: { user: 'admin', company: 325 }, ...request } as never);
      expect([def.path, res.status]).toEqual([def.path, 404]);
    }
  });

  it('should answer 403 to a user without the proposal permissions, for every call of the area', async () => {
    const p = await createDraft(t, s);
    const nobody = { cid: 54, utp: UserType.BROKER, prm: [Permission.GERENCIAR_SEGURADOS] };
    const lists = [
      [getProposals, {}],
      [searchProposals, {}],
      [searchBrokerProposalByText, { query: { TextSearch: 'Tomador' } }],
      [getCompanyProposalTagsEndpoint, {}],
    ] as const;
    for (const [def, request] of [...calls(p), ...lists]) {
      const res = await t.call(def as never, { as: nobody, ...request } as never);
      expect([def.path, res.status]).toEqual([def.path, 403]);
    }
  });

  it('should let permission 7 (broker side) and 32 (insurer side) read every call and change nothing', async () => {
    const p = await createDraft(t, s);
    const [mainBrokerUser] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, 54), eq(users.username, demoUser('corretor', 54))));
    const viewers = {
      // A user of the proposal's own brokerage holding only 7, and insurer staff holding only 32.
      broker: {
        cid: 54,
        sub: String(mainBrokerUser!.id),
        utp: UserType.BROKER,
        prm: [Permission.VISUALIZAR_PROPOSTAS],
      },
      insurer: { cid: 54, utp: UserType.INSURANCE, prm: [Permission.VISUALIZAR_PROPOSTAS_SEGURADORA] },
    };
    const reads = new Set<unknown>([
      getProposalByUniqueId,
      getProposalByUniqueId2,
      calculateFinancialData,
      getProposalRiskChange,
      validateRetroactivityDays,
      getPendingRequiredRequestDocuments,
      getProposalContractualTerms,
    ]);
    for (const [side, as] of Object.entries(viewers)) {
      for (const [def, request] of calls(p)) {
        const res = await t.call(def as never, { as, ...request } as never);
        // Attaching a file (SaveProposalRequestDocument) also needs a document permission (44 or 5).
        const expected = reads.has(def) ? 200 : 403;
        expect([side, def.path, res.status]).toEqual([side, def.path, expected]);
      }
    }
    const listed = await t.data(getProposals, { as: viewers.broker, query: { Number: p.Number } });
    expect(listed.Data.map((d) => d.UniqueId)).toEqual([p.UniqueId]);
    const searched = await t.data(searchProposals, { as: viewers.insurer, query: { Number: p.Number } });
    expect(searched.Data.map((d) => d.UniqueId)).toEqual([p.UniqueId]);
    // Each side's list is its own: a broker never reaches the insurer's search.
    expect((await t.call(searchProposals, { as: viewers.broker })).status).toBe(403);
    // Nothing changed: the draft is still version 1.
    expect((await current(p.UniqueId)).Version).toBe(1);
  });

  it('should answer 400 to a malformed proposal id, for every call that names a proposal', async () => {
    const bad = { UniqueId: 'não-é-um-uuid' };
    for (const [def, request] of calls(bad)) {
      const res = await t.call(def as never, { as: 'admin', ...request } as never);
      expect([def.path, res.status]).toEqual([def.path, 400]);
    }
  });
});
