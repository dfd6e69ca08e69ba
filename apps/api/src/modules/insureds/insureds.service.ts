import type { AddressInput, InsuredDetail } from '@aval/contracts';
import { documentKind, isBroker, isInsurance, unmaskCpfCnpj, validateCpfCnpj } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { forbidden, notFound, unprocessable } from '../../lib/errors.js';
import * as history from '../change-history/index.js';
import type * as documents from '../documents/index.js';
import { addressValues, cityById, toLocationView } from '../locations/index.js';
import * as repo from './insureds.repository.js';

/** The insured as owner of a change history (fields by their wire names). */
export const insuredHistory = history.historyOwnerType('Insured', 'Segurado', {
  Name: { label: 'Nome' },
  IsBlocked: { label: 'Bloqueado', kind: 'bool' },
  BlockJustification: { label: 'Justificativa do bloqueio' },
  IsPrivate: { label: 'Segurado privado', kind: 'bool' },
  Location: { label: 'Localização' },
});

const toSummary = (r: repo.InsuredRow, locations: repo.InsuredLocationRow[]) => {
  const main =
    locations.find((l) => l.insuredId === r.id && l.isMain) ?? locations.find((l) => l.insuredId === r.id);
  return {
    Id: r.id,
    UniqueId: r.uniqueId,
    InsuredName: r.name,
    Name: r.name,
    InsuredDocument: r.document,
    IsPrivate: r.isPrivate,
    IsBlocked: r.isBlocked,
    MainCity: main ? `${cityById(main.cityId)?.Name ?? ''}/${cityById(main.cityId)?.StateCode ?? ''}` : null,
  };
};

const detail = async (ctx: UserContext, r: repo.InsuredRow): Promise<InsuredDetail> => {
  const locations = await repo.locationsOf(ctx.db, [r.id]);
  return {
    ...toSummary(r, locations),
    BlockJustification: r.blockJustification,
    Email: r.email,
    Phone: r.phone,
    Locations: locations.map(toLocationView),
    CreatedAt: r.createdAt.toISOString(),
  };
};

const getById = async (ctx: UserContext, id: number) => {
  const r = await repo.findInsured(ctx.db, ctx.company.id, { id });
  if (!r) throw notFound('Segurado não encontrado.');
  return r;
};

const record = (ctx: UserContext, insuredId: number, changes: history.FieldChange[]) =>
  history.recordChanges(ctx, insuredHistory.of(insuredId), changes);

/** The audited fields of an insured row, by wire name. */
const audited = (r: Partial<repo.InsuredRow>) => ({
  Name: r.name,
  IsBlocked: r.isBlocked,
  BlockJustification: r.blockJustification,
  IsPrivate: r.isPrivate,
});

/** Changes fields of an insured and writes one history entry per changed field. */
const change = async (ctx: UserContext, r: repo.InsuredRow, values: Partial<repo.InsuredRow>) => {
  const changes = history.diffChanges(insuredHistory, audited(r), audited(values));
  if (changes.length === 0) return detail(ctx, r);
  await repo.updateInsured(ctx.db, r.id, values);
  await record(ctx, r.id, changes);
  return detail(ctx, (await repo.findInsured(ctx.db, ctx.company.id, { id: r.id }))!);
};

export const search = async (
  ctx: UserContext,
  q: {
    InsuredName?: string;
    InsuredDocument?: string;
    orderBy?: repo.InsuredSortColumn;
    orderDirection?: 'asc' | 'desc';
    currentPage: number;
    rowsPerPage: number;
  },
) => {
  const document = q.InsuredDocument ? unmaskCpfCnpj(q.InsuredDocument) : undefined;
  const { rows, total } = await repo.searchInsureds(ctx.db, ctx.company.id, {
    name: q.InsuredName,
    document,
    page: q.currentPage,
    rows: q.rowsPerPage,
    orderBy: q.orderBy,
    orderDirection: q.orderDirection,
  });
  const locations = await repo.locationsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    Data: rows.map((r) => toSummary(r, locations)),
    Total: total,
    CurrentPage: q.currentPage,
    RowsPerPage: q.rowsPerPage,
  };
};

export const quickSearch = async (ctx: UserContext, text: string) => {
  const digits = unmaskCpfCnpj(text);
  const { rows } = await repo.searchInsureds(ctx.db, ctx.company.id, {
    text: /\d{3,}/.test(digits) && digits.length >= 3 && /^[\d.\-/\s]+$/.test(text) ? digits : text,
    page: 1,
    rows: 20,
  });
  const locations = await repo.locationsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toSummary(r, locations));
};

export const getByUniqueId = async (ctx: UserContext, uniqueId: string) => {
  const r = await repo.findInsured(ctx.db, ctx.company.id, { uniqueId });
  if (!r) throw notFound('Segurado não encontrado.');
  return detail(ctx, r);
};

export const getHistory = async (ctx: UserContext, insuredId: number) => {
  await getById(ctx, insuredId);
  return history.listChangeHistory(ctx, { types: [insuredHistory], ownerIds: [insuredId] });
};

export const setBlocked = async (
  ctx: UserContext,
  id: number,
  isBlocked: boolean,
  justification?: string,
) => {
  const r = await getById(ctx, id);
  if (isBlocked && !justification?.trim()) throw unprocessable('Informe a justificativa do bloqueio.');
  return change(ctx, r, { isBlocked, blockJustification: isBlocked ? justification!.trim() : null });
};

export const rename = async (ctx: UserContext, id: number, name: string) =>
  change(ctx, await getById(ctx, id), { name: name.trim() });

export const setPrivate = async (ctx: UserContext, id: number, isPrivate: boolean) =>
  change(ctx, await getById(ctx, id), { isPrivate });

export const addLocation = async (
  ctx: UserContext,
  input: AddressInput & { InsuredId: number; IsMain?: boolean },
) => {
  const r = await getById(ctx, input.InsuredId);
  const existing = await repo.locationsOf(ctx.db, [r.id]);
  const isMain = existing.length === 0 || input.IsMain === true;
  if (isMain && existing.some((l) => l.isMain)) await repo.clearMain(ctx.db, r.id);
  const loc = await repo.insertLocation(ctx.db, {
    companyId: ctx.company.id,
    insuredId: r.id,
    isMain,
    ...addressValues(input),
  });
  await record(ctx, r.id, [{ field: 'Location', old: null, new: describe(loc) }]);
  return detail(ctx, r);
};

const describe = (l: repo.InsuredLocationRow) =>
  `${l.addressName}${l.number ? `, ${l.number}` : ''} — ${cityById(l.cityId)?.Name ?? ''}/${cityById(l.cityId)?.StateCode ?? ''} (CEP ${l.zipCode})`;

export const updateLocation = async (
  ctx: UserContext,
  locationId: number,
  input: AddressInput & { IsMain?: boolean },
) => {
  const loc = await repo.findLocation(ctx.db, ctx.company.id, locationId);
  if (!loc) throw notFound('Localização não encontrada.');
  if (input.IsMain) await repo.clearMain(ctx.db, loc.insuredId);
  const values = { ...addressValues(input), ...(input.IsMain ? { isMain: true } : {}) };
  await repo.updateLocation(ctx.db, loc.id, values);
  const after = (await repo.findLocation(ctx.db, ctx.company.id, loc.id))!;
  if (describe(after) !== describe(loc) || after.isMain !== loc.isMain) {
    await record(ctx, loc.insuredId, [{ field: 'Location', old: describe(loc), new: describe(after) }]);
  }
  return detail(ctx, await getById(ctx, loc.insuredId));
};

export const removeLocation = async (ctx: UserContext, locationId: number) => {
  const loc = await repo.findLocation(ctx.db, ctx.company.id, locationId);
  if (!loc) throw notFound('Localização não encontrada.');
  await repo.deleteLocation(ctx.db, loc.id);
  if (loc.isMain) {
    const [next] = await repo.locationsOf(ctx.db, [loc.insuredId]);
    if (next) await repo.updateLocation(ctx.db, next.id, { isMain: true });
  }
  await record(ctx, loc.insuredId, [{ field: 'Location', old: describe(loc), new: null }]);
  return detail(ctx, await getById(ctx, loc.insuredId));
};

/**
 * Document-owner rule (documents/document-owners.ts): insurer staff see every insured's files; a
 * brokerage or policy holder those of the insureds of its proposals (rule added by proposals).
 */
export const mayReadDocuments = async (ctx: UserContext, _insuredId: number) =>
  isInsurance(ctx.user.userType);

/**
 * The insured as the owner of request documents. Every user type the call allows may read them;
 * changing them (`manage`) is for insurer staff and brokerages, who register insureds for their
 * proposals, never for a policy holder's or an advisor's own identity.
 */
export const ownerOf = async (
  ctx: UserContext,
  uniqueId: string,
  options: { manage?: boolean } = {},
): Promise<documents.Owner> => {
  const r = await repo.findInsured(ctx.db, ctx.company.id, { uniqueId });
  if (!r) throw notFound('Segurado não encontrado.');
  if (options.manage && !isInsurance(ctx.user.userType) && !isBroker(ctx.user.userType)) {
    throw forbidden('Somente a seguradora ou uma corretora pode alterar os documentos de um segurado.');
  }
  return { type: 'insured', id: r.id };
};

export const validateForProposal = async (ctx: UserContext, input: { Document: string; Name?: string }) => {
  const problem = validateCpfCnpj(input.Document);
  if (problem) return { CanProceed: false, IsNew: false, Message: problem, Insured: null };
  const document = unmaskCpfCnpj(input.Document);
  const found = await repo.findInsured(ctx.db, ctx.company.id, { document });
  if (found) {
    const locations = await repo.locationsOf(ctx.db, [found.id]);
    return {
      CanProceed: !found.isBlocked,
      IsNew: false,
      Message: found.isBlocked
        ? `Segurado bloqueado: ${found.blockJustification ?? 'sem justificativa registrada'}.`
        : null,
      Insured: toSummary(found, locations),
    };
  }
  if (!input.Name) {
    return {
      CanProceed: false,
      IsNew: true,
      Message: 'Segurado não cadastrado. Informe o nome para cadastrá-lo.',
      Insured: null,
    };
  }
  const created = await repo.insertInsured(ctx.db, {
    companyId: ctx.company.id,
    name: input.Name.trim(),
    document,
    isPrivate: documentKind(document) === 'CPF',
  });
  await history.recordEvent(ctx, insuredHistory.of(created.id), 'Created', created.name);
  return { CanProceed: true, IsNew: true, Message: null, Insured: toSummary(created, []) };
};

/** An insured of the company by id with its locations (proposals name it by id); 404 otherwise. */
export const getInsuredById = async (ctx: UserContext, id: number) => detail(ctx, await getById(ctx, id));
