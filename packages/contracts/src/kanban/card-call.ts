import { Permission, UserType } from '@aval/domain';
import { type EndpointDef, endpoint } from '../endpoint.js';

/** What a card call writes: all but who may make it (and the area, for our own `extra` calls). */
type CardCallDef = Omit<EndpointDef, 'area' | 'permissions' | 'userTypes'> & { area?: 'extra' };

/**
 * A call on a card of the insurer's pipes (its detail view, what the analyst does on it): area
 * `kanban-cards` unless it is one of our `extra` calls; insurer staff who may view pipes (permission 1).
 */
export const cardCall = <const D extends CardCallDef>(def: D) =>
  endpoint({
    ...def,
    area: def.area ?? 'kanban-cards',
    permissions: [Permission.VISUALIZAR_ESTEIRAS],
    userTypes: [UserType.INSURANCE],
  });
