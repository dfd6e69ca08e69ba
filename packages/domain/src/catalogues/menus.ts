import { UserType } from './user-types.js';

/** Menu ids of the server (spec §2 "Side menu" order, plus the insurer's documents screen and the home). */
export const MenuId = {
  ESTEIRAS: 1,
  TOMADORES: 2,
  USUARIOS: 3,
  SEGURADOS: 4,
  PARAMETRIZACAO: 5,
  APOLICES: 6,
  PROPOSTAS: 7,
  BI: 8,
  CORRETORES: 9,
  DOCUMENTOS: 10,
  /** The home (/inicio): HomeMenuId of insurer staff, brokers, agents and policy holders (issue 17). */
  INICIO: 11,
} as const;

/**
 * Menus shown only to some user types (their screen's calls serve only them), whatever permissions
 * the profile holds. The permissions stay in GetUserInfo: "Documentos" holds the request-document
 * permissions a broker uses on its own documents, yet only insurer staff get the menu item.
 */
const menuUserTypes: Partial<Record<number, readonly number[]>> = {
  [MenuId.DOCUMENTOS]: [UserType.INSURANCE],
  [MenuId.INICIO]: [UserType.INSURANCE, UserType.BROKER, UserType.AGENT, UserType.POLICY_HOLDER],
};

/** Whether a user of `userType` sees menu `menuId` in the side menu (and may land on it). */
export const menuShownTo = (menuId: number, userType: number | undefined) => {
  const types = menuUserTypes[menuId];
  return !types || (userType !== undefined && types.includes(userType));
};
