import { z } from 'zod';

/**
 * One entry of a change history, the same for every owner (insureds, policy holders, brokers,
 * parameterisation): who (ChangedBy, ChangedByName; 'Sistema' when no user made it), when, which
 * item (Entity, EntityLabel, EntityId; ScopeId is its parent, the modality of a parameterisation
 * item), which field (Field, FieldLabel in pt-BR) and the values before and after as shown to
 * people (money in R$, percentages, Sim/Não). Creation and removal are the fields 'Created'
 * (Inclusão) and 'Deleted' (Exclusão). Lists come newest first.
 */
export const changeHistoryEntry = z
  .object({
    Id: z.number().int(),
    Entity: z.string(),
    EntityLabel: z.string(),
    EntityId: z.number().int(),
    ScopeId: z.number().int().nullable(),
    Field: z.string(),
    FieldLabel: z.string(),
    OldValue: z.string().nullable(),
    NewValue: z.string().nullable(),
    ChangedBy: z.number().int().nullable(),
    ChangedByName: z.string(),
    ChangedAt: z.string(),
  })
  .meta({ id: 'ChangeHistoryEntry' });
export type ChangeHistoryEntry = z.infer<typeof changeHistoryEntry>;
