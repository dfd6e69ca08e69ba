import type { InsurerRecordDraft, InsurerRecordView, SaveInsurerRecordBody } from '@aval/contracts';
import { branchText, maskCnpj, type TagAddress, type TagParty } from '@aval/domain';
import type { TenantContext, UserContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { type FieldError, invalidFields, unprocessable } from '../../lib/errors.js';
import { checkCityInState, cityById } from '../locations/index.js';
import { bankCodeProblem, getBanks } from './banks.service.js';
import * as recordRepo from './insurer-record.repository.js';
import type { InsurerProfile, InsurerRecordRow } from './insurer-record.table.js';
import { entityHistory, recordChanges } from './parameterisation.history.js';
import * as repo from './parameterisation.repository.js';

export type { InsurerProfile };

/**
 * The insurer's own record (docs/domain.md §4, "The insurer's record"): what every document prints
 * about the insurer, read from its row, never made up. A document whose data is missing is refused.
 */

type Row = InsurerRecordRow | undefined;
type Scoped = { db: DbOrTx; company: Pick<TenantContext['company'], 'id'> };

const processesOf = (row: Row): Record<string, string> => row?.susepProcesses ?? {};

/** The record's address as documents print it (city and state from IBGE), null without a city. */
const addressOf = (row: Row): TagAddress | null => {
  const city = row?.cityId ? cityById(row.cityId) : undefined;
  if (!row || !city) return null;
  return {
    street: row.addressName,
    number: row.number,
    district: row.neighborhood,
    city: city.Name,
    state: city.StateCode,
    zipCode: row.zipCode,
  };
};

/**
 * What a document lacks of the record, in pt-BR ("o código SUSEP"), given the branches whose SUSEP
 * process it prints. Empty: the record is complete for it.
 */
export const missingOfRecord = (row: Row, branchCodes: readonly string[]): string[] => {
  const missing: string[] = [];
  const need = (present: unknown, what: string) => {
    if (!present) missing.push(what);
  };
  need(row?.legalName, 'a razão social');
  need(row?.cnpj, 'o CNPJ');
  need(row?.susepCode, 'o código SUSEP');
  need(row?.zipCode && row.addressName && row.stateProvinceId && addressOf(row), 'o endereço da sede');
  for (const code of branchCodes)
    need(processesOf(row)[code], `o processo SUSEP do ramo ${branchText(code)}`);
  need(
    row?.bankCode && row.bankName && row.bankAgency && row.bankAccount && row.bankWallet,
    'a conta de cobrança (banco, agência, conta e carteira)',
  );
  need(row?.pixKey, 'a chave Pix');
  need(row?.sacPhone, 'o telefone do SAC');
  need(row?.ouvidoriaPhone, 'o telefone da Ouvidoria');
  need(row?.ouvidoriaEmail, 'o e-mail da Ouvidoria');
  need(row?.site, 'o site');
  return missing;
};

const list = new Intl.ListFormat('pt-BR', { type: 'conjunction' });

/** The refusal of a document whose insurer data is missing, naming what and where to complete it. */
export const incompleteRecordMessage = (missing: readonly string[]) =>
  `Os dados da seguradora impressos nos documentos estão incompletos: ${missing.length > 1 ? 'faltam' : 'falta'} ${list.format(missing)}. O administrador os completa em Parametrização › Dados da seguradora.`;

/** The record, and the refusal of a document of `branchCode` (pt-BR) while it lacks what that prints. */
const recordFor = async (ctx: Scoped, branchCode?: string) => {
  const row = await recordRepo.findInsurerRecord(ctx.db, ctx.company.id);
  const missing = missingOfRecord(row, branchCode ? [branchCode] : []);
  return { row, refusal: !row || missing.length ? incompleteRecordMessage(missing) : undefined };
};

/**
 * The insurer as a document prints it (policy, endorsement, minuta, issuance report, boleto, CCG),
 * with the SUSEP process of `branchCode` when the document prints one. Refused (422) while the
 * record lacks any of it: no document prints invented or blank insurer data.
 */
export const insurerForDocuments = async (ctx: Scoped, branchCode?: string): Promise<InsurerProfile> => {
  const { row, refusal } = await recordFor(ctx, branchCode);
  if (!row || refusal)
    throw unprocessable(refusal ?? incompleteRecordMessage([]), 'insurer_record_incomplete');
  return {
    name: row.legalName!,
    cnpj: row.cnpj!,
    susepCode: row.susepCode!,
    address: addressOf(row) as InsurerProfile['address'],
    susepProcesses: processesOf(row),
    bank: {
      code: row.bankCode!,
      name: row.bankName!,
      agency: row.bankAgency!,
      account: row.bankAccount!,
      wallet: row.bankWallet!,
    },
    pixKey: row.pixKey!,
    consumer: {
      sac: row.sacPhone!,
      ouvidoria: row.ouvidoriaPhone!,
      email: row.ouvidoriaEmail!,
      site: row.site!,
    },
  };
};

/** The SUSEP process a document of `branchCode` prints; refused (422) when the insurer has none. */
export const susepProcessOf = (insurer: Pick<InsurerProfile, 'susepProcesses'>, branchCode: string) => {
  const found = insurer.susepProcesses[branchCode];
  if (!found)
    throw unprocessable(incompleteRecordMessage([`o processo SUSEP do ramo ${branchText(branchCode)}`]));
  return found;
};

/**
 * The insurer as a document of `branchCode` issued now prints it, to be kept with it (a policy at
 * its issuance, an endorsement at its approval, a boleto when it is booked, in that transaction):
 * the record's values with the process of that branch only. Refused (422) as `insurerForDocuments`
 * is, before anything is issued.
 */
export const insurerToIssue = async (ctx: Scoped, branchCode: string): Promise<InsurerProfile> => {
  const insurer = await insurerForDocuments(ctx, branchCode);
  return { ...insurer, susepProcesses: { [branchCode]: susepProcessOf(insurer, branchCode) } };
};

/**
 * The insurer an issued document prints whenever it is rendered (the documents job, a first
 * download, a stored file gone): as it was kept when the document was issued (a boleto: booked),
 * so a later change of the record does not rewrite it. A row issued before it was kept (null)
 * prints the record as it is now (docs/domain.md §4, "The insurer's record").
 */
export const insurerAsIssued = async (
  ctx: Scoped,
  kept: InsurerProfile | null,
  branchCode: string,
): Promise<InsurerProfile> => kept ?? insurerForDocuments(ctx, branchCode);

/** The insurer of a document as its tags read it (`[SEGURADORA]`, `[CNPJ_SEGURADORA]`…). */
export const tagPartyOf = (insurer: InsurerProfile): TagParty => ({
  name: insurer.name,
  document: insurer.cnpj,
  address: insurer.address,
});

/**
 * The insurer as the terms' tags read it (`[SEGURADORA]`, `[CNPJ_SEGURADORA]`…): what the record
 * holds; a missing value leaves its tag unfilled (previews, the proposal's terms before issuance).
 */
export const insurerTagParty = async (ctx: Scoped): Promise<TagParty> => {
  const row = await recordRepo.findInsurerRecord(ctx.db, ctx.company.id);
  return { name: row?.legalName ?? null, document: row?.cnpj ?? null, address: addressOf(row) };
};

/**
 * The insurer's SUSEP code as the record holds it (código FIP, 5 digits), null while it has none:
 * how the SRO identifies the insurer (docs/sro.md).
 */
export const insurerSusepCode = async (ctx: Scoped): Promise<string | null> =>
  (await recordRepo.findInsurerRecord(ctx.db, ctx.company.id))?.susepCode ?? null;

// ---------------------------------------------------------------- the administrator's screen

/** The record's fields as people read them (the history compares and shows these). */
const shownValues = (row: Row) => {
  const city = row?.cityId ? cityById(row.cityId) : undefined;
  const processes = Object.entries(processesOf(row)).sort(([a], [b]) => a.localeCompare(b));
  return {
    LegalName: row?.legalName ?? null,
    Cnpj: row?.cnpj ? maskCnpj(row.cnpj) : null,
    SusepCode: row?.susepCode ?? null,
    ZipCode: row?.zipCode ?? null,
    AddressName: row?.addressName ?? null,
    Number: row?.number ?? null,
    Complement: row?.complement ?? null,
    Neighborhood: row?.neighborhood ?? null,
    State: city?.StateCode ?? null,
    City: city?.Name ?? null,
    SusepProcesses: processes.length ? processes.map(([code, n]) => `${code}: ${n}`).join('; ') : null,
    BankCode: row?.bankCode ?? null,
    BankName: row?.bankName ?? null,
    BankAgency: row?.bankAgency ?? null,
    BankAccount: row?.bankAccount ?? null,
    BankWallet: row?.bankWallet ?? null,
    PixKey: row?.pixKey ?? null,
    SacPhone: row?.sacPhone ?? null,
    OuvidoriaPhone: row?.ouvidoriaPhone ?? null,
    OuvidoriaEmail: row?.ouvidoriaEmail ?? null,
    Site: row?.site ?? null,
  };
};

const audit = (ctx: Scoped) => ({
  entity: 'InsurerRecord' as const,
  entityId: ctx.company.id,
  modalityId: null,
});

/** GetInsurerRecord: the record, one process line per branch of the company, what is missing, the history. */
export const getInsurerRecord = async (ctx: UserContext): Promise<InsurerRecordView> => {
  const row = await recordRepo.findInsurerRecord(ctx.db, ctx.company.id);
  const branches = await repo.listBranches(ctx.db, ctx.company.id);
  const processes = processesOf(row);
  // The processes are listed per branch below, with the branches that have none.
  const { State, City, SusepProcesses: _listed, ...shown } = shownValues(row);
  return {
    ...shown,
    StateProvinceId: row?.stateProvinceId ?? null,
    StateCode: State,
    CityId: row?.cityId ?? null,
    CityName: City,
    SusepProcesses: branches.map((b) => ({
      BranchCode: b.code,
      BranchName: b.name,
      Number: processes[b.code] ?? null,
      Required: b.kind === 'surety',
    })),
    Missing: missingOfRecord(
      row,
      branches.filter((b) => b.kind === 'surety').map((b) => b.code),
    ),
    History: await entityHistory(ctx, 'InsurerRecord', [ctx.company.id]),
  };
};

/** The processes given: branches of the company only, every surety branch's among them. */
const processProblems = async (ctx: Scoped, given: SaveInsurerRecordBody['SusepProcesses']) => {
  const branches = await repo.listBranches(ctx.db, ctx.company.id);
  const problems: FieldError[] = [];
  given.forEach((p, i) => {
    if (!branches.some((b) => b.code === p.BranchCode))
      problems.push({
        Field: `SusepProcesses.${i}.BranchCode`,
        Message: `O ramo ${p.BranchCode} não é um ramo da seguradora.`,
      });
  });
  for (const b of branches)
    if (b.kind === 'surety' && !given.some((p) => p.BranchCode === b.code))
      problems.push({ Field: 'SusepProcesses', Message: `Informe o processo SUSEP do ramo ${b.code}.` });
  return problems;
};

/** The columns of the record's fields given (an absent field is left as it is). */
const columnsOf = (d: InsurerRecordDraft): Partial<recordRepo.InsurerRecordValues> => {
  const columns: Partial<recordRepo.InsurerRecordValues> = {
    legalName: d.LegalName,
    cnpj: d.Cnpj,
    susepCode: d.SusepCode,
    zipCode: d.ZipCode,
    addressName: d.AddressName,
    number: d.Number,
    complement: d.Complement,
    neighborhood: d.Neighborhood,
    stateProvinceId: d.StateProvinceId,
    cityId: d.CityId,
    susepProcesses: d.SusepProcesses
      ? Object.fromEntries(d.SusepProcesses.map((p) => [p.BranchCode, p.Number]))
      : undefined,
    bankCode: d.BankCode,
    bankName: d.BankName ?? (d.BankCode ? getBanks().find((b) => b.Code === d.BankCode)?.Name : undefined),
    bankAgency: d.BankAgency,
    bankAccount: d.BankAccount,
    bankWallet: d.BankWallet,
    pixKey: d.PixKey,
    sacPhone: d.SacPhone,
    ouvidoriaPhone: d.OuvidoriaPhone,
    ouvidoriaEmail: d.OuvidoriaEmail,
    site: d.Site,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
};

/** The checks of the record's fields given (bank, city in state), pt-BR, by field: the screen's and the installer's. */
export const insurerDraftProblems = (d: InsurerRecordDraft): FieldError[] => {
  const problems: FieldError[] = [];
  const bank = d.BankCode ? bankCodeProblem(d.BankCode) : undefined;
  if (bank) problems.push({ Field: 'BankCode', Message: bank });
  if (d.CityId !== undefined || d.StateProvinceId !== undefined) {
    const city =
      d.CityId === undefined || d.StateProvinceId === undefined
        ? 'Informe o estado e a cidade da sede.'
        : checkCityInState(d.StateProvinceId, d.CityId);
    if (city) problems.push({ Field: 'CityId', Message: city });
  }
  return problems;
};

/**
 * SaveInsurerRecord: the whole record (the administrator's screen). Refused (422) with the field
 * of each problem: a bank outside the Banco Central's list, a process of a branch the company does
 * not have or a surety branch without one, a city outside its state. Each changed field enters the history.
 */
export const saveInsurerRecord = async (ctx: UserContext, body: SaveInsurerRecordBody) => {
  const problems = [...(await processProblems(ctx, body.SusepProcesses)), ...insurerDraftProblems(body)];
  if (problems.length) throw invalidFields(422, problems);
  const before = await recordRepo.findInsurerRecord(ctx.db, ctx.company.id);
  const saved = await recordRepo.upsertInsurerRecord(ctx.db, ctx.company.id, {
    ...columnsOf(body),
    number: body.Number ?? null,
    complement: body.Complement ?? null,
    neighborhood: body.Neighborhood ?? null,
  });
  await recordChanges(ctx, audit(ctx), shownValues(before), shownValues(saved));
  return getInsurerRecord(ctx);
};

/**
 * The installer's part (install/company.ts): fills the fields of the record that are still empty
 * with what the operator gave; what the record holds is never overwritten (a second run changes
 * nothing). Check the draft with `insurerDraftProblems` first.
 */
export const installInsurerRecord = async (db: DbOrTx, companyId: number, draft: InsurerRecordDraft) => {
  const existing = await recordRepo.findInsurerRecord(db, companyId);
  const given = columnsOf(draft);
  const current = (existing ?? {}) as Partial<Record<string, unknown>>;
  const missing = Object.fromEntries(
    Object.entries(given).filter(([key, value]) =>
      key === 'susepProcesses'
        ? Object.keys(value as Record<string, string>).some((code) => !processesOf(existing)[code])
        : current[key] == null,
    ),
  ) as Partial<recordRepo.InsurerRecordValues>;
  if (missing.susepProcesses)
    missing.susepProcesses = {
      ...(missing.susepProcesses as Record<string, string>),
      ...processesOf(existing),
    };
  if (!existing || Object.keys(missing).length) await recordRepo.upsertInsurerRecord(db, companyId, missing);
};
