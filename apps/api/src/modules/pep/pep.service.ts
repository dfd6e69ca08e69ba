import { randomUUID } from 'node:crypto';
import { isInsurance, matchPep, type PepPerson, parsePepCsv, pepCpfDigits } from '@aval/domain';
import type { TenantContext, UserContext } from '../../context.js';
import { forbidden, invalidFields } from '../../lib/errors.js';
import * as repo from './pep.repository.js';

/**
 * The insurer's PEP list (Circular SUSEP 612/2020) and the partners (QSA) screened against it.
 * Importing replaces the whole list (the federal list is published whole, monthly).
 */
export const importList = async (ctx: UserContext, csv: string) => {
  if (!isInsurance(ctx.user.userType)) throw forbidden('Só a seguradora importa a lista de PEP.');
  const parsed = parsePepCsv(csv);
  if (parsed.entries.length === 0)
    throw invalidFields(
      422,
      (parsed.errors.length ? parsed.errors : [{ line: 1, message: 'Arquivo sem nenhuma pessoa.' }])
        .slice(0, 20)
        .map((e) => ({ Field: 'Csv', Message: `Linha ${e.line}: ${e.message}` })),
    );
  const importId = randomUUID();
  await repo.replaceList(
    ctx.db,
    ctx.company.id,
    parsed.entries.map((e) => ({ ...e, companyId: ctx.company.id, importId })),
  );
  return {
    Imported: parsed.entries.length,
    Rejected: parsed.errors.length,
    Errors: parsed.errors.slice(0, 100).map((e) => ({ Line: e.line, Message: e.message })),
  };
};

export const listPage = async (ctx: UserContext, page: number, rows: number) => {
  if (!isInsurance(ctx.user.userType)) throw forbidden();
  const r = await repo.listPage(ctx.db, ctx.company.id, page, rows);
  return {
    Data: r.data.map((e) => ({
      Id: e.id,
      Cpf: e.maskedCpf,
      Name: e.name,
      Role: e.role,
      Organ: e.organ,
      StartDate: e.startDate,
      EndDate: e.endDate,
    })),
    Total: r.total,
    CurrentPage: page,
    RowsPerPage: rows,
  };
};

export type PepHit = PepPerson & { role: string; organ: string; endDate: string | null };

/** The people (active on `today`) of the list matching any of `people`. */
export const screen = async (
  ctx: Pick<TenantContext, 'db' | 'company'>,
  people: PepPerson[],
  today: string,
) => {
  const digits = people.map((p) => pepCpfDigits(p.cpf)).filter((d): d is string => Boolean(d));
  if (digits.length === 0) return [];
  const list = await repo.entriesByDigits(ctx.db, ctx.company.id, [...new Set(digits)]);
  return people.flatMap((p) =>
    matchPep(p, list, today).map((e) => ({ ...p, role: e.role, organ: e.organ, endDate: e.endDate })),
  );
};

/** Partners (QSA) of a policy holder or an insured. */
export const partnersOf = async (
  ctx: Pick<TenantContext, 'db' | 'company'>,
  ownerType: 'PolicyHolder' | 'Insured',
  ownerId: number,
): Promise<(PepPerson & { role: string | null })[]> =>
  (await repo.qsaOf(ctx.db, ctx.company.id, ownerType, ownerId)).map((q) => ({
    name: q.name,
    cpf: q.cpf,
    role: q.role,
  }));

export const addPartners = (
  ctx: Pick<TenantContext, 'db' | 'company'>,
  ownerType: 'PolicyHolder' | 'Insured',
  ownerId: number,
  people: (PepPerson & { role?: string })[],
) =>
  repo.insertQsa(
    ctx.db,
    people.map((p) => ({
      companyId: ctx.company.id,
      ownerType,
      ownerId,
      name: p.name,
      cpf: p.cpf.replace(/\D/g, ''),
      role: p.role ?? null,
    })),
  );
