import type { TagAddress } from '@aval/domain';
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { optionalAddressColumns, timestamps } from '../../db/columns.js';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';

/**
 * The insurer's own record, one row per company (docs/domain.md §4, "The insurer's record"): what
 * its documents print about it. Every column may be empty: the installer fills what the operator
 * gives, the administrator completes it (SaveInsurerRecord asks for every field), and a document is
 * refused while what it prints is missing.
 */
export const insurerRecords = pgTable(
  'insurer_records',
  {
    companyId: companyIdColumn().primaryKey(),
    legalName: text('legal_name'),
    /** Unmasked, upper case (alphanumeric CNPJs). */
    cnpj: text('cnpj'),
    susepCode: text('susep_code'),
    ...optionalAddressColumns(),
    /** The SUSEP process of each branch's product, by branch code (`{ "0775": "15414.602449/2024-53" }`). */
    susepProcesses: jsonb('susep_processes').$type<Record<string, string>>().notNull().default({}),
    bankCode: text('bank_code'),
    bankName: text('bank_name'),
    bankAgency: text('bank_agency'),
    bankAccount: text('bank_account'),
    bankWallet: text('bank_wallet'),
    pixKey: text('pix_key'),
    sacPhone: text('sac_phone'),
    ouvidoriaPhone: text('ouvidoria_phone'),
    ouvidoriaEmail: text('ouvidoria_email'),
    site: text('site'),
    ...timestamps(),
  },
  () => [tenantPolicy('insurer_records')],
);

export type InsurerRecordRow = typeof insurerRecords.$inferSelect;

/**
 * What a document prints about the insurer: its record, complete for that document. Plain data, so
 * a document issued with it keeps it as it was (`insurerAsIssued`, insurer-record.service.ts).
 */
export type InsurerProfile = {
  name: string;
  cnpj: string;
  susepCode: string;
  address: TagAddress & { city: string; state: string; zipCode: string };
  /** Processo SUSEP of each branch's product, by branch code (0775 public, 0776 private insured…). */
  susepProcesses: Record<string, string>;
  bank: { code: string; name: string; agency: string; account: string; wallet: string };
  pixKey: string;
  /** Consumer service (Circular SUSEP 642/2021): SAC and Ouvidoria, with the insurer's site. */
  consumer: { sac: string; ouvidoria: string; email: string; site: string };
};
