import type { APIRequestContext } from '@playwright/test';
import { answer, api, type Caller, caller, detail, get, type Json, post } from './api.js';
import { demoUsers } from './support.js';

/**
 * A proposal prepared through the API as the portal calls it, for the journeys whose task starts
 * later (analysis and issuance, the SRO): the broker quotes a Licitante proposal and attaches its
 * documents, the insurer approves them and the holder's branch activity, the broker sends it.
 */

/** A demo policy holder of the main broker with room in its limit. */
export const holderName = 'Tecnologia Vigia Sistemas Ltda.';
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The holder's branch of activity accepted by insurer staff (`staff`), unless it already is. */
export const acceptBranchActivity = async (staff: Caller, holderUniqueId: string) => {
  const branch = await get(
    staff,
    `/api/kanban/GetCardBranchActivityInfo?PolicyHolderUniqueId=${holderUniqueId}`,
  );
  if (!branch.Accepted)
    await post(staff, '/api/kanban/KanbanSaveBranchActivity', {
      PolicyHolderUniqueId: holderUniqueId,
      Accept: true,
    });
};

/**
 * A Licitante proposal of the main demo broker for `holderName`, sent to analysis with its required
 * documents Conforme and the holder's branch activity accepted: the validations run as jobs.
 */
export const sendToAnalysis = async (
  request: APIRequestContext,
  insuredAmount: string,
  options: {
    /** Also a registered beneficiary, a franchise on the main coverage and the modality's first clause. */
    withScope?: boolean;
    /** The co-brokerage (UpdateProposal's CoBrokers: the leader without CoBrokerId). */
    coBrokers?: Json[];
  } = {},
) => {
  const broker = await caller(request, demoUsers.broker.username);
  const insurer = await caller(request, demoUsers.admin.username);
  const drafts = await get(broker, '/api/Proposal/GetProposals?rowsPerPage=50&Status=8');
  const licitante = drafts.Data.find((p: Json) => p.ProductName === 'Licitante');
  const template = await get(
    broker,
    `/api/Proposal/GetProposalByUniqueId?ProposalUniqueId=${licitante.UniqueId}`,
  );
  const holders = await get(
    broker,
    '/api/PolicyHolder/SearchPolicyHoldersRelatedToCurrentUserLogged?rowsPerPage=50',
  );
  const holder = holders.Data.find((h: Json) => h.Name === holderName);
  await acceptBranchActivity(insurer, holder.UniqueId);
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const scope: Json = {};
  let clause: string | undefined;
  if (options.withScope) {
    const modality = await get(broker, `/api/Core/GetModality?modalityId=${template.ProductId}`);
    const [beneficiary] = await get(broker, '/api/Beneficiary/SearchBeneficiary?TextSearch=Caixa');
    scope.Beneficiaries = [{ BeneficiaryId: beneficiary.Id }];
    scope.CoverageLimits = [
      {
        CoverageId: modality.Coverages[0].Id,
        FranchiseTypeId: 1,
        FranchisePercent: '10',
        FranchiseValueStart: '5000.00',
      },
    ];
    scope.ProposalParticularClauseIds = [modality.ParticularClauses[0].Id];
    clause = modality.ParticularClauses[0].Title as string;
  }
  if (options.coBrokers) scope.CoBrokers = options.coBrokers;
  const created = await post(broker, '/api/Proposal/UpdateProposal', {
    ProductId: template.ProductId,
    PolicyHolderUniqueId: holder.UniqueId,
    InsuredId: template.InsuredId,
    StartDate: day(0),
    EndDate: day(180),
    InsuredAmountValue: insuredAmount,
    ProposalObjects: [{ Description: 'Participação no pregão eletrônico nº 77/2026.' }],
    ...scope,
  });
  const id: string = created.UniqueId;
  await post(broker, '/api/Proposal/UpdateCalculateFinancialData', {
    ProposalUniqueId: id,
    ComissionPercentage: '20',
  });
  await post(broker, '/api/Proposal/UpdateProposal', {
    UniqueId: id,
    Version: (await detail(broker, id)).Version,
    Action: 'Quote',
  });
  for (const doc of (await detail(broker, id)).RequestDocuments.filter((d: Json) => d.IsRequired)) {
    const uploaded = await answer(
      await request.post(api('/api/Archive/Upload'), {
        headers: broker.headers,
        multipart: { file: { name: 'documento.pdf', mimeType: 'application/pdf', buffer: pdf } },
      }),
      'upload',
    );
    await post(broker, '/api/Proposal/SaveProposalRequestDocument', {
      ProposalUniqueId: id,
      RequestDocumentUniqueId: doc.UniqueId,
      ArchiveUniqueIds: uploaded.map((u: Json) => u.uniqueIdentifier),
    });
    await post(insurer, '/api/kanban/KanbanProposalChangeStatusRequestDocument', {
      RequestDocumentUniqueId: doc.UniqueId,
      Approve: true,
    });
  }
  await post(broker, '/api/Proposal/UpdateProposal', {
    UniqueId: id,
    Version: (await detail(broker, id)).Version,
    Action: 'SendToAnalysis',
    CommissionDisclosureConfirmed: true,
  });
  return { id, number: created.Number as number, broker, insurer, clause };
};
