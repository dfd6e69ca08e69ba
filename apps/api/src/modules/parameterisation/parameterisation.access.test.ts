import { allEndpoints, type EndpointDef } from '@aval/contracts';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../db/client.js';
import {
  broker,
  brokerWith26,
  call,
  groupUniqueId,
  modalityId,
  staff,
  t,
  useParameterisationFixture,
} from '../../test/fixtures/parameterisation.js';
import { changeHistory } from '../change-history/change-history.table.js';
import * as tables from './parameterisation.table.js';
import { modalities } from './parameterisation.table.js';

useParameterisationFixture();

describe('row-level security', () => {
  it('should confine every parameterisation table to the request company even without a filter', async () => {
    // The parameterisation's history lives in the shared change_history table.
    const all = [...Object.values(tables), changeHistory];
    expect(all).toHaveLength(13);
    await withTenant(t.database.db, 325, async (tx) => {
      for (const table of all) {
        const rows = (await tx.select().from(table)) as { companyId: number }[];
        expect(rows.every((r) => r.companyId === 325)).toBe(true);
      }
      const mods = await tx.select().from(modalities);
      expect(mods.length).toBeGreaterThan(10);
    });
    await expect(
      withTenant(t.database.db, 325, (tx) =>
        tx.insert(changeHistory).values({
          companyId: 54,
          ownerType: 'Modality',
          ownerId: 1,
          field: 'Name',
        }),
      ),
    ).rejects.toThrow();
  });
});

describe('permissions', () => {
  const defs = Object.values(allEndpoints).filter((d) => d.area === 'parameterisation');

  it('should register the 37 calls of the area', () => {
    expect(defs).toHaveLength(37);
  });

  /** Inputs that pass validation, so the permission check is what answers. */
  const sample = async (d: EndpointDef) => {
    const { id, uniqueId } = await modalityId(54, '0775', 'Licitante');
    const query: Record<string, string | number> = {};
    for (const key of Object.keys(d.query?.shape ?? {})) {
      if (key === 'modalityGroupUniqueId') query[key] = await groupUniqueId();
      else if (/uniqueid/i.test(key)) query[key] = uniqueId;
      else if (/^(isdeleted|ignoreDeleted|ignoreCache)$/i.test(key)) query[key] = 'true';
      else if (/includeInactive|onlyActive/i.test(key)) continue;
      else query[key] = id;
    }
    const bodies: Record<string, unknown> = {
      '/api/Core/InsertModality': { BranchId: 1, ModalityGroupId: 1, Name: 'x' },
      '/api/Core/UpdateModality': { Id: id },
      '/api/Core/InsertCoverage': { ModalityId: id, Name: 'x' },
      '/api/Core/UpdateCoverage': { Id: 1 },
      '/api/Core/InsertContractualTerm': { TermType: 3, ModalityId: id, Text: '<p>x</p>' },
      '/api/Core/InsertParticularClause': { ModalityId: id, Title: 'x', Text: '<p>x</p>' },
      '/api/Core/UpdateParticularClause': { Id: 1 },
      '/api/Core/UpdateStatusParticularClause': { Id: 1, IsActive: true },
      '/api/Core/InsertProposalParameterRequestDocument': { ModalityId: id, Name: 'x' },
      '/api/Core/UpdateProposalParameterRequestDocument': { Id: 1 },
      '/api/Core/GetAdditionalCoveragesObjects': { ModalityUniqueId: uniqueId, CoverageIds: [] },
      '/api/InstallmentParameter/CreateInstallmentParameter': {
        Code: 'Z',
        Name: 'x',
        MinimumInstallmentValue: '1',
        MaximumInstallments: 1,
      },
      '/api/InstallmentParameter/ChangeInstallmentParameter': { Id: 1 },
      '/api/InstallmentModalityParameter/ChangeInstallmentModalityParameter': {
        ModalityId: id,
        InstallmentParameterId: 1,
      },
      '/api/InstallmentModalityParameter/DeleteInstallmentModalityParameter': { ModalityId: id },
    };
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    return { url: `${d.path}${qs ? `?${qs}` : ''}`, body: bodies[d.path] };
  };

  it('should answer 403 without permission 26 on every write and admin read, and to a broker holding 26', async () => {
    const guarded = defs.filter((d) => d.permissions?.length);
    expect(guarded.length).toBe(23);
    for (const d of guarded) {
      const { url, body } = await sample(d);
      const noPerm = await call(d.method, url, staff, body);
      expect(noPerm.status, `${d.method} ${d.path}`).toBe(403);
      expect(noPerm.body.Errors).toEqual(['Você não tem permissão para executar esta ação.']);
      const wrongType = await call(d.method, url, brokerWith26, body);
      expect(wrongType.status, `${d.method} ${d.path}`).toBe(403);
    }
  });

  it('should let any authenticated user of the company call the reads the proposals use', async () => {
    const open = defs.filter((d) => !d.permissions?.length).map((d) => d.path.split('/').pop());
    expect(open.sort()).toEqual(
      [
        'GetAdditionalCoverages',
        'GetAdditionalCoveragesObjects',
        'GetAllCompanyBranch',
        'GetBanks',
        'GetComplementaryModalities',
        'GetInstallmentParameter',
        'GetModalitiesByBranch',
        'GetModalitiesByGroup',
        'GetModalitiesGroups',
        'GetModality',
        'GetModalityObject',
        'GetParticularDetailClauses',
        'GetPercentageLimitPremiumRelationIssuredAmount',
        'GetProposalParameterRequestDocuments',
      ].sort(),
    );
    for (const d of defs.filter((x) => !x.permissions?.length)) {
      const { url, body } = await sample(d);
      const res = await call(d.method, url, broker, body);
      expect(res.status, `${d.method} ${d.path}`).toBe(200);
    }
  });
});
