/** Proposal status codes of spec §3. For property proposals, status 1 is named `Cotacao`. */
export const ProposalStatus = {
  COTACAO_ENVIADA: 1,
  EM_ANALISE: 2,
  AGUARDANDO_EMISSAO: 3,
  AGUARDANDO_PAGAMENTO_BOLETO: 4,
  EMITIDA: 5,
  AGUARDANDO_CORRETOR: 6,
  APROVADA: 7,
  EM_COTACAO: 8,
  EM_INSPECAO: 9,
  REJEITADA: 97,
  RECUSADA: 98,
  CANCELADA: 99,
} as const;

export type ProposalStatusKey = keyof typeof ProposalStatus;
export type ProposalStatusId = (typeof ProposalStatus)[ProposalStatusKey];

export const allProposalStatusIds = Object.values(ProposalStatus) as ProposalStatusId[];

/** Code names of the spec (surety proposals). */
export const proposalStatusNames: Record<ProposalStatusId, string> = {
  1: 'CotacaoEnviada',
  2: 'EmAnalise',
  3: 'AguardandoEmissao',
  4: 'AguardandoPagamentoBoleto',
  5: 'Emitida',
  6: 'AguardandoCorretor',
  7: 'Aprovada',
  8: 'EmCotacao',
  9: 'EmInspecao',
  97: 'Rejeitada',
  98: 'Recusada',
  99: 'Cancelada',
};

/** Code names for property proposals: status 1 is `Cotacao`. */
export const propertyProposalStatusNames: Record<ProposalStatusId, string> = {
  ...proposalStatusNames,
  1: 'Cotacao',
};

/** pt-BR labels shown in lists, badges and the timeline. */
export const proposalStatusLabels: Record<ProposalStatusId, string> = {
  1: 'Cotação',
  2: 'Em análise',
  3: 'Aguardando Emissão',
  4: 'Aguardando Pagamento de Boleto',
  5: 'Emitida',
  6: 'Aguardando Corretor',
  7: 'Aprovada',
  8: 'Em Cotação',
  9: 'Em Inspeção',
  97: 'Rejeitada',
  98: 'Recusada',
  99: 'Cancelada',
};

/** Property proposals share the labels; 9 (Em Inspeção) only occurs for them. */
export const propertyProposalStatusLabels: Record<ProposalStatusId, string> = { ...proposalStatusLabels };

export const isProposalStatusId = (value: unknown): value is ProposalStatusId =>
  typeof value === 'number' && value in proposalStatusLabels;

export const proposalStatusLabel = (
  status: number,
  options: { property?: boolean } = {},
): string | undefined =>
  isProposalStatusId(status)
    ? (options.property ? propertyProposalStatusLabels : proposalStatusLabels)[status]
    : undefined;

/** Statuses a proposal can still leave (everything before issuance that is not final). */
export const openProposalStatusIds: readonly ProposalStatusId[] = [8, 1, 2, 6, 9, 7, 3, 4];

/** Final statuses: no transition leaves them. */
export const finalProposalStatusIds: readonly ProposalStatusId[] = [5, 97, 98, 99];
