import type { UserContext } from '../../context.js';
import { readOnce } from '../../lib/read-once.js';
import { getModality } from '../parameterisation/index.js';

/**
 * A proposal's modality (its coverages, terms, clauses, documents and installment plan), read once
 * per transaction (lib/read-once.ts): one call checks, prices, analyses and answers with it, and
 * the proposals module never changes a modality.
 */
export const modalityOf = (ctx: UserContext, id: number) =>
  readOnce(ctx.db, `modality:${id}`, () => getModality(ctx, id));
