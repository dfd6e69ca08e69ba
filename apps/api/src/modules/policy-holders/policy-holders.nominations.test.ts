import { generateCnpj, maskCnpj } from '@aval/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  admin,
  adminId,
  broker,
  brokerId,
  calculateLimits,
  call,
  holderByName,
  ok,
  other,
  P,
  t,
  usePolicyHoldersFixture,
  userId,
} from '../../test/fixtures/policy-holders.js';
import { authHeaders } from '../../test/harness.js';
import { brokers } from '../brokers/brokers.table.js';
import { policyHolderExposures, policyHolderNominations, policyHolders } from './policy-holders.table.js';

usePolicyHoldersFixture();

describe('proposal validation and nominations', () => {
  it('should validate a CNPJ for a new proposal: found, blocked, restrictive and limit status', async () => {
    const ok1 = await holderByName(54, 'Construtora Horizonte Azul Ltda.');
    const v = await ok(
      'POST',
      `${P}/ValidatePolicyHolderByCNPJToNewProposal?Cnpj=${encodeURIComponent(maskCnpj(ok1.document))}`,
    );
    expect(v).toMatchObject({ Found: true, Name: ok1.name, IsNominated: true });
    expect(['SemLimite', 'Disponivel', 'Esgotado']).toContain(v.LimitStatus);
    const blocked = await holderByName(54, 'Limpeza Urbana Planalto Ltda.');
    const vb = await ok('POST', `${P}/ValidatePolicyHolderByCNPJToNewProposal?Cnpj=${blocked.document}`);
    expect(vb).toMatchObject({ Found: true, IsBlocked: true, IsRestrictiveBlocked: true, CanProceed: false });
    expect(vb.Messages).toEqual(
      expect.arrayContaining(['Tomador bloqueado.', 'Tomador bloqueado por restritivos.']),
    );
    const exhausted = await holderByName(54, 'Terraplenagem Rio Claro Ltda.');
    await calculateLimits(exhausted.uniqueId);
    await t.database.db
      .insert(policyHolderExposures)
      .values({ companyId: 54, policyHolderId: exhausted.id, modalityId: null, amount: '15000000.00' });
    const ve = await ok('POST', `${P}/ValidatePolicyHolderByCNPJToNewProposal?Cnpj=${exhausted.document}`);
    expect(ve.LimitStatus).toBe('Esgotado');
    const unknown = await ok('POST', `${P}/ValidatePolicyHolderByCNPJToNewProposal?Cnpj=${generateCnpj()}`);
    expect(unknown).toMatchObject({ Found: false, CanProceed: false });
    expect(
      (await call('POST', `${P}/ValidatePolicyHolderByCNPJToNewProposal?Cnpj=11111111111111`, admin)).status,
    ).toBe(400);
    const foreign = await ok(
      'POST',
      `${P}/ValidatePolicyHolderByCNPJToNewProposal?Cnpj=${ok1.document}`,
      undefined,
      other,
    );
    expect(foreign.Found).toBe(false);
  });

  it('should let a broker ask for a nomination, see it pending, and see the policy holder once approved', async () => {
    const [notNominated] = await t.database.db
      .select()
      .from(policyHolders)
      .where(
        and(
          eq(policyHolders.companyId, 54),
          eq(policyHolders.name, 'Consultoria Ambiental Mata Atlântica Ltda.'),
        ),
      );
    await t.database.db
      .delete(policyHolderNominations)
      .where(
        and(
          eq(policyHolderNominations.policyHolderId, notNominated!.id),
          eq(policyHolderNominations.brokerId, brokerId),
        ),
      );
    const before = await ok(
      'POST',
      `${P}/ValidatePolicyHolderByCNPJToNewProposal?Cnpj=${notNominated!.document}`,
      undefined,
      broker,
    );
    expect(before).toMatchObject({ Found: true, IsNominated: false, CanProceed: false });
    expect(
      (await call('GET', `${P}/GetPolicyHolder?UniqueId=${notNominated!.uniqueId}`, broker)).status,
    ).toBe(404);

    const nomination = await ok(
      'POST',
      `${P}/RegisterPolicyHolderNomeationRequest`,
      { Cnpj: maskCnpj(notNominated!.document), Justification: 'Cliente antigo.' },
      broker,
    );
    expect(nomination).toMatchObject({
      StatusId: 1,
      StatusName: 'Pendente',
      BrokerId: brokerId,
      RequestedByName: 'Marina Lopes',
    });
    const again = await call('POST', `${P}/RegisterPolicyHolderNomeationRequest`, broker, {
      PolicyHolderUniqueId: notNominated!.uniqueId,
    });
    expect(again.status).toBe(409);
    const pending = await ok(
      'POST',
      `${P}/ValidatePolicyHolderByCNPJToNewProposal?Cnpj=${notNominated!.document}`,
      undefined,
      broker,
    );
    expect(pending.NominationPending).toBe(true);

    await t.database.db
      .update(policyHolderNominations)
      .set({ statusId: 2, decidedAt: new Date() })
      .where(eq(policyHolderNominations.id, nomination.Id));
    expect(
      (await call('GET', `${P}/GetPolicyHolder?UniqueId=${notNominated!.uniqueId}`, broker)).status,
    ).toBe(200);
    const list = await ok(
      'GET',
      `${P}/GetPolicyHoldersNominatedByBrokerUniqueId?brokerUniqueId=${brokerId}`,
      undefined,
      broker,
    );
    expect(list.find((n: { Id: number }) => n.Id === nomination.Id).StatusName).toBe('Aprovada');
  });

  it('should refuse nomination requests from insurer staff and from brokers without a brokerage', async () => {
    const h = await holderByName(54, 'Construtora Horizonte Azul Ltda.');
    expect(
      (
        await call('POST', `${P}/RegisterPolicyHolderNomeationRequest`, admin, {
          PolicyHolderUniqueId: h.uniqueId,
        })
      ).status,
    ).toBe(403);
    const orphan = await authHeaders(t, { cid: 54, utp: 2, prm: [13, 14], sub: String(adminId) });
    expect(
      (
        await call('POST', `${P}/RegisterPolicyHolderNomeationRequest`, orphan, {
          PolicyHolderUniqueId: h.uniqueId,
        })
      ).status,
    ).toBe(422);
    expect((await call('POST', `${P}/RegisterPolicyHolderNomeationRequest`, broker, {})).status).toBe(400);
  });

  it('should list a brokerage’s nominations by its UniqueId for staff and refuse another brokerage to a broker', async () => {
    const [row] = await t.database.db
      .select({ unique_id: brokers.uniqueId })
      .from(brokers)
      .where(eq(brokers.id, brokerId));
    const list = await ok(
      'GET',
      `${P}/GetPolicyHoldersNominatedByBrokerUniqueId?brokerUniqueId=${row!.unique_id}`,
    );
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((n: { BrokerId: number }) => n.BrokerId === brokerId)).toBe(true);
    const otherBroker = (await userId('corretor2')).brokerId!;
    expect(
      (
        await call(
          'GET',
          `${P}/GetPolicyHoldersNominatedByBrokerUniqueId?brokerUniqueId=${otherBroker}`,
          broker,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await call(
          'GET',
          `${P}/GetPolicyHoldersNominatedByBrokerUniqueId?brokerUniqueId=${row!.unique_id}`,
          other,
        )
      ).status,
    ).toBe(404);
  });
});
