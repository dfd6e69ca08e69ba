import { Permission as P, UserType } from '@aval/contracts';
import { describe, expect, it } from 'vitest';
import { allowedDocumentActions } from '../../../shared/ui/request-documents-adapter.js';
import { insurerDocumentsAdapter } from './documents-api.js';

describe('insurer documents adapter', () => {
  it('should offer create, rename, upload, remove and restore to insurer staff with the documents permissions', () => {
    const staff = {
      userType: UserType.INSURANCE,
      permissions: new Set<number>([P.GERENCIAR_DOCUMENTOS, P.REMOVER_DOCUMENTOS, P.RESTAURAR_DOCUMENTOS]),
    };
    expect([...allowedDocumentActions(insurerDocumentsAdapter, staff)].sort()).toEqual([
      'create',
      'remove',
      'rename',
      'restore',
      'upload',
    ]);
  });

  it('should offer nothing to a broker even with the documents permissions (the calls are the insurer’s)', () => {
    const broker = {
      userType: UserType.BROKER,
      permissions: new Set<number>([P.GERENCIAR_DOCUMENTOS, 46, 47]),
    };
    expect(allowedDocumentActions(insurerDocumentsAdapter, broker).size).toBe(0);
  });
});
