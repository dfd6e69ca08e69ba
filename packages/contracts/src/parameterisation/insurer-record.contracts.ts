import {
  maskSusepProcess,
  unmaskCnpj,
  validateBankCode,
  validateCnpj,
  validateEmail,
  validatePixKey,
  validateServicePhone,
  validateSite,
  validateSusepCode,
  validateSusepProcess,
} from '@aval/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { addressInput } from '../shared/address.js';
import { changeHistoryEntry } from '../shared/change-history.js';
import { requiredText } from '../shared/fields.js';
import { paramWrite } from './common.contracts.js';

/**
 * The insurer's own record (docs/domain.md §4, "The insurer's record"): what its policies,
 * endorsements, minutas, issuance reports, boletos and CCGs print about it. Kept per company,
 * filled by the installer and edited by its administrator (Parametrização › Dados da seguradora).
 */

/** Required text checked by one of @aval/domain's validators (its pt-BR message). */
const checked = (label: string, max: number, check: (v: string) => string | undefined) =>
  requiredText(label, max).superRefine((v, ctx) => {
    const message = check(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const digits = (label: string, max: number, message: string) =>
  requiredText(label, 20).regex(new RegExp(`^\\d{1,${max}}$`), message);

/** The SUSEP process of a branch's product, stored masked (15414.602449/2024-53). */
export const susepProcessEntry = z.object({
  BranchCode: requiredText('o ramo do processo SUSEP', 20),
  Number: checked('o número do processo SUSEP', 30, validateSusepProcess).transform(maskSusepProcess),
});

/**
 * Every field of the record, each with its pt-BR message. The collecting account follows the
 * local boleto generator's wallet layout (agency 4, account 5 and wallet 3 digits, without their
 * check digits, which the slip computes).
 */
export const insurerRecordFields = {
  LegalName: requiredText('a razão social da seguradora', 200),
  Cnpj: checked('o CNPJ da seguradora', 20, (v) =>
    validateCnpj(v) ? 'CNPJ da seguradora inválido.' : undefined,
  ).transform((v) => unmaskCnpj(v)),
  SusepCode: checked('o código SUSEP da seguradora', 20, validateSusepCode),
  ...addressInput.shape,
  SusepProcesses: z
    .array(susepProcessEntry, { message: 'Informe os processos SUSEP dos produtos.' })
    .max(20, 'Informe no máximo 20 processos SUSEP.')
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((p, i) => {
        if (seen.has(p.BranchCode))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'BranchCode'],
            message: `O ramo ${p.BranchCode} foi informado mais de uma vez.`,
          });
        seen.add(p.BranchCode);
      });
    }),
  BankCode: checked('o código do banco', 20, validateBankCode),
  BankName: requiredText('o nome do banco', 100),
  BankAgency: digits('a agência', 4, 'Agência inválida: use até 4 dígitos, sem o dígito verificador.'),
  BankAccount: digits('a conta', 5, 'Conta inválida: use até 5 dígitos, sem o dígito verificador.'),
  BankWallet: digits('a carteira', 3, 'Carteira inválida: use até 3 dígitos (ex.: 109).'),
  PixKey: checked('a chave Pix', 77, validatePixKey),
  SacPhone: checked('o telefone do SAC', 20, validateServicePhone),
  OuvidoriaPhone: checked('o telefone da Ouvidoria', 20, validateServicePhone),
  OuvidoriaEmail: checked('o e-mail da Ouvidoria', 120, (v) =>
    validateEmail(v) ? 'E-mail da Ouvidoria inválido.' : undefined,
  ),
  Site: checked('o site da seguradora', 120, validateSite),
};

/** SaveInsurerRecord: the whole record (a document needs every field). */
export const saveInsurerRecordBody = z.object(insurerRecordFields);
export type SaveInsurerRecordBody = z.infer<typeof saveInsurerRecordBody>;

/** What the installer may give of the record (`npm run install-company`): any field, each checked. */
export const insurerRecordDraft = z.object(insurerRecordFields).partial();
export type InsurerRecordDraft = z.infer<typeof insurerRecordDraft>;

const text = z.string().nullable();

export const insurerRecordView = z
  .object({
    LegalName: text,
    Cnpj: text,
    SusepCode: text,
    ZipCode: text,
    AddressName: text,
    Number: text,
    Complement: text,
    Neighborhood: text,
    StateProvinceId: z.number().int().nullable(),
    StateCode: text,
    CityId: z.number().int().nullable(),
    CityName: text,
    /** One per branch of the company, its process or null; Required: a surety branch (0775, 0776). */
    SusepProcesses: z.array(
      z.object({ BranchCode: z.string(), BranchName: z.string(), Number: text, Required: z.boolean() }),
    ),
    BankCode: text,
    BankName: text,
    BankAgency: text,
    BankAccount: text,
    BankWallet: text,
    PixKey: text,
    SacPhone: text,
    OuvidoriaPhone: text,
    OuvidoriaEmail: text,
    Site: text,
    /** What the documents still lack, in pt-BR ("o código SUSEP"); empty when complete. */
    Missing: z.array(z.string()),
    History: z.array(changeHistoryEntry),
  })
  .meta({ id: 'InsurerRecord' });
export type InsurerRecordView = z.infer<typeof insurerRecordView>;

export const getInsurerRecord = endpoint({
  ...paramWrite,
  area: 'extra',
  method: 'GET',
  path: '/api/Core/GetInsurerRecord',
  summary: 'Dados da seguradora impressos nos documentos (razão social, CNPJ, SUSEP, cobrança, SAC)',
  description:
    'Só a seguradora, com a permissão 26 (Parametrizar seguradora). `Missing` lista o que falta para emitir documentos (vazio: completo); `History`, as alterações, mais recentes primeiro.',
  response: insurerRecordView,
});

export const saveInsurerRecord = endpoint({
  ...paramWrite,
  area: 'extra',
  method: 'POST',
  path: '/api/Core/SaveInsurerRecord',
  summary: 'Grava os dados da seguradora impressos nos documentos',
  description:
    'Só a seguradora, com a permissão 26. O registro inteiro: cada campo obrigatório, o processo SUSEP de cada ramo de seguro garantia (0775, 0776) e, opcionalmente, dos outros ramos da empresa. Cada alteração entra no histórico. Responde o registro gravado.',
  body: saveInsurerRecordBody,
  response: insurerRecordView,
});
