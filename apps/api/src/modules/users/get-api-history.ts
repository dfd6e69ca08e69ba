import { unmaskCpfCnpj } from '@aval/domain';
import type { UserContext } from '../../context.js';
import * as repo from './users.repository.js';

/** GetPersonThr3dAPIHistory: the external data queries (PEP, credit bureaus) made about a document. */
export const getApiHistory = async (
  ctx: UserContext,
  q: { document: string; currentPage: number; rowsPerPage: number },
) => {
  const document = unmaskCpfCnpj(q.document);
  const { data, total } = await repo.listApiHistory(
    ctx.db,
    ctx.company.id,
    document,
    q.currentPage,
    q.rowsPerPage,
  );
  return {
    Data: data.map(({ h, requestedBy }) => ({
      Id: h.id,
      Document: h.document,
      Provider: h.provider,
      QueryType: h.queryType,
      Status: h.status,
      RequestedByName: requestedBy,
      CreatedAt: h.createdAt.toISOString(),
    })),
    Total: total,
    CurrentPage: q.currentPage,
    RowsPerPage: q.rowsPerPage,
  };
};
