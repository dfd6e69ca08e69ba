-- One change history for every owner: copy the rows of the four per-domain history tables into
-- change_history (the next migration drops them). Insureds stored camelCase field keys: they
-- become the PascalCase keys the other owners use ('isBlocked' -> 'IsBlocked'). Parameterisation
-- rows keep their entity as owner and their modality as scope. An author that no longer exists
-- becomes NULL (the new column references users). Rows are copied oldest first so ids keep the
-- order in which the changes were made.
INSERT INTO "change_history" ("company_id", "owner_type", "owner_id", "scope_id", "field", "old_value", "new_value", "changed_by_user_id", "changed_at")
SELECT h.company_id, h.owner_type, h.owner_id, h.scope_id, h.field, h.old_value, h.new_value,
  CASE WHEN EXISTS (SELECT 1 FROM "users" u WHERE u.id = h.changed_by_user_id) THEN h.changed_by_user_id END,
  h.changed_at
FROM (
  SELECT company_id, 'Insured' AS owner_type, insured_id AS owner_id, NULL::integer AS scope_id,
    upper(left(field, 1)) || substr(field, 2) AS field, old_value, new_value, changed_by_user_id, changed_at,
    1 AS source, id
  FROM "insured_change_history"
  UNION ALL
  SELECT company_id, 'PolicyHolder', policy_holder_id, NULL::integer, field, old_value, new_value,
    changed_by_user_id, changed_at, 2, id
  FROM "policy_holder_change_history"
  UNION ALL
  SELECT company_id, 'Broker', broker_id, NULL::integer, field, old_value, new_value,
    changed_by_user_id, changed_at, 3, id
  FROM "broker_change_history"
  UNION ALL
  SELECT company_id, entity, entity_id, modality_id, field, old_value, new_value,
    changed_by_user_id, changed_at, 4, id
  FROM "parameterisation_change_history"
) AS h
ORDER BY h.changed_at, h.source, h.id;
