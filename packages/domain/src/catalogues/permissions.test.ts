import { describe, expect, it } from 'vitest';
import { allPermissionIds, Permission, permissionLabels } from './permissions.js';

describe('permissions catalogue', () => {
  it('should list the 44 ids of the spec with a label each', () => {
    expect(allPermissionIds).toHaveLength(44);
    expect(allPermissionIds).not.toContain(18);
    expect(Permission.LISTAR_CORRETORES_ASSESSOR).toBe(33);
    for (const id of allPermissionIds) expect(permissionLabels[id]).toBeTruthy();
  });
});
