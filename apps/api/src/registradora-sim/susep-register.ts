import type { SroAnswer, SroLayout } from '@aval/contracts';
import demoRegister from './susep-register.json' with { type: 'json' };

/**
 * The simulator's copy of SUSEP's register of intermediaries (docs/sro.md): SUSEP code and CPF/CNPJ,
 * as a registradora checks them. It starts from `susep-register.json` (the demo brokerages of every
 * demo insurer, as the seed registers them) and the admin API adds or removes entries so a test can
 * set up its case.
 */
export type SusepEntry = { codigoSusep: string; documento: string; nome?: string };

/** A SUSEP code as SUSEP numbers it: the digits (written with dots, a hyphen or a slash at times). */
const codeKey = (code: string) => code.replace(/[\s./-]/g, '');
const documentKey = (doc: string) => doc.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

export const susepRegister = () => {
  const entries = new Map<string, SusepEntry>();
  const add = (e: SusepEntry) => {
    const entry = { ...e, codigoSusep: codeKey(e.codigoSusep), documento: documentKey(e.documento) };
    entries.set(entry.codigoSusep, entry);
    return entry;
  };
  const reset = () => {
    entries.clear();
    for (const e of demoRegister as SusepEntry[]) add(e);
  };
  reset();
  return {
    add,
    /** Whether an entry was removed. */
    remove: (code: string) => entries.delete(codeKey(code)),
    list: () => [...entries.values()],
    reset,
    /**
     * One error per intermediary SUSEP would not recognise, naming it (its position from 1, the code
     * and document sent): SRO-030 a code that is no SUSEP number (not 5 to 20 digits), SRO-031 a code
     * not in the register, SRO-032 a code registered to another CPF/CNPJ.
     */
    errorsOf: (intermediarios: SroLayout['intermediarios']): SroAnswer['erros'] =>
      intermediarios.flatMap((i, index) => {
        const intermediario = { posicao: index + 1, codigoSusep: i.codigoSusep, documento: i.documento };
        const code = codeKey(i.codigoSusep);
        const at = `Intermediário ${index + 1} (código SUSEP ${i.codigoSusep})`;
        if (!/^\d{5,20}$/.test(code))
          return [{ codigo: 'SRO-030', mensagem: `${at}: código SUSEP inválido.`, intermediario }];
        const known = entries.get(code);
        if (!known)
          return [{ codigo: 'SRO-031', mensagem: `${at}: código não cadastrado na SUSEP.`, intermediario }];
        if (known.documento !== documentKey(i.documento))
          return [
            {
              codigo: 'SRO-032',
              mensagem: `${at}: código cadastrado na SUSEP para outro CPF/CNPJ.`,
              intermediario,
            },
          ];
        return [];
      }),
  };
};
