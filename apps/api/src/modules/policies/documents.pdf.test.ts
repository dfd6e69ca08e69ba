import { writeFile } from 'node:fs/promises';
import { buildBoleto, isValidPixBrCode, renderTags } from '@aval/domain';
import { describe, expect, it } from 'vitest';
import { sampleInsurer } from '../../test/documents.js';
import { decodeItf, pdfText } from '../../test/pdf.js';
import { localBankSlipProvider, localFreeField, printedOurNumber, renderBarcodePng } from './bank-slip.js';
import { type ContractDocumentData, renderContractDocument } from './render-contract-document.js';

const insurer = sampleInsurer;

describe('boleto barcode', () => {
  it('should decode the rendered Interleaved 2 of 5 back to the same 44 digits', async () => {
    for (const [amount, due, our] of [
      ['1520.37', '2026-12-10', '00000001'],
      ['99.90', '2027-03-01', '12345678'],
      ['250000.00', '2026-11-30', '00004321'],
    ] as const) {
      const b = buildBoleto({
        bankCode: '341',
        dueDate: due,
        amount,
        freeField: localFreeField(insurer.bank, our),
      });
      const png = await renderBarcodePng(b.barcode);
      expect(decodeItf(png)).toBe(b.barcode);
    }
  });

  it('should refuse a barcode that is not 44 digits or whose check digit is wrong', () => {
    expect(() => renderBarcodePng('1234567890123')).toThrow(/44 digits/);
    const b = buildBoleto({
      bankCode: '341',
      dueDate: '2026-12-10',
      amount: '10.00',
      freeField: '0'.repeat(25),
    });
    const wrong = `${b.barcode.slice(0, 4)}${(Number(b.barcode[4]) + 1) % 10}${b.barcode.slice(5)}`;
    expect(() => renderBarcodePng(wrong)).toThrow(/check digit/);
  });

  it('should print the linha digitável, the amount and a valid Pix payload on the slip', async () => {
    const request = {
      ourNumber: '00000042',
      dueDate: '2026-12-10',
      amount: '1520.37',
      beneficiary: insurer,
      payer: {
        name: 'Construtora Alfa Ltda.',
        document: '11222333000181',
        address: {
          street: 'Rua das Flores',
          number: '12',
          district: 'Centro',
          city: 'Curitiba',
          state: 'PR',
          zipCode: '80010000',
        },
      },
      installment: { number: 1, of: 2 },
      proposalNumber: 17,
      description: 'Seguro garantia',
      documentDate: new Date('2026-12-03T15:00:00Z'),
    };
    const issued = await localBankSlipProvider.issue(request);
    const slip = { ...issued, pdf: await localBankSlipProvider.render(request, issued) };
    expect(isValidPixBrCode(slip.pixPayload)).toBe(true);
    expect(slip.pixPayload).toContain('1520.37');
    const { text } = await pdfText(slip.pdf);
    expect(text).toContain(slip.digitableLine);
    expect(text).toContain('R$ 1.520,37');
    expect(text).toContain('10/12/2026');
    expect(text).toContain('03/12/2026 – DS – N'); // the day it was booked
    expect(text).toContain('Construtora Alfa Ltda.');
    // The payer's address, and the "nosso número" with the DAC the barcode's free field carries.
    expect(text).toContain('Rua das Flores, 12 – Centro – Curitiba/ PR – CEP 80010-000');
    const dac = localFreeField(insurer.bank, '00000042').slice(11, 12);
    expect(printedOurNumber(insurer.bank, '42')).toBe(`109/00000042-${dac}`);
    expect(text).toContain(`Nosso número 109/00000042-${dac}`);
    if (process.env.KEEP_PDF) await writeFile(`${process.env.KEEP_PDF}/boleto.pdf`, slip.pdf);
  });

  it('should read the paid slips of a return file and refuse a malformed line', () => {
    expect(
      localBankSlipProvider.parseReturnFile('# retorno\n42;10/12/2026;1.520,37\n00000043;2026-12-11;99.9\n'),
    ).toEqual([
      { ourNumber: '00000042', paidAt: '2026-12-10', paidAmount: '1520.37' },
      { ourNumber: '00000043', paidAt: '2026-12-11', paidAmount: '99.90' },
    ]);
    expect(() => localBankSlipProvider.parseReturnFile('42;ontem;10')).toThrow(/Linha 1/);
  });
});

/** A policy of the sample insurer, whose terms each test gives. */
const policyData: Omit<ContractDocumentData, 'terms'> = {
  kind: 'policy',
  insurer,
  branchCode: '0775',
  proposalNumber: 17,
  policyNumber: '0775.2026.0000124-9',
  issuedAt: new Date('2026-11-24T15:00:00Z'),
  modality: 'Executante Construtor',
  modalityGroup: 'Contratos',
  policyHolder: { name: 'Construtora Alfa Ltda.', document: '11222333000181' },
  insured: { name: 'Prefeitura de Campinas', document: '51885242000140' },
  brokers: [{ name: 'Corretora Demo', document: '11444777000161', susep: '202612345', leader: true }],
  objects: ['Execução das obras do contrato 12/2026'],
  startDate: '2026-11-24',
  endDate: '2027-11-24',
  deadlineDays: 365,
  insuredAmount: '1234.56',
  premium: '100.00',
  totalPremium: '100.00',
  installments: [{ number: 1, dueDate: '2026-12-01', amount: '100.00' }],
};

describe('contract documents', () => {
  it('should fill every tag of the terms and number the pages when the policy is rendered', async () => {
    const context = {
      startDate: '2026-11-24',
      endDate: '2027-11-24',
      insuredAmount: '1234.56',
      deadlineDays: 365,
      modality: 'Executante Construtor',
      policyNumber: '0775.2026.0000124-9',
      policyHolder: { name: 'Construtora Alfa Ltda.', document: '11222333000181' },
      insured: { name: 'Prefeitura de Campinas', document: '51885242000140' },
      insurer: { name: insurer.name, document: insurer.cnpj },
    };
    const template =
      'O [SEGURADORA] garante ao [SEGURADO] o contrato do [TOMADOR] (CNPJ [CNPJ_TOMADOR]) até [VALOR_IS] ([VALOR_IS_EXT]), de [INI_VIGENCIA] a [FIM_VIGENCIA] ([PRAZO_DIAS] dias), apólice [NR_APOLICE], modalidade [MODALIDADE].';
    const rendered = renderTags(template, context);
    expect(rendered.missing).toEqual([]);
    const pdf = await renderContractDocument({
      ...policyData,
      terms: Array.from({ length: 12 }, (_, i) => ({
        typeName: 'Condições Especiais',
        title: `Cláusula ${i + 1}`,
        text: `${rendered.text} ${'Texto contratual. '.repeat(40)}`,
      })),
    });
    const { text, pages } = await pdfText(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect(text).toContain(`Página 1 de ${pages.length}`);
    expect(text).toContain(`Página ${pages.length} de ${pages.length}`);
    for (const value of [
      insurer.name,
      'Prefeitura de Campinas',
      'Construtora Alfa Ltda.',
      '11.222.333/0001-81',
      'R$ 1.234,56',
      'mil duzentos e trinta e quatro reais e cinquenta e seis centavos',
      '24/11/2026',
      '24/11/2027',
      '365 dias',
      '0775.2026.0000124-9',
      'Executante Construtor',
      `Processo SUSEP nº ${insurer.susepProcesses['0775']}`,
    ])
      expect(text).toContain(value);
    expect(text).not.toMatch(/\[[A-Z_]+\]/);
    if (process.env.KEEP_PDF) await writeFile(`${process.env.KEEP_PDF}/policy.pdf`, pdf);
  });

  it('should say under the conditions heading which conditions govern a policy that recorded none, and that a minuta without any is not issued', async () => {
    const policy = await renderContractDocument({ ...policyData, terms: [] });
    const policyText = (await pdfText(policy)).text;
    for (const value of [
      'CONDIÇÕES CONTRATUAIS E CLÁUSULAS O texto das condições contratuais desta apólice não foi registrado na sua emissão.',
      'Valem as condições gerais e especiais do produto do ramo 0775, registrado na SUSEP sob o Processo nº',
      `que a seguradora fornece pelo SAC (${insurer.consumer.sac}).`,
    ])
      expect(policyText).toContain(value);
    const draft = await renderContractDocument({
      ...policyData,
      kind: 'contract-draft',
      policyNumber: null,
      issuedAt: null,
      terms: [],
    });
    expect((await pdfText(draft)).text).toContain(
      'CONDIÇÕES CONTRATUAIS E CLÁUSULAS A modalidade Executante Construtor não tem condições contratuais cadastradas que valham para esta proposta: sem elas, a apólice não é emitida.',
    );
    if (process.env.KEEP_PDF) {
      await writeFile(`${process.env.KEEP_PDF}/policy-without-terms.pdf`, policy);
      await writeFile(`${process.env.KEEP_PDF}/minuta-without-terms.pdf`, draft);
    }
  });
});
