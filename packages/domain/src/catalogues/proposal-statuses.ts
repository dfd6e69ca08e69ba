import { codeCatalogue } from './code-catalogue.js';

/**
 * Proposal status codes of spec §3: the pt-BR label shown in lists, badges and the timeline, then
 * the spec's code name (surety proposals). For property proposals, status 1 is named `Cotacao`.
 */
export const {
  codes: ProposalStatus,
  all: allProposalStatusIds,
  names: proposalStatusNames,
  labels: proposalStatusLabels,
} = codeCatalogue({
  COTACAO_ENVIADA: [1, 'Cotação', 'CotacaoEnviada'],
  EM_ANALISE: [2, 'Em análise', 'EmAnalise'],
  AGUARDANDO_EMISSAO: [3, 'Aguardando Emissão', 'AguardandoEmissao'],
  AGUARDANDO_PAGAMENTO_BOLETO: [4, 'Aguardando Pagamento de Boleto', 'AguardandoPagamentoBoleto'],
  EMITIDA: [5, 'Emitida', 'Emitida'],
  AGUARDANDO_CORRETOR: [6, 'Aguardando Corretor', 'AguardandoCorretor'],
  APROVADA: [7, 'Aprovada', 'Aprovada'],
  EM_COTACAO: [8, 'Em Cotação', 'EmCotacao'],
  EM_INSPECAO: [9, 'Em Inspeção', 'EmInspecao'],
  REJEITADA: [97, 'Rejeitada', 'Rejeitada'],
  RECUSADA: [98, 'Recusada', 'Recusada'],
  CANCELADA: [99, 'Cancelada', 'Cancelada'],
});

export type ProposalStatusKey = keyof typeof ProposalStatus;
export type ProposalStatusId = (typeof ProposalStatus)[ProposalStatusKey];

/** Code names for property proposals: status 1 is `Cotacao`. */
export const propertyProposalStatusNames: Record<ProposalStatusId, string> = {
  ...proposalStatusNames,
  1: 'Cotacao',
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
