import type { Bank } from '@aval/contracts';
import { getBanks as maintainedBanks } from '@brazilian-utils/brazilian-utils';

/** Banks from the Banco Central list shipped by @brazilian-utils (COMPE code, ISPB, name). */
export const getBanks = (): Bank[] =>
  maintainedBanks()
    .map((b) => ({ Id: Number(b.code), Code: b.code, Ispb: b.ispb, Name: b.name }))
    .sort((a, b) => a.Id - b.Id);

/** A bank code outside the Banco Central's list of participants: its pt-BR problem. */
export const bankCodeProblem = (code: string) =>
  getBanks().some((b) => b.Code === code)
    ? undefined
    : `O banco ${code} não está na lista de participantes do Banco Central: confira o código.`;
