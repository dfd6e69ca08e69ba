import { DEFAULT_TYPED_LIMIT_MULTIPLES, type TypedLimitMultiples } from '@aval/domain';
import type { UserContext } from '../../context.js';
import * as repo from './parameterisation.repository.js';

/**
 * The insurer's multiples bounding a credit limit typed on a limit review (parameterisation
 * settings, domain.md §5; the defaults of @aval/domain when the company has no settings row).
 */
export const typedLimitMultiples = async (ctx: UserContext): Promise<TypedLimitMultiples> => {
  const settings = await repo.findSettings(ctx.db, ctx.company.id);
  return {
    calculated: settings?.typedLimitCalculatedMultiple ?? DEFAULT_TYPED_LIMIT_MULTIPLES.calculated,
    equity: settings?.typedLimitEquityMultiple ?? DEFAULT_TYPED_LIMIT_MULTIPLES.equity,
  };
};
