import { NominationStatus } from '@aval/contracts';
import { maskCnpj } from '@aval/domain';
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  admin,
  broker,
  brokerId,
  calculateLimits,
  holderByName,
  holderUser,
  ok,
  P,
  t,
  usePolicyHoldersFixture,
} from '../../test/fixtures/policy-holders.js';
import { demoUser } from '../../test/harness.js';
import { users } from '../users/users.table.js';
import { policyHolderNominations, policyHolders } from './policy-holders.table.js';

usePolicyHoldersFixture();

const validate = (cnpj: string, headers: Record<string, string>) =>
  ok(
    'POST',
    `${P}/ValidatePolicyHolderByCNPJToNewProposal?Cnpj=${encodeURIComponent(cnpj)}`,
    undefined,
    headers,
  );

/** What a caller who may not see the policy holder gets: it exists, how to be nominated, no more. */
const hiddenAnswer = (document: string, message: string, pending = false) => ({
  Found: true,
  PolicyHolderUniqueId: null,
  Name: null,
  Document: document,
  IsBlocked: null,
  IsRestrictiveBlocked: null,
  IsActive: null,
  IsNominated: false,
  NominationPending: pending,
  LimitStatus: null,
  AvailableLimit: null,
  CanProceed: false,
  Messages: [message],
  Branches: [],
  Rates: [],
});

/** A policy holder with a calculated credit limit that the demo broker's brokerage has not nominated. */
const holderWithLimitNotNominated = async () => {
  const holder = await holderByName(54, 'Terraplenagem Rio Claro Ltda.');
  await calculateLimits(holder.uniqueId);
  await t.database.db
    .delete(policyHolderNominations)
    .where(
      and(
        eq(policyHolderNominations.policyHolderId, holder.id),
        eq(policyHolderNominations.brokerId, brokerId),
      ),
    );
  return holder;
};

describe('ValidatePolicyHolderByCNPJToNewProposal and who sees the limits', () => {
  it('should show a broker whose brokerage is not nominated only that the holder exists, never its limits', async () => {
    const holder = await holderWithLimitNotNominated();
    // Insurer staff see the limit the calculation gave.
    const staff = await validate(holder.document, admin);
    expect(staff).toMatchObject({ Found: true, Name: holder.name, LimitStatus: 'Disponivel' });
    expect(Number(staff.AvailableLimit)).toBeGreaterThan(0);
    // And its rate for each modality the calculation rated (the wizard shows the one chosen).
    expect(staff.Rates.length).toBeGreaterThan(0);
    expect(staff.Rates.every((r: { Rate: string }) => Number(r.Rate) > 0)).toBe(true);

    const before = await validate(maskCnpj(holder.document), broker);
    expect(before).toEqual(
      hiddenAnswer(holder.document, 'Sua corretora não está nomeada por este tomador. Solicite a nomeação.'),
    );

    // The dialog asks for the nomination by CNPJ (it has no id of the holder).
    await ok(
      'POST',
      `${P}/RegisterPolicyHolderNomeationRequest`,
      { Cnpj: before.Document, Justification: null },
      broker,
    );
    expect(await validate(holder.document, broker)).toEqual(
      hiddenAnswer(
        holder.document,
        'A solicitação de nomeação deste tomador aguarda análise da seguradora.',
        true,
      ),
    );

    await t.database.db
      .update(policyHolderNominations)
      .set({ statusId: NominationStatus.APROVADA, decidedAt: new Date() })
      .where(
        and(
          eq(policyHolderNominations.policyHolderId, holder.id),
          eq(policyHolderNominations.brokerId, brokerId),
        ),
      );
    const nominated = await validate(holder.document, broker);
    expect(nominated).toMatchObject({
      Found: true,
      PolicyHolderUniqueId: holder.uniqueId,
      Name: holder.name,
      IsNominated: true,
      LimitStatus: 'Disponivel',
      AvailableLimit: staff.AvailableLimit,
      Rates: staff.Rates,
    });
  });

  it('should tell a policy holder user that another holder exists, without its data', async () => {
    const [me] = await t.database.db
      .select({ policyHolderId: users.policyHolderId })
      .from(users)
      .where(and(eq(users.companyId, 54), eq(users.username, demoUser('tomador'))));
    const [someoneElse] = await t.database.db
      .select()
      .from(policyHolders)
      .where(and(eq(policyHolders.companyId, 54), ne(policyHolders.id, me!.policyHolderId!)))
      .limit(1);
    expect(await validate(someoneElse!.document, holderUser)).toEqual(
      hiddenAnswer(
        someoneElse!.document,
        'Tomador cadastrado nesta seguradora, mas fora dos tomadores que você pode consultar. Para propor a ele, a corretora precisa solicitar a nomeação ao tomador.',
      ),
    );
    const [own] = await t.database.db
      .select()
      .from(policyHolders)
      .where(eq(policyHolders.id, me!.policyHolderId!));
    const mine = await validate(own!.document, holderUser);
    expect(mine).toMatchObject({ Found: true, Name: own!.name, PolicyHolderUniqueId: own!.uniqueId });
    expect(mine.LimitStatus).not.toBeNull();
  });
});
