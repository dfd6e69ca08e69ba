/** CCG (contrato de contragarantia) status codes of spec §3. */
export const CcgStatus = {
  CRIADO: 1,
  AGUARDANDO_ASSINATURA: 2,
  AGUARDANDO_ANALISE_SEGURADORA: 3,
  ASSINADO: 4,
  ALTERACAO_REPROVADA: 5,
  AGUARDANDO_CORRETOR: 6,
} as const;

export type CcgStatusKey = keyof typeof CcgStatus;
export type CcgStatusId = (typeof CcgStatus)[CcgStatusKey];

export const allCcgStatusIds = Object.values(CcgStatus) as CcgStatusId[];

export const ccgStatusNames: Record<CcgStatusId, string> = {
  1: 'Criado',
  2: 'AguardandoAssinatura',
  3: 'AguardandoAnaliseSeguradora',
  4: 'Assinado',
  5: 'AlteracaoReprovada',
  6: 'AguardandoCorretor',
};

export const ccgStatusLabels: Record<CcgStatusId, string> = {
  1: 'Criado',
  2: 'Aguardando Assinatura',
  3: 'Aguardando Análise da Seguradora',
  4: 'Assinado',
  5: 'Alteração Reprovada',
  6: 'Aguardando Corretor',
};

/**
 * Who signs a CCG (domain.md §5): the policy holder's partners with powers (QSA and proven powers),
 * each individual guarantor (avalista pessoa física) and, when married, the guarantor's spouse.
 */
export const CcgSignatoryRole = {
  SOCIO_COM_PODERES: 1,
  AVALISTA: 2,
  CONJUGE_DO_AVALISTA: 3,
} as const;
export type CcgSignatoryRoleId = (typeof CcgSignatoryRole)[keyof typeof CcgSignatoryRole];

export const ccgSignatoryRoleLabels: Record<CcgSignatoryRoleId, string> = {
  1: 'Sócio com poderes',
  2: 'Avalista (pessoa física)',
  3: 'Cônjuge do avalista',
};

/** Branch activity (CNAE) analysis of a policy holder (RAMO_ATIVIDADE card). */
export const BranchActivityStatus = { PENDENTE: 1, ACEITO: 2, RECUSADO: 3 } as const;
export type BranchActivityStatusId = (typeof BranchActivityStatus)[keyof typeof BranchActivityStatus];
export const branchActivityStatusLabels: Record<BranchActivityStatusId, string> = {
  1: 'Pendente',
  2: 'Aceito',
  3: 'Recusado',
};
