import { resendSroRegistration, searchSroRegistrations } from '@aval/contracts';
import { describe, expect, it, vi } from 'vitest';
import { demoBrokerId } from '../../test/proposals.js';
import { sroStaff, useSroTestApp } from '../../test/sro.js';
import { brokers } from '../brokers/brokers.table.js';

/**
 * The registradora checks each intermediary against SUSEP's register (the simulator's copy,
 * docs/sro.md) and names the one at fault; Aval turns that into a reason naming the brokerage.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const app = useSroTestApp();

const lopes = 'Lopes & Azevedo Corretora de Seguros Ltda.';
const azevedo = 'Azevedo Consultoria e Corretagem de Seguros Ltda.';
const fix = ' Corrija o registro SUSEP no cadastro da corretora e reenvie.';

/** Runs `fn` with the brokerage's SUSEP code set to `code`, then gives it back its own. */
const withSusep = async (brokerId: number, code: string, fn: () => Promise<void>) => {
  const own = (await app.kit.brokerage(brokerId)).susepProtocol;
  await app.kit.setSusep(brokerId, code);
  try {
    await fn();
  } finally {
    await app.kit.setSusep(brokerId, own);
  }
};

describe('SRO: the intermediaries against SUSEP register', () => {
  it("should hold every demo brokerage's SUSEP code for its CNPJ (the seed's registrations can register)", async () => {
    const seeded = await app.t.database.db
      .select({ codigoSusep: brokers.susepProtocol, documento: brokers.cnpj })
      .from(brokers);
    const register = new Map((await app.kit.susep.list()).map((e) => [e.codigoSusep, e.documento]));
    expect(seeded.length).toBeGreaterThanOrEqual(4 * 14);
    expect(seeded.filter((b) => register.get(b.codigoSusep) !== b.documento)).toEqual([]);
  });

  it('should name, in a co-brokered policy, only the brokerage whose code SUSEP does not know, and register once it is in the register', async () => {
    const second = await demoBrokerId(app.t, 'corretor2');
    const unknown = '10.2001234.5';
    await withSusep(second, unknown, async () => {
      const { policy } = await app.kit.issuePolicy(1, undefined, {
        CoBrokers: [
          { CommissionTypeId: 2, Leader: true, Participation: '60' },
          { CoBrokerId: second, CommissionTypeId: 2, Participation: '40' },
        ],
      });
      const [rejected] = await app.kit.rejected(policy.UniqueId);
      const reason = `${azevedo} (código SUSEP ${unknown}): código não consta no cadastro de corretores da SUSEP.${fix}`;
      expect(rejected!.Rejections).toEqual([{ Code: 'SRO-031', Message: reason }]);
      expect(JSON.stringify(rejected!.Rejections)).not.toContain(lopes);
      // The registradora named the second intermediary of what it received, by position, code and document.
      const azevedoCnpj = (await app.kit.brokerage(second)).cnpj;
      const [answer] = app.kit.receivedFor(policy.Number).map((r) => r.answer!);
      expect(answer!.erros).toEqual([
        expect.objectContaining({
          codigo: 'SRO-031',
          intermediario: { posicao: 2, codigoSusep: unknown, documento: azevedoCnpj },
        }),
      ]);
      // The staff list shows the same reason.
      const page = await app.t.data(searchSroRegistrations, {
        as: sroStaff,
        query: { StatusId: 4, PolicyNumber: policy.Number },
      });
      expect(page.Data[0]!.Rejections).toEqual([{ Code: 'SRO-031', Message: reason }]);

      // Once SUSEP's register holds the code for the brokerage's CNPJ, the resend registers.
      await app.kit.susep.add({ codigoSusep: unknown, documento: azevedoCnpj });
      try {
        await app.t.data(resendSroRegistration, { as: sroStaff, body: { UniqueId: rejected!.UniqueId } });
        const [issued] = await app.kit.settled(policy.UniqueId, 3);
        expect(issued).toMatchObject({ StatusId: 3, Rejections: [] });
      } finally {
        await app.kit.susep.remove(unknown);
      }
    });
  });

  it('should refuse a code registered to another CNPJ, and a code taken out of the register', async () => {
    const own = await app.kit.brokerage(app.s.brokerId);
    const other = await app.kit.brokerage(await demoBrokerId(app.t, 'corretor2'));
    // The record holds the code SUSEP registered to the other brokerage while the policy is issued.
    let issued: Awaited<ReturnType<typeof app.kit.issuePolicy>> | undefined;
    await withSusep(app.s.brokerId, other.susepProtocol, async () => {
      issued = await app.kit.issuePolicy();
    });
    const policy = issued!.policy;
    const [rejected] = await app.kit.rejected(policy.UniqueId);
    const cnpj = own.cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
    expect(rejected!.Rejections).toEqual([
      {
        Code: 'SRO-032',
        Message: `${lopes} (código SUSEP ${other.susepProtocol}): código cadastrado na SUSEP para outro CPF/CNPJ, não para ${cnpj}.${fix}`,
      },
    ]);

    // Its own code back on the record, but no longer in SUSEP's register: SRO-031; back in it: registered.
    await app.kit.susep.remove(own.susepProtocol);
    try {
      await app.t.data(resendSroRegistration, { as: sroStaff, body: { UniqueId: rejected!.UniqueId } });
      const [again] = await app.kit.rejected(policy.UniqueId);
      expect(again!.Rejections.map((r) => r.Code)).toEqual(['SRO-031']);
      expect(again!.Rejections[0]!.Message).toContain(`${lopes} (código SUSEP ${own.susepProtocol})`);
    } finally {
      await app.kit.susep.add({ codigoSusep: own.susepProtocol, documento: own.cnpj });
    }
    await app.t.data(resendSroRegistration, { as: sroStaff, body: { UniqueId: rejected!.UniqueId } });
    expect((await app.kit.settled(policy.UniqueId, 3))[0]).toMatchObject({ StatusId: 3 });
  });
});
