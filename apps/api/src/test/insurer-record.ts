import {
  getInsurerRecord,
  type InsurerRecordView,
  type SaveInsurerRecordBody,
  saveInsurerRecord,
} from '@aval/contracts';
import { eq } from 'drizzle-orm';
import { insurerRecords } from '../modules/parameterisation/insurer-record.table.js';
import type { Caller } from './call.js';
import type { TestApp } from './harness.js';

/** The save body of a record as GetInsurerRecord shows it. */
export const recordBody = (r: InsurerRecordView): SaveInsurerRecordBody => ({
  LegalName: r.LegalName!,
  Cnpj: r.Cnpj!,
  SusepCode: r.SusepCode!,
  ZipCode: r.ZipCode!,
  AddressName: r.AddressName!,
  Number: r.Number,
  Complement: r.Complement,
  Neighborhood: r.Neighborhood,
  StateProvinceId: r.StateProvinceId!,
  CityId: r.CityId!,
  SusepProcesses: r.SusepProcesses.filter((p) => p.Number).map((p) => ({
    BranchCode: p.BranchCode,
    Number: p.Number!,
  })),
  BankCode: r.BankCode!,
  BankName: r.BankName!,
  BankAgency: r.BankAgency!,
  BankAccount: r.BankAccount!,
  BankWallet: r.BankWallet!,
  PixKey: r.PixKey!,
  SacPhone: r.SacPhone!,
  OuvidoriaPhone: r.OuvidoriaPhone!,
  OuvidoriaEmail: r.OuvidoriaEmail!,
  Site: r.Site!,
});

/**
 * Changes the insurer's record as its administrator does (SaveInsurerRecord, permission 26) and
 * gives back a function that saves the record as it was.
 */
export const changeInsurerRecord = async (
  t: TestApp,
  as: Caller,
  changes: Partial<SaveInsurerRecordBody>,
) => {
  const before = recordBody(await t.data(getInsurerRecord, { as }));
  await t.data(saveInsurerRecord, { as, body: { ...before, ...changes } });
  return async () => {
    await t.data(saveInsurerRecord, { as, body: before });
  };
};

/**
 * Empties the record's Pix key and site, as an installation without them leaves it (the
 * administrator's screen saves only a whole record), and gives back a function that puts them back.
 */
export const leaveInsurerRecordIncomplete = async (t: TestApp, companyId: number) => {
  const where = eq(insurerRecords.companyId, companyId);
  const [row] = await t.database.db.select().from(insurerRecords).where(where);
  await t.database.db.update(insurerRecords).set({ pixKey: null, site: null }).where(where);
  return async () => {
    await t.database.db.update(insurerRecords).set({ pixKey: row!.pixKey, site: row!.site }).where(where);
  };
};
