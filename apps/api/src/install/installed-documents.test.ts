import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import {
  confirmBankSlipPayment,
  downloadBankSlip,
  downloadPolicyDocument,
  getInsurerRecord,
  issueProposal,
  requestIssuance,
  saveInsurerRecord,
  updateCalculateFinancialData,
  updateProposal,
} from '@aval/contracts';
import { cnpjFromBase, maskCnpj, Permission, UserType } from '@aval/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policies, policyInstallments } from '../modules/policies/policies.table.js';
import { proposals } from '../modules/proposals/proposals.table.js';
import { rememberInstalledCompany } from '../test/call.js';
import { fetchSignedFile } from '../test/documents.js';
import { createBroker } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { changeInsurerRecord } from '../test/insurer-record.js';
import { pdfText } from '../test/pdf.js';
import { inDays, type QuoteSetup, quoteSetup, signCcg, today } from '../test/proposals.js';
import { installCompany } from './company.js';
import type { CompanyInstallInput } from './input.js';

/**
 * The insurer's record, from the installer to the paper: a company installed with its own CNPJ,
 * SUSEP code, processes, collecting bank and consumer lines issues a policy whose PDF and boleto
 * print those values (nothing made up from its id); one installed without them cannot issue until
 * its administrator completes the record, and then prints what was saved.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fetchFile = (url: string) => fetchSignedFile(t, url);

type Installed = {
  id: number;
  s: QuoteSetup;
  brokerUniqueId: string;
  staff: { cid: number; utp: 1; prm: number[] };
};

/** Installs company `id` as `npm run install-company` does, with a brokerage, a holder and an insured. */
const install = async (
  id: number,
  cnpj: string,
  record?: CompanyInstallInput['record'],
): Promise<Installed> => {
  const companyKey = `ck-teste-${id}-${randomBytes(4).toString('hex')}`;
  await installCompany(
    t.database.db,
    {
      id,
      name: `Garantia Teste ${id} Seguros S.A.`,
      companyKey,
      hosts: [`seguros${id}.exemplo.com.br`],
      cnpj,
      contactEmail: `atendimento${id}@exemplo.com.br`,
      administrator: { name: 'Joana Prado', email: `joana.${id}@exemplo.com.br` },
      record,
    },
    t.platform,
  );
  rememberInstalledCompany(id, companyKey);
  const broker = await createBroker(t, { companyId: id });
  const s = await quoteSetup(t, { companyId: id, brokerId: broker.id });
  await signCcg(t, s.holder.id, id);
  return {
    id,
    s,
    brokerUniqueId: broker.uniqueId,
    staff: { cid: id, utp: UserType.INSURANCE, prm: Object.values(Permission) },
  };
};

/** A priced proposal of the company's holder put in 7 Aprovada and sent to issuance (7 → 3). */
const readyToIssue = async (c: Installed) => {
  const draft = await t.data(updateProposal, {
    as: c.staff,
    body: {
      ProductId: c.s.modality.Id,
      PolicyHolderUniqueId: c.s.holder.uniqueId,
      InsuredId: c.s.insured.Id,
      BrokerUniqueId: c.brokerUniqueId,
      StartDate: today(),
      EndDate: inDays(365),
      InsuredAmountValue: '100000.00',
      ProposalObjects: [{ Description: 'Execução das obras do contrato 7/2026' }],
    },
  });
  await t.data(updateCalculateFinancialData, {
    as: c.staff,
    body: { ProposalUniqueId: draft.UniqueId, ComissionPercentage: '20' },
  });
  await t.database.db
    .update(proposals)
    .set({ statusId: 7, analysisStartedAt: new Date(), numberOfInstallment: 1 })
    .where(eq(proposals.uniqueId, draft.UniqueId));
  await t.data(requestIssuance, { as: c.staff, body: { ProposalUniqueId: draft.UniqueId } });
  return draft.UniqueId;
};

/** The text of the proposal's first boleto (its PDF rendered on its first download) and its line. */
const boletoText = async (c: Installed, proposal: string) => {
  const [slip] = (await t.data(downloadBankSlip, { as: c.staff, query: { ProposalUniqueId: proposal } }))
    .LinksToDownload;
  return { text: (await pdfText(await fetchFile(slip!.Url))).text, digitableLine: slip!.DigitableLine };
};

/** Issues (3 → 4) and pays the boleto (4 → 5): the policy is born; the boleto's text. */
const issueAndPay = async (c: Installed, proposal: string) => {
  expect((await t.data(issueProposal, { as: c.staff, body: { ProposalUniqueId: proposal } })).StatusId).toBe(
    4,
  );
  const [slip] = (await t.data(downloadBankSlip, { as: c.staff, query: { ProposalUniqueId: proposal } }))
    .LinksToDownload;
  const boleto = (await pdfText(await fetchFile(slip!.Url))).text;
  await t.data(confirmBankSlipPayment, {
    as: c.staff,
    body: { ProposalUniqueId: proposal, InstallmentNumber: 1 },
  });
  return boleto;
};

/**
 * The policy's PDF as text (rendered on this first download: the test app runs no documents job),
 * kept as `keep` under KEEP_PDF.
 */
const policyText = async (c: Installed, proposal: string, keep?: string) => {
  const doc = await t.data(downloadPolicyDocument, { as: c.staff, query: { ProposalUniqueId: proposal } });
  const pdf = await fetchFile(doc.UrlToDownload);
  if (keep && process.env.KEEP_PDF) await writeFile(`${process.env.KEEP_PDF}/${keep}`, pdf);
  return (await pdfText(pdf)).text;
};

/** Issues, pays and reads the policy's PDF and the boleto's as text. */
const issueAndRead = async (c: Installed, proposal: string) => {
  const boleto = await issueAndPay(c, proposal);
  return { policy: await policyText(c, proposal), boleto };
};

const cnpjA = cnpjFromBase('475208630001');
const cnpjB = cnpjFromBase('618294570001');
const cnpjC = cnpjFromBase('730915260001');
const cnpjD = cnpjFromBase('846203170001');
const cnpjE = cnpjFromBase('951372840001');
const cnpjF = cnpjFromBase('362851970001');

/** A complete record as the installer is given it (`npm run install-company` with every option). */
const completeRecord = (cnpj: string): CompanyInstallInput['record'] => ({
  LegalName: 'Garantia Teste Companhia de Seguros',
  SusepCode: '05886',
  ZipCode: '01014-000',
  AddressName: 'Rua Boa Vista',
  Number: '254',
  Neighborhood: 'Centro',
  StateProvinceId: 35,
  CityId: 3550308,
  SusepProcesses: [
    { BranchCode: '0775', Number: '15414.900001/2026-11' },
    { BranchCode: '0776', Number: '15414900002202612' },
  ],
  // No bank name: the Banco Central's list names it.
  BankCode: '001',
  BankAgency: '1234',
  BankAccount: '56789',
  BankWallet: '17',
  PixKey: cnpj,
  SacPhone: '0800 777 1234',
  OuvidoriaPhone: '0800 777 5678',
  OuvidoriaEmail: 'ouvidoria@garantiateste.com.br',
  Site: 'www.garantiateste.com.br',
});

describe("the insurer's record on its documents", () => {
  it('should print, on the policy and its boleto, the CNPJ, SUSEP code, process, bank and SAC the installer was given', async () => {
    const c = await install(910_001, maskCnpj(cnpjA), completeRecord(cnpjA));
    const { policy, boleto } = await issueAndRead(c, await readyToIssue(c));
    for (const expected of [
      'Garantia Teste Companhia de Seguros',
      `CNPJ ${maskCnpj(cnpjA)}`,
      'código SUSEP 05886',
      'Processo SUSEP nº 15414.900002/2026-12',
      'SAC: 0800 777 1234',
      'Ouvidoria: 0800 777 5678 (ouvidoria@garantiateste.com.br)',
      'www.garantiateste.com.br',
      'Rua Boa Vista, 254',
    ])
      expect(policy).toContain(expected);
    for (const expected of [
      `Garantia Teste Companhia de Seguros – CNPJ ${maskCnpj(cnpjA)}`,
      'Banco do Brasil S.A.',
      '001-9',
      '1234/56789',
    ])
      expect(boleto).toContain(expected);
  }, 120_000);

  it('should refuse the issuance of a company whose record lacks what the documents print, naming it, until the administrator completes it', async () => {
    const c = await install(910_002, cnpjB);
    const record = await t.data(getInsurerRecord, { as: c.staff });
    // The installer kept what it was given: the name and the CNPJ.
    expect(record).toMatchObject({ LegalName: 'Garantia Teste 910002 Seguros S.A.', Cnpj: maskCnpj(cnpjB) });
    expect(record.Missing).toEqual([
      'o código SUSEP',
      'o endereço da sede',
      'o processo SUSEP do ramo 0775',
      'o processo SUSEP do ramo 0776',
      'a conta de cobrança (banco, agência, conta e carteira)',
      'a chave Pix',
      'o telefone do SAC',
      'o telefone da Ouvidoria',
      'o e-mail da Ouvidoria',
      'o site',
    ]);
    const proposal = await readyToIssue(c);
    const refused = await t.call(issueProposal, { as: c.staff, body: { ProposalUniqueId: proposal } });
    expect(refused.status).toBe(422);
    expect(refused.errors).toEqual([
      'Os dados da seguradora impressos nos documentos estão incompletos: faltam o código SUSEP, o endereço da sede, o processo SUSEP do ramo 0776, a conta de cobrança (banco, agência, conta e carteira), a chave Pix, o telefone do SAC, o telefone da Ouvidoria, o e-mail da Ouvidoria e o site. O administrador os completa em Parametrização › Dados da seguradora.',
    ]);
    const [row] = await t.database.db.select().from(proposals).where(eq(proposals.uniqueId, proposal));
    expect(row!.statusId).toBe(3);

    await t.data(saveInsurerRecord, {
      as: c.staff,
      body: {
        LegalName: 'Garantia Teste 910002 Seguros S.A.',
        Cnpj: cnpjB,
        SusepCode: '07123',
        ZipCode: '20040-002',
        AddressName: 'Rua da Assembleia',
        Number: '10',
        StateProvinceId: 33,
        CityId: 3304557,
        SusepProcesses: [
          { BranchCode: '0775', Number: '15414.910001/2026-01' },
          { BranchCode: '0776', Number: '15414.910002/2026-02' },
        ],
        BankCode: '341',
        BankName: 'Itaú Unibanco S.A.',
        BankAgency: '0500',
        BankAccount: '12345',
        BankWallet: '109',
        PixKey: 'cobranca@garantiateste2.com.br',
        SacPhone: '4004-1234',
        OuvidoriaPhone: '0800 888 0002',
        OuvidoriaEmail: 'ouvidoria@garantiateste2.com.br',
        Site: 'https://www.garantiateste2.com.br',
      },
    });
    const { policy } = await issueAndRead(c, proposal);
    for (const expected of [
      'código SUSEP 07123',
      'Processo SUSEP nº 15414.910002/2026-02',
      'SAC: 4004-1234',
      'Rua da Assembleia, 10 – Rio de Janeiro',
    ])
      expect(policy).toContain(expected);
  }, 120_000);

  it('should print on a policy the insurer as it was when the policy was issued, after its record changes', async () => {
    const c = await install(910_003, maskCnpj(cnpjC), completeRecord(cnpjC));
    const proposal = await readyToIssue(c);
    await issueAndPay(c, proposal);
    // The administrator changes the record after the issuance, before the PDF is rendered.
    const changed = {
      LegalName: 'Nova Denominação Seguradora S.A.',
      Cnpj: maskCnpj(cnpjD),
      SusepCode: '09871',
      SusepProcesses: [
        { BranchCode: '0775', Number: '15414.977771/2026-71' },
        { BranchCode: '0776', Number: '15414.977772/2026-72' },
      ],
      AddressName: 'Avenida Paulista',
      Number: '1000',
      SacPhone: '0800 600 7000',
    };
    await changeInsurerRecord(t, c.staff, changed);
    const asIssued = [
      'Garantia Teste Companhia de Seguros',
      `CNPJ ${maskCnpj(cnpjC)}`,
      'código SUSEP 05886',
      'Processo SUSEP nº 15414.900002/2026-12',
      'SAC: 0800 777 1234',
      'Rua Boa Vista, 254',
    ];
    const now = [
      changed.LegalName,
      changed.Cnpj,
      changed.SusepCode,
      '15414.977772/2026-72',
      changed.SacPhone,
      'Avenida Paulista',
    ];
    const policy = await policyText(c, proposal, 'policy-as-issued.pdf');
    for (const expected of asIssued) expect(policy).toContain(expected);
    for (const later of now) expect(policy).not.toContain(later);
    // A policy issued before the insurer was kept with it (none kept) prints the record as it is now.
    await t.database.db
      .update(policies)
      .set({ issuedInsurer: null, documentArchiveId: null, documentSha256: null })
      .where(eq(policies.proposalUniqueId, proposal));
    const older = await policyText(c, proposal);
    for (const expected of now) expect(older).toContain(expected);
    // A policy issued now prints the record as it is now.
    const next = await readyToIssue(c);
    await issueAndPay(c, next);
    const nextPolicy = await policyText(c, next, 'policy-issued-after-the-change.pdf');
    for (const expected of now) expect(nextPolicy).toContain(expected);
  }, 120_000);

  it('should print on a boleto the beneficiary and collecting account it was booked with, after the account changes', async () => {
    const c = await install(910_004, maskCnpj(cnpjE), completeRecord(cnpjE));
    const proposal = await readyToIssue(c);
    // Booked (3 → 4) with the account of the day: its linha digitável and nosso número come from it.
    expect(
      (await t.data(issueProposal, { as: c.staff, body: { ProposalUniqueId: proposal } })).StatusId,
    ).toBe(4);
    // The administrator changes the collecting account and the beneficiary before anyone downloads it.
    const changed = {
      LegalName: 'Nova Cobradora Seguros S.A.',
      Cnpj: maskCnpj(cnpjF),
      BankCode: '237',
      BankName: 'Banco Bradesco S.A.',
      BankAgency: '4321',
      BankAccount: '98765',
      BankWallet: '09',
    };
    await changeInsurerRecord(t, c.staff, changed);
    const asBooked = [
      `Garantia Teste Companhia de Seguros – CNPJ ${maskCnpj(cnpjE)}`,
      'Banco do Brasil S.A.',
      '001-9',
      '1234/56789',
      '017/000',
    ];
    const now = [changed.LegalName, changed.Cnpj, 'Bradesco', '237-2', '4321/98765', '009/000'];
    const booked = await boletoText(c, proposal);
    if (process.env.KEEP_PDF) await writeFile(`${process.env.KEEP_PDF}/boleto-as-booked.txt`, booked.text);
    expect(booked.text).toContain(booked.digitableLine);
    for (const expected of asBooked) expect(booked.text).toContain(expected);
    for (const later of now) expect(booked.text).not.toContain(later);
    // The line printed is the one booked with the old account (bank 001, agency and account in its free field).
    expect(booked.digitableLine.startsWith('0019')).toBe(true);

    // Its "Data do documento" is the day it was booked, not the day someone downloads it.
    const [bookedRow] = await t.database.db.select().from(proposals).where(eq(proposals.uniqueId, proposal));
    await t.database.db
      .update(policyInstallments)
      .set({ createdAt: new Date('2026-11-20T15:00:00Z'), archiveId: null, sha256: null })
      .where(eq(policyInstallments.proposalId, bookedRow!.id));
    const rendered = await boletoText(c, proposal);
    expect(rendered.text).toContain('20/11/2026 – DS – N');
    for (const expected of asBooked) expect(rendered.text).toContain(expected);

    // A boleto booked before the account was kept with it (none kept) prints the record as it is now.
    await t.database.db
      .update(policyInstallments)
      .set({ issuedInsurer: null, archiveId: null, sha256: null })
      .where(eq(policyInstallments.proposalId, bookedRow!.id));
    const older = await boletoText(c, proposal);
    for (const expected of now) expect(older.text).toContain(expected);

    // A boleto booked now carries the new account, in its line and on its PDF.
    const next = await readyToIssue(c);
    await t.data(issueProposal, { as: c.staff, body: { ProposalUniqueId: next } });
    const nextBoleto = await boletoText(c, next);
    expect(nextBoleto.digitableLine.startsWith('2379')).toBe(true);
    for (const expected of now) expect(nextBoleto.text).toContain(expected);
    for (const before of asBooked) expect(nextBoleto.text).not.toContain(before);
  }, 120_000);
});
