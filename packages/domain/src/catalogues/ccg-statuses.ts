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
