import { codeCatalogue } from './code-catalogue.js';

/** CCG (contrato de contragarantia) status codes of spec §3: label, then the spec's name. */
export const {
  codes: CcgStatus,
  all: allCcgStatusIds,
  names: ccgStatusNames,
  labels: ccgStatusLabels,
} = codeCatalogue({
  CRIADO: [1, 'Criado', 'Criado'],
  AGUARDANDO_ASSINATURA: [2, 'Aguardando Assinatura', 'AguardandoAssinatura'],
  AGUARDANDO_ANALISE_SEGURADORA: [3, 'Aguardando Análise da Seguradora', 'AguardandoAnaliseSeguradora'],
  ASSINADO: [4, 'Assinado', 'Assinado'],
  ALTERACAO_REPROVADA: [5, 'Alteração Reprovada', 'AlteracaoReprovada'],
  AGUARDANDO_CORRETOR: [6, 'Aguardando Corretor', 'AguardandoCorretor'],
});

export type CcgStatusKey = keyof typeof CcgStatus;
export type CcgStatusId = (typeof CcgStatus)[CcgStatusKey];

/**
 * Who signs a CCG (domain.md §5): the policy holder's partners with powers (QSA and proven powers),
 * each individual guarantor (avalista pessoa física) and, when married, the guarantor's spouse.
 */
export const { codes: CcgSignatoryRole, labels: ccgSignatoryRoleLabels } = codeCatalogue({
  SOCIO_COM_PODERES: [1, 'Sócio com poderes'],
  AVALISTA: [2, 'Avalista (pessoa física)'],
  CONJUGE_DO_AVALISTA: [3, 'Cônjuge do avalista'],
});
export type CcgSignatoryRoleId = (typeof CcgSignatoryRole)[keyof typeof CcgSignatoryRole];

/** Branch activity (CNAE) analysis of a policy holder (RAMO_ATIVIDADE card). */
export const { codes: BranchActivityStatus, labels: branchActivityStatusLabels } = codeCatalogue({
  PENDENTE: [1, 'Pendente'],
  ACEITO: [2, 'Aceito'],
  RECUSADO: [3, 'Recusado'],
});
export type BranchActivityStatusId = (typeof BranchActivityStatus)[keyof typeof BranchActivityStatus];
