-- Permissions 48 (Aprovar limite acima do teto, issue 32) and 49 (Gerenciar registros no SRO,
-- issue 35) came after installations were seeded: their default profiles never received them (the
-- seed gives a default profile its permissions only when it creates it). Grant them as a new
-- installation's default profiles have them (users/menus.catalogue.ts): 48 to the Administrador,
-- 49 to the Administrador and the Analista; insurer profiles only, found by their default name in
-- any case. Idempotent: a grant already there is kept, a profile renamed or deleted is left alone.
-- A database with no catalogue yet (a new one: the seed writes it after the migrations) is skipped.
INSERT INTO "menu_functionalities" ("id", "menu_id", "name", "user_type_ids")
SELECT v.id, v.menu_id, v.name, '{1}'::smallint[]
FROM (VALUES (48, 1, 'Aprovar limite acima do teto'), (49, 6, 'Gerenciar registros no SRO')) AS v(id, menu_id, name)
WHERE EXISTS (SELECT 1 FROM "menus" m WHERE m.id = v.menu_id)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "profile_functionalities" ("company_id", "profile_id", "functionality_id")
SELECT p.company_id, p.id, g.functionality_id
FROM "profiles" p
JOIN (VALUES ('administrador', 48), ('administrador', 49), ('analista', 49)) AS g(profile_name, functionality_id)
  ON lower(p.name) = g.profile_name
WHERE p.is_default
  AND p.user_type_id = 1
  AND EXISTS (SELECT 1 FROM "menu_functionalities" f WHERE f.id = g.functionality_id)
ON CONFLICT DO NOTHING;
