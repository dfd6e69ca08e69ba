/**
 * Endorsement catalogues (issue 16): the two endorsement types of the routes
 * (`/apolices/endossos/alteracao|cancelamento/{policyUniqueId}/{typeId}`), what a change may alter,
 * the reasons of each type and the statuses of an endorsement proposal.
 */
export const EndorsementType = { ALTERACAO: 1, CANCELAMENTO: 2 } as const;
export type EndorsementTypeId = (typeof EndorsementType)[keyof typeof EndorsementType];
export const endorsementTypeNames: Record<EndorsementTypeId, string> = {
  1: 'Endosso de alteração',
  2: 'Endosso de cancelamento',
};
export const endorsementCardType = (typeId: EndorsementTypeId) =>
  typeId === EndorsementType.CANCELAMENTO
    ? ('ENDOSSO_CANCELAMENTO' as const)
    : ('ENDOSSO_ALTERACAO' as const);

/** What a change endorsement alters (GetPolicyEndorsementRequestDocument's endorsementChangeTypeIds). */
export const EndorsementChangeType = { IS: 1, VIGENCIA: 2, OBJETO: 3, PARTES: 4 } as const;
export type EndorsementChangeTypeId = (typeof EndorsementChangeType)[keyof typeof EndorsementChangeType];
export const endorsementChangeTypeNames: Record<EndorsementChangeTypeId, string> = {
  1: 'Importância segurada',
  2: 'Vigência (prorrogação)',
  3: 'Objeto',
  4: 'Dados do tomador e do segurado',
};

export type EndorsementReason = { id: number; typeId: EndorsementTypeId; name: string };
export const endorsementReasons: readonly EndorsementReason[] = [
  { id: 1, typeId: 1, name: 'Aditivo contratual de valor' },
  { id: 2, typeId: 1, name: 'Prorrogação do prazo contratual' },
  { id: 3, typeId: 1, name: 'Alteração do objeto do contrato' },
  { id: 4, typeId: 1, name: 'Correção de dados cadastrais' },
  { id: 5, typeId: 2, name: 'Extinção da obrigação garantida' },
  { id: 6, typeId: 2, name: 'Substituição da garantia' },
  { id: 7, typeId: 2, name: 'Solicitação do tomador com anuência do segurado' },
  { id: 8, typeId: 2, name: 'Emissão em duplicidade' },
];
export const reasonsOfType = (typeId: number) => endorsementReasons.filter((r) => r.typeId === typeId);
/** A reason's name (its id when the catalogue no longer has it). */
export const endorsementReasonName = (id: number) =>
  endorsementReasons.find((r) => r.id === id)?.name ?? String(id);

/** Status of an endorsement proposal (the proposal codes it shares). */
export const EndorsementStatus = {
  EM_ANALISE: 2,
  AGUARDANDO_APROVACAO: 3,
  EMITIDO: 5,
  RECUSADO: 98,
  CANCELADO: 99,
} as const;
export type EndorsementStatusId = (typeof EndorsementStatus)[keyof typeof EndorsementStatus];
export const endorsementStatusNames: Record<EndorsementStatusId, string> = {
  2: 'Em análise',
  3: 'Aguardando aprovação',
  5: 'Emitido',
  98: 'Recusado',
  99: 'Cancelado',
};

/** The automatic steps, in order (domain.md §4). */
export const endorsementSteps = ['registration', 'credit', 'reinsurance', 'subscription'] as const;
export type EndorsementStep = (typeof endorsementSteps)[number];
export const endorsementStepNames: Record<EndorsementStep, string> = {
  registration: 'Cadastro',
  credit: 'Crédito',
  reinsurance: 'Resseguro',
  subscription: 'Subscrição',
};

export const endorsementMessages = {
  policyNotActive: 'Só é possível endossar uma apólice emitida e vigente.',
  pendingEndorsement: 'Já existe um endosso em andamento para esta apólice.',
  reasonOfOtherType: 'O motivo informado não pertence a este tipo de endosso.',
  nothingChanged: 'Informe ao menos uma alteração.',
  endBeforeStart: 'O fim de vigência deve ser posterior ao início.',
  shorterTerm: 'A prorrogação não pode encurtar a vigência; use um endosso de cancelamento.',
  invalidInsuredAmount: 'A importância segurada deve ser maior que zero.',
  effectiveOutsideTerm: (start: string, end: string) =>
    `A data de efeito deve estar dentro da vigência da apólice (de ${start} a ${end}).`,
  effectiveTooOld: (days: number) =>
    days === 0
      ? 'A modalidade não aceita endosso com data de efeito retroativa.'
      : `A data de efeito pode retroagir no máximo ${days} dia${days === 1 ? '' : 's'} (limite da modalidade).`,
  effectiveTooFar: (days: number) =>
    `A data de efeito pode ser no máximo ${days} dia${days === 1 ? '' : 's'} à frente (limite da modalidade).`,
  termTooLong: (days: number) =>
    `A vigência endossada não pode passar de ${days} dias (prazo máximo da modalidade).`,
  insuredAmountTooHigh: (max: string) =>
    `A importância segurada endossada não pode passar de ${max} (limite da modalidade).`,
  requiredDocuments: (names: string) => `Anexe os documentos obrigatórios: ${names}.`,
  notAwaitingApproval: 'O endosso não está aguardando aprovação.',
  justificationRequired: 'Informe a justificativa da revisão do prêmio.',
} as const;

export type EndorsementDocumentRequirement = { Name: string; IsRequired: boolean; RequestDocumentTypeId: 4 };

/**
 * The documents an endorsement asks for, by type, reason and what changes (request document
 * type 4, endosso): the amendment for a change of IS or dates, the new object's document, the
 * proof of the parties' new data; for a cancellation the insured's consent, plus the proof of the
 * reason (obligation fulfilled, replacing guarantee).
 */
export const endorsementRequiredDocuments = (
  typeId: number,
  reasonId: number | undefined,
  changeTypeIds: readonly number[],
): EndorsementDocumentRequirement[] => {
  const doc = (Name: string, IsRequired = true): EndorsementDocumentRequirement => ({
    Name,
    IsRequired,
    RequestDocumentTypeId: 4,
  });
  if (typeId === EndorsementType.CANCELAMENTO) {
    const out = [doc('Carta de solicitação do tomador')];
    if (reasonId === 5) out.push(doc('Termo de quitação ou extinção da obrigação'));
    if (reasonId === 6) out.push(doc('Nova garantia aceita pelo segurado'));
    if (reasonId === 7 || reasonId === 6) out.push(doc('Anuência do segurado'));
    return out;
  }
  const out: EndorsementDocumentRequirement[] = [];
  if (
    changeTypeIds.includes(EndorsementChangeType.IS) ||
    changeTypeIds.includes(EndorsementChangeType.VIGENCIA)
  )
    out.push(doc('Aditivo contratual'));
  if (changeTypeIds.includes(EndorsementChangeType.OBJETO)) out.push(doc('Documento do novo objeto'));
  if (changeTypeIds.includes(EndorsementChangeType.PARTES))
    out.push(doc('Comprovante da alteração cadastral'));
  out.push(doc('Outros documentos', false));
  return out;
};
