import type { Db } from '../db/client.js';
import { functionalityCatalogue, menuCatalogue } from '../modules/users/menus.catalogue.js';
import { menuFunctionalities, menus } from '../modules/users/users.table.js';

/**
 * The platform's menus and their functionalities (the permissions profiles grant), the same for
 * every insurer: upserted from the catalogue (modules/users/menus.catalogue.ts), so a new version's
 * menu or permission reaches an installation that runs the installer (or the demo's start) again.
 * No portal call writes them: users only choose which a profile holds and how a company orders them.
 */
export const installCatalogue = async (db: Db) => {
  for (const m of menuCatalogue) {
    await db
      .insert(menus)
      .values({ id: m.id, name: m.name, route: m.route, defaultOrder: m.order ?? m.id })
      .onConflictDoUpdate({ target: menus.id, set: { name: m.name, route: m.route } });
  }
  for (const f of functionalityCatalogue) {
    const values = {
      id: f.id,
      menuId: f.menuId,
      name: f.name,
      refUniqueId: f.ref ?? null,
      userTypeIds: f.userTypes,
    };
    await db
      .insert(menuFunctionalities)
      .values(values)
      .onConflictDoUpdate({ target: menuFunctionalities.id, set: values });
  }
};
