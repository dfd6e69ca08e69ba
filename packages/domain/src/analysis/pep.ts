import { parseDateBrToIso } from '../format/dates.js';

/**
 * PEP screening (Circular SUSEP 612/2020): a person is politically exposed while in office and for
 * 5 years after leaving it. The insurer imports the federal PEP list (Portal da Transparência CSV:
 * `CPF;Nome_PEP;Sigla_Função;Descrição_Função;Nível_Função;Nome_Órgão;Data_Início_Exercício;
 * Data_Fim_Exercício;Data_Fim_Carência`, `;`-separated, CPF masked as `***.123.456-**`, dates
 * DD/MM/YYYY). The list shows only the middle six CPF digits, so a match needs those digits and
 * the name (accents and case ignored).
 */
export const PEP_WINDOW_YEARS = 5;

export type PepListEntry = {
  /** The CPF as the list shows it (`***.123.456-**`). */
  maskedCpf: string;
  /** The six visible digits (positions 4–9 of the CPF). */
  cpfDigits: string;
  name: string;
  role: string;
  organ: string;
  /** ISO dates; endDate null while in office. */
  startDate: string | null;
  endDate: string | null;
};

export type PepParseResult = { entries: PepListEntry[]; errors: { line: number; message: string }[] };

export const normalizePersonName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The six visible digits of a masked list CPF, or of a full CPF (positions 4–9). */
export const pepCpfDigits = (cpf: string): string | undefined => {
  const masked = /^\*{3}\.?(\d{3})\.?(\d{3})-?\*{2}$/.exec(cpf.trim());
  if (masked) return `${masked[1]}${masked[2]}`;
  const digits = cpf.replace(/\D/g, '');
  return digits.length === 11 ? digits.slice(3, 9) : undefined;
};

const header = (h: string) => normalizePersonName(h.replace(/_/g, ' '));

const splitLine = (line: string, sep: string) => {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"') {
      if (quoted && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else quoted = !quoted;
    } else if (ch === sep && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((c) => c.trim());
};

/** Parses the list's CSV (`;` or `,`); unreadable lines are reported, not guessed. */
export const parsePepCsv = (text: string): PepParseResult => {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const first = lines[0] ?? '';
  const sep = first.includes(';') ? ';' : ',';
  const cols = splitLine(first, sep).map(header);
  const at = (...names: string[]) => cols.findIndex((c) => names.some((n) => c.startsWith(n)));
  const idx = {
    cpf: at('CPF'),
    name: at('NOME PEP', 'NOME'),
    role: at('DESCRICAO FUNCAO', 'FUNCAO', 'CARGO'),
    organ: at('NOME ORGAO', 'ORGAO'),
    start: at('DATA INICIO EXERCICIO', 'DATA INICIO'),
    end: at('DATA FIM EXERCICIO', 'DATA FIM'),
  };
  const errors: PepParseResult['errors'] = [];
  if (idx.cpf < 0 || idx.name < 0) {
    return { entries: [], errors: [{ line: 1, message: 'Cabeçalho sem as colunas CPF e Nome_PEP.' }] };
  }
  const entries: PepListEntry[] = [];
  for (const [i, raw] of lines.slice(1).entries()) {
    if (!raw.trim()) continue;
    const c = splitLine(raw, sep);
    const line = i + 2;
    const cpf = c[idx.cpf] ?? '';
    const digits = pepCpfDigits(cpf);
    const name = c[idx.name] ?? '';
    if (!digits) {
      errors.push({ line, message: `CPF inválido: ${cpf || '(vazio)'}.` });
      continue;
    }
    if (!name) {
      errors.push({ line, message: 'Nome vazio.' });
      continue;
    }
    const date = (j: number) => {
      const v = j >= 0 ? (c[j] ?? '') : '';
      if (!v || /^[0/-]+$/.test(v) || /n[aã]o informad/i.test(v)) return null;
      return parseDateBrToIso(v) ?? (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
    };
    const startDate = date(idx.start);
    const endDate = date(idx.end);
    if (startDate === undefined || endDate === undefined) {
      errors.push({ line, message: 'Data inválida (use DD/MM/AAAA).' });
      continue;
    }
    entries.push({
      maskedCpf: `***.${digits.slice(0, 3)}.${digits.slice(3)}-**`,
      cpfDigits: digits,
      name: name.trim(),
      role: idx.role >= 0 ? (c[idx.role] ?? '') : '',
      organ: idx.organ >= 0 ? (c[idx.organ] ?? '') : '',
      startDate,
      endDate,
    });
  }
  return { entries, errors };
};

/** Whether the list entry still makes someone a PEP on `today` (in office, or left less than 5 years ago). */
export const isPepActive = (entry: Pick<PepListEntry, 'endDate'>, today: string) => {
  if (!entry.endDate) return true;
  const end = new Date(`${entry.endDate}T00:00:00Z`);
  end.setUTCFullYear(end.getUTCFullYear() + PEP_WINDOW_YEARS);
  return end.toISOString().slice(0, 10) >= today;
};

export type PepPerson = { name: string; cpf: string };

/** The list entries (active on `today`) matching a person by visible CPF digits and name. */
export const matchPep = <E extends Pick<PepListEntry, 'cpfDigits' | 'name' | 'endDate'>>(
  person: PepPerson,
  list: readonly E[],
  today: string,
): E[] => {
  const digits = pepCpfDigits(person.cpf);
  if (!digits) return [];
  const name = normalizePersonName(person.name);
  return list.filter(
    (e) => e.cpfDigits === digits && normalizePersonName(e.name) === name && isPepActive(e, today),
  );
};
