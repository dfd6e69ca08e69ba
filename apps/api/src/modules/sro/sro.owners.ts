import type { SroLayout } from '@aval/contracts';
import type { SroEventTypeId } from '@aval/domain';
import type { UserContext } from '../../context.js';

/** The parts of a registration that describe the policy as it stands (not the event's own parts). */
export type SroPolicyParts = Pick<
  SroLayout,
  | 'codigoSeguradora'
  | 'codigoRamo'
  | 'apolice'
  | 'tomador'
  | 'segurado'
  | 'coberturas'
  | 'premio'
  | 'intermediarios'
>;

/**
 * What the owner of the policies lends this module (wiring.ts), which it may not import: the
 * policy's current data for a resend or a rectification, and the news that an issuance was
 * registered (the policy's own SRO columns, read by its search, the home and BI).
 */
export type SroPolicyOwner = {
  currentParts: (ctx: UserContext, policyId: number) => Promise<SroPolicyParts | undefined>;
  registered: (
    ctx: UserContext,
    r: { policyId: number; eventType: SroEventTypeId; protocol: string; at: Date },
  ) => Promise<void>;
};
