import { CcgSignatoryRole, type CcgSignatoryRoleId } from '../catalogues/ccg-statuses.js';
import { unmaskCpf, validateCpf } from '../documents/cpf.js';

export type CcgSignatoryInput = {
  name: string;
  cpf: string;
  roleId: CcgSignatoryRoleId;
  /** Guarantors: whether married (the spouse then signs too). */
  married?: boolean;
  /** Spouses: the CPF of the guarantor they are married to. */
  spouseOfCpf?: string | null;
};

/**
 * The problems of a CCG's list of signatories, in pt-BR (empty: the list is complete): at least one
 * partner with powers, valid and unrepeated CPFs, every married individual guarantor with a spouse
 * who signs too, and every spouse linked to a guarantor of the list.
 */
export const ccgSignatoryProblems = (signatories: readonly CcgSignatoryInput[]): string[] => {
  const problems: string[] = [];
  if (!signatories.some((s) => s.roleId === CcgSignatoryRole.SOCIO_COM_PODERES)) {
    problems.push('Informe ao menos um sócio com poderes para assinar o CCG.');
  }
  const seen = new Set<string>();
  for (const s of signatories) {
    const cpfError = validateCpf(s.cpf);
    if (cpfError) {
      problems.push(`${s.name.trim() || 'Signatário'}: ${cpfError}`);
      continue;
    }
    const cpf = unmaskCpf(s.cpf);
    if (seen.has(cpf)) problems.push(`${s.name.trim()}: CPF repetido entre os signatários.`);
    seen.add(cpf);
  }
  const guarantors = signatories.filter((s) => s.roleId === CcgSignatoryRole.AVALISTA);
  const spouses = signatories.filter((s) => s.roleId === CcgSignatoryRole.CONJUGE_DO_AVALISTA);
  for (const g of guarantors) {
    if (!g.married) continue;
    const cpf = unmaskCpf(g.cpf);
    if (!spouses.some((s) => s.spouseOfCpf && unmaskCpf(s.spouseOfCpf) === cpf)) {
      problems.push(`O cônjuge do avalista ${g.name.trim()} também deve assinar o CCG.`);
    }
  }
  for (const s of spouses) {
    const of = s.spouseOfCpf ? unmaskCpf(s.spouseOfCpf) : '';
    if (!guarantors.some((g) => unmaskCpf(g.cpf) === of)) {
      problems.push(`${s.name.trim()}: informe o avalista de quem é cônjuge.`);
    }
  }
  return problems;
};
