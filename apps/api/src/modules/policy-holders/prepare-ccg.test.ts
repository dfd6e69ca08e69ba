import {
  CcgSignatoryRole,
  downloadPolicyHolderCcg,
  getCardPolicyHolderCCGInfo,
  getPolicyHolderCcg,
  preparePolicyHolderCcg,
  sendPolicyHolderRequestToAnalysis,
  uploadPolicyHolderRequestDocument,
} from '@aval/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asInsurer, createPolicyHolder } from '../../test/factories.js';
import { broker, t, uploadFile, useBrokersFixture } from '../../test/fixtures/brokers.js';
import { pdfText } from '../../test/pdf.js';
import { demoBrokerId } from '../../test/proposals.js';
import { until } from '../../test/wait.js';
import { addPartners } from '../pep/index.js';
import { ccgSignedOrIgnored } from './policy-holders.ccg.js';
import { policyHolderCcgs, policyHolderNominations, policyHolders } from './policy-holders.table.js';

/**
 * The broker prepares the holder's CCG where the proposal waits for it (issue 30): signatories
 * suggested from the QSA, the contract as a PDF, the "CCG assinado" slot whose signed file opens
 * the ANALISE_CCG card.
 */
useBrokersFixture();

/** A holder nominated to the demo broker, with a QSA of an administrator and a plain partner. */
const holderOfTheBroker = async (name: string) => {
  const holder = await createPolicyHolder(t, { name });
  await t.database.db
    .insert(policyHolderNominations)
    .values({ companyId: 54, policyHolderId: holder.id, brokerId: await demoBrokerId(t), statusId: 2 });
  await asInsurer(t, (ctx) =>
    addPartners(ctx, 'PolicyHolder', holder.id, [
      { name: 'Ana Sócia Administradora', cpf: '52998224725', role: 'Sócio-Administrador' },
      { name: 'Bruno Sócio', cpf: '11144477735', role: 'Sócio' },
    ]),
  );
  return holder;
};

const ccgOf = (uniqueId: string, as: 'corretor' | 'analista' = 'corretor') =>
  t.data(getPolicyHolderCcg, { as, query: { PolicyHolderUniqueId: uniqueId } });

const partner = {
  Name: 'Ana Sócia Administradora',
  Cpf: '529.982.247-25',
  RoleId: CcgSignatoryRole.SOCIO_COM_PODERES,
};

describe('preparing the CCG', () => {
  it('should suggest the QSA, prepare the CCG with its slot and PDF, and open its card when the signed file is sent', async () => {
    const holder = await holderOfTheBroker('Tomador Prepara CCG Ltda.');
    const before = await ccgOf(holder.uniqueId);
    expect(before).toMatchObject({ Ccg: null, CanPrepare: true, IgnoreCCGSignature: false });
    // Only the partner with powers to sign is suggested.
    expect(before.SuggestedSignatories).toEqual([partner]);
    // The analyst reads it but does not prepare it (the broker handles the CCG; 29 is not the analyst's).
    expect((await ccgOf(holder.uniqueId, 'analista')).CanPrepare).toBe(false);
    const byAnalyst = await t.call(preparePolicyHolderCcg, {
      as: 'analista',
      body: { PolicyHolderUniqueId: holder.uniqueId, Signatories: [partner] },
    });
    expect(byAnalyst.status).toBe(403);

    // Signatories are checked: a partner with powers is needed.
    const noPartner = await t.call(preparePolicyHolderCcg, {
      as: 'corretor',
      body: {
        PolicyHolderUniqueId: holder.uniqueId,
        Signatories: [{ ...partner, RoleId: CcgSignatoryRole.AVALISTA }],
      },
    });
    expect(noPartner.status).toBe(422);
    expect(JSON.stringify(noPartner.body)).toContain(
      'Informe ao menos um sócio com poderes para assinar o CCG.',
    );

    const prepared = await t.data(preparePolicyHolderCcg, {
      as: 'corretor',
      body: { PolicyHolderUniqueId: holder.uniqueId, Signatories: [partner] },
    });
    expect(prepared.Ccg).toMatchObject({ StatusId: 2, StatusName: 'Aguardando Assinatura' });
    expect(prepared.Ccg!.Signatories.map((s) => [s.Name, s.Cpf, s.RoleName])).toEqual([
      ['Ana Sócia Administradora', '529.982.247-25', 'Sócio com poderes'],
    ]);
    expect(prepared.CanPrepare).toBe(false);
    expect(prepared.RequestDocuments.map((d) => [d.Name, d.IsRequired, d.StatusName])).toEqual([
      ['CCG assinado', true, 'Pendente'],
    ]);
    const again = await t.call(preparePolicyHolderCcg, {
      as: 'corretor',
      body: { PolicyHolderUniqueId: holder.uniqueId, Signatories: [partner] },
    });
    expect(again.status).toBe(422);
    expect(JSON.stringify(again.body)).toContain('Este tomador já tem um CCG em andamento.');

    // The contract to sign: the parties and the signatory, rendered once.
    const link = await t.data(downloadPolicyHolderCcg, {
      as: 'corretor',
      query: { PolicyHolderCCGUniqueId: prepared.Ccg!.UniqueId },
    });
    const file = await t.app.inject({
      method: 'GET',
      url: link.UrlToDownload.replace(/^https?:\/\/[^/]+/, ''),
    });
    expect(file.statusCode).toBe(200);
    const { text } = await pdfText(file.rawPayload);
    expect(text).toContain('CONTRATO DE CONTRAGARANTIA');
    expect(text).toContain('Tomador Prepara CCG Ltda.');
    expect(text).toContain('Ana Sócia Administradora');
    expect(text).toContain('CPF 529.982.247-25');
    expect(text).toContain('Aurora Seguros Garantia');
    const [row] = await t.database.db
      .select({ archive: policyHolderCcgs.documentArchiveId })
      .from(policyHolderCcgs)
      .where(eq(policyHolderCcgs.uniqueId, prepared.Ccg!.UniqueId));
    await t.data(downloadPolicyHolderCcg, {
      as: 'corretor',
      query: { PolicyHolderCCGUniqueId: prepared.Ccg!.UniqueId },
    });
    const [same] = await t.database.db
      .select({ archive: policyHolderCcgs.documentArchiveId })
      .from(policyHolderCcgs)
      .where(eq(policyHolderCcgs.uniqueId, prepared.Ccg!.UniqueId));
    expect(same!.archive).toBe(row!.archive);

    // The broker sends the signed file: the CCG waits for the insurer, whose card shows it.
    const slot = prepared.RequestDocuments[0]!;
    await t.data(uploadPolicyHolderRequestDocument, {
      as: 'corretor',
      body: {
        PolicyHolderUniqueId: holder.uniqueId,
        RequestDocumentUniqueId: slot.UniqueId,
        ArchiveUniqueIds: [await uploadFile(broker, 'ccg-assinado.pdf')],
      },
    });
    await t.data(sendPolicyHolderRequestToAnalysis, {
      as: 'corretor',
      body: { PolicyHolderUniqueId: holder.uniqueId, RequestDocumentUniqueIds: [slot.UniqueId] },
    });
    const sent = await ccgOf(holder.uniqueId);
    expect(sent.Ccg).toMatchObject({ StatusId: 3, StatusName: 'Aguardando Análise da Seguradora' });
    const card = await until(async () => {
      const r = await t.call(getCardPolicyHolderCCGInfo, {
        as: 'analista',
        query: { PolicyHolderCCGUniqueId: prepared.Ccg!.UniqueId },
      });
      return r.status === 200 ? r.data : undefined;
    }, 'the CCG card');
    expect(card.BrokerName).toBeTruthy();
    expect(await asInsurer(t, (ctx) => ccgSignedOrIgnored(ctx, holder.id))).toBe(false);
  });

  it('should refuse a CCG for a holder whose signature is waived, and hide the holder from another company', async () => {
    const holder = await holderOfTheBroker('Tomador CCG Dispensado Ltda.');
    await t.database.db
      .update(policyHolders)
      .set({ ignoreCcgSignature: true })
      .where(eq(policyHolders.id, holder.id));
    expect(await ccgOf(holder.uniqueId)).toMatchObject({ CanPrepare: false, IgnoreCCGSignature: true });
    const waived = await t.call(preparePolicyHolderCcg, {
      as: 'corretor',
      body: { PolicyHolderUniqueId: holder.uniqueId, Signatories: [partner] },
    });
    expect(waived.status).toBe(422);
    expect(JSON.stringify(waived.body)).toContain('A assinatura do CCG deste tomador está dispensada');
    const otherCompany = await t.call(getPolicyHolderCcg, {
      as: { user: 'corretor', company: 325 },
      query: { PolicyHolderUniqueId: holder.uniqueId },
    });
    expect(otherCompany.status).toBe(404);
  });
});
