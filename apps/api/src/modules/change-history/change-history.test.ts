import {
  getBrokerChangeHistory,
  getInsuredChangeHistory,
  getModalityChangeHistory,
  getPolicyHolderChangeHistory,
  Permission,
  UserType,
  updatePolicyHolderName,
} from '@aval/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/client.js';
import {
  asInsurer,
  createBroker,
  createInsured,
  createModality,
  createPolicyHolder,
  uniqueName,
} from '../../test/factories.js';
import { createTestApp, demoUser, type TestApp } from '../../test/harness.js';
import { users } from '../users/users.table.js';
import { diffChanges, displayValue, fieldLabel, historyOwnerType } from './change-history.fields.js';
import {
  listChangeHistory,
  pageChangeHistory,
  recordChanges,
  recordEvent,
} from './change-history.service.js';
import { changeHistory } from './change-history.table.js';

const sample = historyOwnerType('Sample', 'Amostra', {
  Name: { label: 'Nome' },
  Amount: { label: 'Valor', kind: 'money' },
  Rate: { label: 'Taxa', kind: 'percent' },
  Active: { label: 'Ativo', kind: 'bool' },
  Methods: { label: 'Formas', kind: 'list' },
  Founded: { label: 'Fundação', kind: 'date' },
  Bank: { label: 'Banco', show: (v) => `Banco ${String(v)}` },
});

describe('diffChanges (the one diff of every history)', () => {
  it('should compare numbers by value so "10.00" equals "10" and 10 equals "10.0"', () => {
    expect(diffChanges(sample, { Amount: '10.00', Rate: 10 }, { Amount: '10', Rate: '10.0' })).toEqual([]);
    expect(diffChanges(sample, { Amount: '10.00' }, { Amount: '10.01' })).toEqual([
      { field: 'Amount', old: 'R$ 10,00', new: 'R$ 10,01' },
    ]);
  });

  it('should show money, percent, yes/no, lists, dates and own texts in pt-BR', () => {
    expect(
      diffChanges(
        sample,
        { Amount: '1234.5', Rate: '12.5', Active: false, Methods: ['boleto'], Founded: null, Bank: 1 },
        {
          Amount: '250.5',
          Rate: '40',
          Active: true,
          Methods: ['boleto', 'pix'],
          Founded: '2020-03-05',
          Bank: 341,
        },
      ),
    ).toEqual([
      { field: 'Amount', old: 'R$ 1.234,50', new: 'R$ 250,50' },
      { field: 'Rate', old: '12,50%', new: '40,00%' },
      { field: 'Active', old: 'Não', new: 'Sim' },
      { field: 'Methods', old: 'boleto', new: 'boleto, pix' },
      { field: 'Founded', old: null, new: '05/03/2020' },
      { field: 'Bank', old: 'Banco 1', new: 'Banco 341' },
    ]);
  });

  it('should treat empty as null and skip fields not given or unknown before', () => {
    expect(
      diffChanges(sample, { Name: '', Amount: '1' }, { Name: null, Amount: undefined, Other: 'x' }),
    ).toEqual([]);
  });

  it('should keep an unlabelled field as text and take given texts for overridden fields', () => {
    expect(
      diffChanges(
        sample,
        { Code: 'A', Plan: 1 },
        { Code: 'B', Plan: 2 },
        { Plan: { old: 'P1 - Um', new: 'P2 - Dois' } },
      ),
    ).toEqual([
      { field: 'Code', old: 'A', new: 'B' },
      { field: 'Plan', old: 'P1 - Um', new: 'P2 - Dois' },
    ]);
    expect(displayValue(undefined, true)).toBe('Sim');
  });

  it('should label the creation and removal events of every owner', () => {
    expect(fieldLabel(sample, 'Created')).toBe('Inclusão');
    expect(fieldLabel(sample, 'Deleted')).toBe('Exclusão');
    expect(fieldLabel(sample, 'Amount')).toBe('Valor');
    expect(fieldLabel(undefined, 'Whatever')).toBe('Whatever');
  });
});

let t: TestApp;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [admin] = await t.database.db
    .select()
    .from(users)
    .where(eq(users.username, demoUser('admin')));
  adminId = admin!.id;
});
afterAll(() => t.close());

describe('recordChanges and listChangeHistory', () => {
  it('should record each real change with its author and list newest first, one change in recording order', async () => {
    const ownerId = 900_001;
    await asInsurer(
      t,
      async (ctx) => {
        await recordEvent(ctx, sample.of(ownerId), 'Created', 'Amostra A');
      },
      { userId: adminId },
    );
    const written = await asInsurer(
      t,
      (ctx) =>
        recordChanges(ctx, sample.of(ownerId), [
          ...diffChanges(sample, { Name: 'Amostra A', Amount: '5.00' }, { Name: 'Amostra B', Amount: '5' }),
          { field: 'Rate', old: '1,00%', new: '2,00%' },
          { field: 'Active', old: 'Sim', new: 'Sim' },
        ]),
      { userId: adminId },
    );
    expect(written).toBe(2);
    const entries = await withTenant(t.database.db, 54, (tx) =>
      listChangeHistory({ db: tx, company: { id: 54 } } as never, { types: [sample], ownerIds: [ownerId] }),
    );
    expect(entries.map((e) => [e.FieldLabel, e.OldValue, e.NewValue])).toEqual([
      ['Nome', 'Amostra A', 'Amostra B'],
      ['Taxa', '1,00%', '2,00%'],
      ['Inclusão', null, 'Amostra A'],
    ]);
    expect(entries[0]).toMatchObject({
      Entity: 'Sample',
      EntityLabel: 'Amostra',
      EntityId: ownerId,
      ScopeId: null,
      Field: 'Name',
      ChangedBy: adminId,
      ChangedByName: 'Helena Duarte',
    });
  });

  it("should record a change without a user as 'Sistema', list a scope and page", async () => {
    const item = historyOwnerType('SampleItem', 'Item da amostra', { Name: { label: 'Nome' } });
    await withTenant(t.database.db, 54, async (tx) => {
      const ctx = { db: tx, company: { id: 54 } } as never;
      await recordChanges(ctx, item.of(1, 777_001), [{ field: 'Name', old: 'a', new: 'b' }]);
      await recordChanges(ctx, item.of(2, 777_001), [{ field: 'Name', old: 'c', new: 'd' }]);
      await recordChanges(ctx, item.of(3, 777_002), [{ field: 'Name', old: 'e', new: 'f' }]);
      const scoped = await listChangeHistory(ctx, { types: [item], scopeId: 777_001 });
      expect(scoped.map((e) => [e.EntityId, e.ScopeId, e.ChangedByName])).toEqual(
        expect.arrayContaining([
          [1, 777_001, 'Sistema'],
          [2, 777_001, 'Sistema'],
        ]),
      );
      expect(scoped).toHaveLength(2);
      const page = await pageChangeHistory(
        ctx,
        { types: [item], ownerIds: [1, 2, 3] },
        { currentPage: 2, rowsPerPage: 2 },
      );
      expect(page).toMatchObject({ Total: 3, CurrentPage: 2, RowsPerPage: 2 });
      expect(page.Data).toHaveLength(1);
    });
  });
});

describe('tenant isolation of change_history', () => {
  it("should neither list, read nor write another company's history", async () => {
    const ownerId = 900_002;
    await withTenant(t.database.db, 54, (tx) =>
      recordChanges({ db: tx, company: { id: 54 } } as never, sample.of(ownerId), [
        { field: 'Name', old: 'x', new: 'y' },
      ]),
    );
    await withTenant(t.database.db, 325, async (tx) => {
      const ctx = { db: tx, company: { id: 325 } } as never;
      expect(await listChangeHistory(ctx, { types: [sample], ownerIds: [ownerId] })).toEqual([]);
      // Without any filter, row-level security still shows only the request's company.
      const rows = await tx.select().from(changeHistory);
      expect(rows.every((r) => r.companyId === 325)).toBe(true);
    });
    await expect(
      withTenant(t.database.db, 325, (tx) =>
        tx.insert(changeHistory).values({ companyId: 54, ownerType: 'Sample', ownerId, field: 'Name' }),
      ),
    ).rejects.toThrow();
    const stored = await t.database.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.ownerType, 'Sample'), eq(changeHistory.ownerId, ownerId)));
    expect(stored.map((r) => r.companyId)).toEqual([54]);
  });
});

describe('every owner records and lists through the one mechanism', () => {
  it('should keep insureds, policy holders, brokers and modalities in change_history', async () => {
    const insured = await createInsured(t);
    const holder = await createPolicyHolder(t);
    const newName = uniqueName('Tomador Renomeado Ltda.');
    await t.data(updatePolicyHolderName, {
      as: 'admin',
      query: { PolicyHolderUniqueId: holder.uniqueId, Name: newName },
    });
    const broker = await createBroker(t);
    const modality = await createModality(t);

    const rows = await t.database.db
      .select()
      .from(changeHistory)
      .where(inArray(changeHistory.ownerId, [insured.Id, holder.id, broker.id, modality.Id]));
    const kinds = new Set(rows.map((r) => `${r.ownerType}:${r.ownerId}`));
    for (const key of [
      `Insured:${insured.Id}`,
      `PolicyHolder:${holder.id}`,
      `Broker:${broker.id}`,
      `Modality:${modality.Id}`,
    ])
      expect(kinds.has(key)).toBe(true);

    const insuredHistory = await t.data(getInsuredChangeHistory, {
      as: 'admin',
      query: { insuredId: insured.Id },
    });
    expect(insuredHistory[0]).toMatchObject({ Entity: 'Insured', Field: 'Created', NewValue: insured.Name });
    const holderHistory = await t.data(getPolicyHolderChangeHistory, {
      as: 'admin',
      query: { policyHolderId: holder.uniqueId },
    });
    expect(holderHistory[0]).toMatchObject({
      Entity: 'PolicyHolder',
      FieldLabel: 'Razão social',
      NewValue: newName,
    });
    const brokerHistory = await t.data(getBrokerChangeHistory, {
      as: 'admin',
      query: { brokerId: broker.id },
    });
    expect(brokerHistory.Data.map((e) => e.NewValue)).toEqual([
      'Aprovado',
      'Enviado para análise da seguradora',
    ]);
    const modalityHistory = await t.data(getModalityChangeHistory, {
      as: { cid: 54, utp: UserType.INSURANCE, prm: [Permission.PARAMETRIZAR_SEGURADORA] },
      query: { modalityId: modality.Id },
    });
    expect(modalityHistory[0]).toMatchObject({
      Entity: 'Modality',
      EntityLabel: 'Modalidade',
      FieldLabel: 'Inclusão',
    });
  });
});
