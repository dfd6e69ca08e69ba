/**
 * Our own routes outside endpoints.tsv. Each is documented here; the route-coverage test fails on
 * any other `/api` route that is not a row of the spec.
 */
export const extraRoutes = [
  { method: 'GET', path: '/health', why: 'liveness of the process' },
  { method: 'GET', path: '/ready', why: 'readiness: the database answers' },
  { method: 'GET', path: '/docs', why: 'OpenAPI UI' },
  { method: 'GET', path: '/docs/json', why: 'OpenAPI document' },
  { method: 'GET', path: '/storage/*', why: 'signed, expiring downloads of the local storage driver' },
  {
    method: 'GET',
    path: '/.well-known/jwks.json',
    why: 'public keys for the kanban service to verify tokens',
  },
  {
    method: 'GET',
    path: '/api/Application/GetCompany',
    why: 'the company of a CompanyKey, for the kanban service running on its own (it reads no API table)',
  },
  {
    method: 'GET',
    path: '/api/Security/GetCurrentAccess',
    why: "the bearer's access now (active, session, user type, permissions), for the kanban service running on its own",
  },
  {
    method: 'GET',
    path: '/api/Policy/VerifyPolicy',
    why: 'public authenticity check of a policy (/verificar/{number}, the QR code of the PDF)',
  },
  {
    method: 'GET',
    path: '/api/kanban/v1.0/pipes/{id}/events',
    why: 'real-time board of a pipe (server-sent events): moves, new and updated cards reach every open board',
  },
  {
    method: 'GET',
    path: '/api/kanban/v1.0/cards/{id}/history',
    why: "a card's history of moves on its detail view",
  },
  { method: 'POST', path: '/api/kanban/v1.0/cards/{id}/assignee', why: 'take or release a card (assignee)' },
  {
    method: 'POST',
    path: '/api/kanban/KanbanRequestLimitApproveWithValues',
    why: "approve a limit review with the limit and rate the analyst typed (the spec's calls only recalculate)",
  },
  {
    method: 'GET',
    path: '/api/kanban/v1.0/pipes/stats',
    why: 'BI: time in step per pipe (average and 90th percentile from the card moves) and late cards',
  },
  {
    method: 'GET',
    path: '/api/kanban/GetCardUserNames',
    why: 'the names of the users a card shows (assignee, who moved it): the kanban service keeps only ids',
  },
  {
    method: 'GET',
    path: '/api/kanban/GetCardObservations',
    why: 'the observations of any card (FollowUpSendObservation writes them; the spec shows no read call)',
  },
  {
    method: 'POST',
    path: '/api/Security/ChangeOwnPassword',
    why: 'the signed-in user changes their own password from the user menu (current password required)',
  },
  {
    method: 'GET',
    path: '/api/Proposal/GetProposalIssuance',
    why: 'issuance state of a proposal (what is missing, allowed actions, installments, policy) for its detail screen',
  },
  {
    method: 'POST',
    path: '/api/Proposal/RequestIssuance',
    why: 'approved proposal to issuance (7 → 3), domain.md §3',
  },
  {
    method: 'POST',
    path: '/api/Proposal/IssueProposal',
    why: 'issue (3 → 5) or charge by boleto first (3 → 4)',
  },
  {
    method: 'POST',
    path: '/api/Proposal/ConfirmBankSlipPayment',
    why: 'insurer staff confirm a boleto payment (4 → 5 on the first installment)',
  },
  {
    method: 'POST',
    path: '/api/Proposal/ImportBankReturnFile',
    why: 'bank return file through the replaceable BankSlipProvider: paid boletos confirm their installments',
  },
  {
    method: 'GET',
    path: '/api/Policy/SearchLateSroRegistrations',
    why: 'insurer staff list of policies whose SRO registration is past its 2-business-day deadline',
  },
  {
    method: 'POST',
    path: '/api/Policy/RegisterPolicySro',
    why: 'records the SRO protocol of an issued policy',
  },
  {
    method: 'GET',
    path: '/api/Sro/SearchSroRegistrations',
    why: 'the SRO registrations the system sends to the registradora, by status, for staff with permission 49 (issue 35)',
  },
  {
    method: 'GET',
    path: '/api/Sro/GetPolicySroRegistrations',
    why: "a policy's SRO registrations and protocols on its detail (issue 35)",
  },
  {
    method: 'POST',
    path: '/api/Sro/ResendSroRegistration',
    why: 'resends a rejected or pending SRO registration with the current data (issue 35)',
  },
  {
    method: 'POST',
    path: '/api/Sro/RectifySroRegistration',
    why: 'rectifies a registered SRO record with the current data (issue 35)',
  },
  {
    method: 'POST',
    path: '/api/Sro/RegisterSroManually',
    why: 'records a protocol obtained outside the system during a registradora outage (issue 35)',
  },
  {
    method: 'POST',
    path: '/api/Policy/ImportPortfolio',
    why: "imports an insurer's earlier portfolio (proposals and the policies issued elsewhere, their numbers kept) when it moves to Aval",
  },
  {
    method: 'POST',
    path: '/api/Pep/ImportPepList',
    why: 'the insurer imports the federal PEP list the PEP validation screens against (Circular SUSEP 612/2020; issue 15)',
  },
  { method: 'GET', path: '/api/Pep/GetPepList', why: 'the imported PEP list, paged (issue 15)' },
  {
    method: 'POST',
    path: '/api/Proposal/ApproveProposalManually',
    why: 'manual approval of a proposal in analysis with a justification, permission 27 APROVACAO_MANUAL (issue 15)',
  },
  {
    method: 'GET',
    path: '/api/Home/GetHomeSummary',
    why: "the counts of each user's home (proposals by status, acceptance clocks near the limit, policy holders' limits, pending documents; issue 17)",
  },
  {
    method: 'GET',
    path: '/api/Bi/GetDashboard',
    why: 'the built-in BI dashboard of /bi/embbeded (permission 3): aggregates by SQL over the live tables (issue 17)',
  },
  {
    method: 'GET',
    path: '/api/Bi/GetExternalBiEmbed',
    why: 'a signed, 10-minute Metabase embed URL with the company locked, when the company configured an external BI (issue 17)',
  },
  {
    method: 'GET',
    path: '/api/Bi/GetExternalBiSettings',
    why: "the company's external BI configuration, without its secret (permission 26; issue 17)",
  },
  {
    method: 'PUT',
    path: '/api/Bi/SaveExternalBiSettings',
    why: 'sets or removes the external BI (Metabase site, dashboard, embedding secret kept encrypted; issue 17)',
  },
  {
    method: 'GET',
    path: '/api/PolicyHolder/GetPolicyHolderCCG',
    why: "the holder's CCG where the broker prepares it (Emissão tab): status, signatories, the slot of the signed file (issue 30)",
  },
  {
    method: 'POST',
    path: '/api/PolicyHolder/PreparePolicyHolderCCG',
    why: 'prepares the CCG with its signatories (from the QSA) and sends it for signature: the spec shows no call that creates one (issue 30)',
  },
  {
    method: 'GET',
    path: '/api/PolicyHolder/DownloadPolicyHolderCCG',
    why: 'the CCG as a PDF to print and sign (issue 30)',
  },
  {
    method: 'GET',
    path: '/api/Proposal/GetProposalLegalRules',
    why: 'the legal rules of the guaranteed obligation the proposal breaks, and the recorded release (issue 31)',
  },
  {
    method: 'POST',
    path: '/api/Proposal/OverrideProposalLegalRules',
    why: 'an insurer user with permission 27 releases the broken legal rules with a justification (issue 31)',
  },
  {
    method: 'POST',
    path: '/api/Broker/SaveBrokerProposalCommission',
    why: "the insurer sets a brokerage's own commission range on a modality (GetBrokerProposalCommissions reads it): the spec shows no call that writes it",
  },
  {
    method: 'POST',
    path: '/api/Proposal/SaveReinsuranceRetention',
    why: 'the insurer sets the retention above which the reinsurance validation cedes: the spec shows no call that writes it',
  },
  {
    method: 'POST',
    path: '/api/Person/SaveAdvisorBrokers',
    why: 'the insurer names the broker users an advisor advises (the advisor screens read them): the spec shows no call that writes it',
  },
  {
    method: 'GET',
    path: '/api/Core/GetInsurerRecord',
    why: "the insurer's own record its documents print (legal name, CNPJ, SUSEP code and processes, collecting bank, Pix key, SAC and Ouvidoria): the spec keeps it nowhere",
  },
  {
    method: 'POST',
    path: '/api/Core/SaveInsurerRecord',
    why: "the insurer's administrator edits that record (Parametrização › Dados da seguradora), each change in the shared history",
  },
  {
    method: 'POST',
    path: '/api/PolicyHolder/RegisterPolicyHolder',
    why: 'the insurer registers a policy holder by its CNPJ, with its economic group: the spec shows no call that registers one ("Solicite o cadastro do tomador")',
  },
] as const;
