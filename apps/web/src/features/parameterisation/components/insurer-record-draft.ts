import {
  type InsurerRecordView,
  maskCnpj,
  type SaveInsurerRecordBody,
  saveInsurerRecordBody,
} from '@aval/contracts';
import { branchText } from '@aval/domain';
import type { FormErrors } from '@mantine/form';
import { contractResolver, type FieldOf } from '../../../shared/forms/contract-form.js';
import { type AddressDraft, toAddressDraft, toAddressInput } from '../../../shared/ui/address-form.js';

/** The "Dados da seguradora" form: every field as the text the user sees, one process per branch. */
export type InsurerRecordDraft = AddressDraft & {
  LegalName: string;
  Cnpj: string;
  SusepCode: string;
  SusepProcesses: { BranchCode: string; BranchName: string; Required: boolean; Number: string }[];
  BankCode: string | null;
  BankName: string;
  BankAgency: string;
  BankAccount: string;
  BankWallet: string;
  PixKey: string;
  SacPhone: string;
  OuvidoriaPhone: string;
  OuvidoriaEmail: string;
  Site: string;
};

/** The form of the stored record (blank where it holds nothing). */
export const insurerRecordDraftOf = (r: InsurerRecordView): InsurerRecordDraft => ({
  ...toAddressDraft({
    ZipCode: r.ZipCode ?? '',
    AddressName: r.AddressName ?? '',
    Number: r.Number,
    Complement: r.Complement,
    Neighborhood: r.Neighborhood,
    StateProvinceId: r.StateProvinceId ?? undefined,
    CityId: r.CityId ?? undefined,
  }),
  LegalName: r.LegalName ?? '',
  Cnpj: maskCnpj(r.Cnpj ?? ''),
  SusepCode: r.SusepCode ?? '',
  SusepProcesses: r.SusepProcesses.map((p) => ({
    BranchCode: p.BranchCode,
    BranchName: p.BranchName,
    Required: p.Required,
    Number: p.Number ?? '',
  })),
  BankCode: r.BankCode,
  BankName: r.BankName ?? '',
  BankAgency: r.BankAgency ?? '',
  BankAccount: r.BankAccount ?? '',
  BankWallet: r.BankWallet ?? '',
  PixKey: r.PixKey ?? '',
  SacPhone: r.SacPhone ?? '',
  OuvidoriaPhone: r.OuvidoriaPhone ?? '',
  OuvidoriaEmail: r.OuvidoriaEmail ?? '',
  Site: r.Site ?? '',
});

/** SaveInsurerRecord's body: the branches with a process only (a blank one is no process). */
export const insurerRecordBodyOf = (d: InsurerRecordDraft): SaveInsurerRecordBody => ({
  ...toAddressInput(d),
  LegalName: d.LegalName.trim(),
  Cnpj: d.Cnpj,
  SusepCode: d.SusepCode.trim(),
  SusepProcesses: d.SusepProcesses.filter((p) => p.Number.trim()).map((p) => ({
    BranchCode: p.BranchCode,
    Number: p.Number.trim(),
  })),
  BankCode: d.BankCode ?? '',
  BankName: d.BankName.trim(),
  BankAgency: d.BankAgency.trim(),
  BankAccount: d.BankAccount.trim(),
  BankWallet: d.BankWallet.trim(),
  PixKey: d.PixKey.trim(),
  SacPhone: d.SacPhone.trim(),
  OuvidoriaPhone: d.OuvidoriaPhone.trim(),
  OuvidoriaEmail: d.OuvidoriaEmail.trim(),
  Site: d.Site.trim(),
});

/** A body path of a process (`SusepProcesses.1.Number`: the second one sent) → its input on the form. */
export const processFieldOf =
  (d: InsurerRecordDraft): FieldOf =>
  (path) => {
    const sent = d.SusepProcesses.flatMap((p, i) => (p.Number.trim() ? [i] : []));
    return path.replace(/^SusepProcesses\.(\d+)/, (_, k: string) => `SusepProcesses.${sent[Number(k)] ?? k}`);
  };

/** The contract's messages on their fields, and a required branch without its process. */
export const validateInsurerRecordDraft = (d: InsurerRecordDraft): FormErrors => {
  const errors = contractResolver(saveInsurerRecordBody, insurerRecordBodyOf, processFieldOf(d))(d);
  d.SusepProcesses.forEach((p, i) => {
    if (p.Required && !p.Number.trim())
      errors[`SusepProcesses.${i}.Number`] = `Informe o processo SUSEP do ramo ${branchText(p.BranchCode)}.`;
  });
  return errors;
};
