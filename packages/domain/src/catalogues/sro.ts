import { maskCpfCnpj } from '../documents/cpf-cnpj.js';

/**
 * SRO (Sistema de Registro de Operações; Resolução CNSP 383/2020, Circular SUSEP 710/2024): every
 * operation of a surety policy is registered through a registradora credenciada. Catalogues shared
 * by the API, the simulated registradora and the portal (docs/sro.md).
 */

/** The operation a registration carries, with its code in the registradora's layout. */
export const SroEventType = {
  EMISSAO: 'EMISSAO',
  ENDOSSO: 'ENDOSSO',
  CANCELAMENTO: 'CANCELAMENTO',
  LIQUIDACAO_PREMIO: 'LIQUIDACAO_PREMIO',
  LIQUIDACAO_COMISSAO: 'LIQUIDACAO_COMISSAO',
  RESTITUICAO: 'RESTITUICAO',
} as const;
export type SroEventTypeId = (typeof SroEventType)[keyof typeof SroEventType];
export const sroEventTypes = Object.values(SroEventType) as [SroEventTypeId, ...SroEventTypeId[]];

export const sroEventLabels: Record<SroEventTypeId, string> = {
  EMISSAO: 'Emissão da apólice',
  ENDOSSO: 'Endosso',
  CANCELAMENTO: 'Cancelamento',
  LIQUIDACAO_PREMIO: 'Liquidação de prêmio',
  LIQUIDACAO_COMISSAO: 'Liquidação de comissão',
  RESTITUICAO: 'Restituição de prêmio',
};

/**
 * Business days after the event to register it: 2 for issuance, endorsements and the financial
 * settlement of premiums and commissions (restitution is a premium settlement); 15 for other events.
 */
export const sroDeadlineBusinessDays: Record<SroEventTypeId, number> = {
  EMISSAO: 2,
  ENDOSSO: 2,
  CANCELAMENTO: 2,
  LIQUIDACAO_PREMIO: 2,
  LIQUIDACAO_COMISSAO: 2,
  RESTITUICAO: 2,
};

/**
 * Where a registration stands. Atrasada is not stored: a registration not yet Registrada whose
 * deadline has passed (the list's filter and the counters compute it).
 */
export const SroRegistrationStatus = { PENDENTE: 1, ENVIADA: 2, REGISTRADA: 3, REJEITADA: 4 } as const;
export type SroRegistrationStatusId = (typeof SroRegistrationStatus)[keyof typeof SroRegistrationStatus];
export const sroRegistrationStatusLabels: Record<SroRegistrationStatusId, string> = {
  1: 'Pendente',
  2: 'Enviada',
  3: 'Registrada',
  4: 'Rejeitada',
};
/** The list's filter: the stored statuses plus 5 Atrasada (not registered, deadline passed). */
export const SRO_LATE_FILTER = 5;

/**
 * The registradora's rejection codes (docs/sro.md) and their pt-BR reasons for the staff screen.
 * An unknown code shows the registradora's own message.
 */
export const sroRejectionReasons: Record<string, string> = {
  'SRO-001': 'Campo obrigatório ausente.',
  'SRO-002': 'Formato de campo inválido.',
  'SRO-010': 'CPF/CNPJ do tomador inválido.',
  'SRO-011': 'CPF/CNPJ do segurado inválido.',
  'SRO-020': 'Fim de vigência anterior ao início.',
  'SRO-021': 'Importância segurada (LMG) deve ser maior que zero.',
  'SRO-030': 'Código SUSEP do intermediário inválido.',
  'SRO-031': 'Código SUSEP do intermediário não consta no cadastro de corretores da SUSEP.',
  'SRO-032': 'Código SUSEP do intermediário cadastrado na SUSEP para outro CPF/CNPJ.',
  'SRO-040': 'Operação referencia apólice não registrada.',
  'SRO-050': 'Registro a retificar não encontrado.',
};

/** What SUSEP's register says of an intermediary's code (SRO-030 to SRO-032), after its name. */
const intermediaryFaults: Record<string, (document: string) => string> = {
  'SRO-030': () => 'não é um código SUSEP (a SUSEP numera os corretores só com dígitos, de 5 a 20).',
  'SRO-031': () => 'código não consta no cadastro de corretores da SUSEP.',
  'SRO-032': (document) =>
    `código cadastrado na SUSEP para outro CPF/CNPJ, não para ${maskCpfCnpj(document)}.`,
};

/**
 * The pt-BR reason of a rejection that names the intermediary at fault: its name as the insurer
 * registered it (or its position when unknown) and the code sent, what SUSEP's register says, and
 * what to do. Undefined for a code that is not about an intermediary.
 */
export const sroIntermediaryReason = (
  code: string,
  i: { name: string | null; position: number; susepCode: string; document: string },
) => {
  const fault = intermediaryFaults[code];
  if (!fault) return undefined;
  const who = i.name?.trim() || `Intermediário ${i.position}`;
  return `${who} (código SUSEP ${i.susepCode}): ${fault(i.document)} Corrija o registro SUSEP no cadastro da corretora e reenvie.`;
};
