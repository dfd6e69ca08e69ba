import { describe, expect, it } from 'vitest';
import { allPermissionIds, Permission, permissionLabels } from './permissions.js';

describe('permissions catalogue', () => {
  it('should list the 44 ids of the spec and ours (48, 49) with a label each', () => {
    expect(allPermissionIds).toHaveLength(46);
    expect(Permission.APROVAR_LIMITE_ACIMA_DO_TETO).toBe(48);
    expect(Permission.GERENCIAR_REGISTROS_SRO).toBe(49);
    expect(allPermissionIds).not.toContain(18);
    expect(Permission.LISTAR_CORRETORES_ASSESSOR).toBe(33);
    for (const id of allPermissionIds) expect(permissionLabels[id]).toBeTruthy();
  });
});
