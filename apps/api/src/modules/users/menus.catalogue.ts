import { MenuId, Permission as P, type PermissionId, permissionLabels, UserType as U } from '@aval/domain';

/** The home (/inicio): what waits for the user, per user type (issue 17). */
export const HOME_MENU_ID = MenuId.INICIO;

/**
 * Side-menu items in the server order of spec §2, plus the documents screen and the home (see
 * menuShownTo). `order`: the default position (the id when absent). A menu without
 * functionalities (the home) needs no permission: every user holds it; menuShownTo says who sees it.
 */
export const menuCatalogue: readonly { id: number; name: string; route: string; order?: number }[] = [
  { id: 1, name: 'Esteiras', route: '/kanban' },
  { id: 2, name: 'Tomadores', route: '/tomadores' },
  { id: 3, name: 'Usuários', route: '/usuarios' },
  { id: 4, name: 'Segurados', route: '/segurados' },
  { id: 5, name: 'Parametrização', route: '/parametrizacao' },
  { id: 6, name: 'Apólices', route: '/apolices' },
  { id: 7, name: 'Propostas', route: '/propostas' },
  { id: 8, name: 'BI', route: '/bi/embbeded' },
  { id: 9, name: 'Corretores', route: '/corretores' },
  { id: 10, name: 'Documentos', route: '/documentos' },
  { id: HOME_MENU_ID, name: 'Início', route: '/inicio', order: 0 },
];

const staff = [U.INSURANCE];
const brokers = [U.BROKER, U.AGENT];
const everyone: number[] = [];

/**
 * Each permission id lives under one menu. The pipe permissions (34-40) carry the RefUniqueId of
 * their pipe: kanban card-level checks look them up within menu 1 (spec §6).
 */
type FunctionalityDef = { id: PermissionId; menuId: number; userTypes: number[]; ref?: string };

export const functionalityCatalogue = (
  [
    { id: P.VISUALIZAR_ESTEIRAS, menuId: 1, userTypes: staff },
    { id: P.REPROCESSAMENTO, menuId: 1, userTypes: staff },
    { id: P.RESETAR_GRUPO_ECONOMICO, menuId: 1, userTypes: staff },
    { id: P.APROVACAO_MANUAL, menuId: 1, userTypes: staff },
    {
      id: P.GERENCIAR_ESTEIRA_CADASTRO,
      menuId: 1,
      userTypes: staff,
      ref: '6f0c1a52-0d1e-4c39-9a61-1c1f6b2a3401',
    },
    {
      id: P.GERENCIAR_ESTEIRA_CREDITO,
      menuId: 1,
      userTypes: staff,
      ref: '6f0c1a52-0d1e-4c39-9a61-1c1f6b2a3402',
    },
    // A typed limit above the bound of a limit review (issue 32): the Administrador's, not the Analista's.
    { id: P.APROVAR_LIMITE_ACIMA_DO_TETO, menuId: 1, userTypes: staff },
    {
      id: P.GERENCIAR_ESTEIRA_NOMEACAO,
      menuId: 1,
      userTypes: staff,
      ref: '6f0c1a52-0d1e-4c39-9a61-1c1f6b2a3403',
    },
    { id: P.GERENCIAR_ESTEIRA_PEP, menuId: 1, userTypes: staff, ref: '6f0c1a52-0d1e-4c39-9a61-1c1f6b2a3404' },
    {
      id: P.GERENCIAR_ESTEIRA_RESSEGURO,
      menuId: 1,
      userTypes: staff,
      ref: '6f0c1a52-0d1e-4c39-9a61-1c1f6b2a3405',
    },
    {
      id: P.GERENCIAR_ESTEIRA_SUBSCRICAO,
      menuId: 1,
      userTypes: staff,
      ref: '6f0c1a52-0d1e-4c39-9a61-1c1f6b2a3406',
    },
    {
      id: P.GERENCIAR_ESTEIRA_INSPECAO,
      menuId: 1,
      userTypes: staff,
      ref: '6f0c1a52-0d1e-4c39-9a61-1c1f6b2a3407',
    },
    { id: P.GERENCIAR_TOMADORES, menuId: 2, userTypes: everyone },
    { id: P.VISUALIZAR_TOMADORES, menuId: 2, userTypes: everyone },
    { id: P.IGNORAR_ASSINATURA_DE_CCG, menuId: 2, userTypes: staff },
    { id: P.BLOQUEAR_RESTRITIVOS_DO_TOMADOR, menuId: 2, userTypes: staff },
    { id: P.GERENCIAR_TOMADORES_SEGURADORA, menuId: 2, userTypes: staff },
    { id: P.VISUALIZAR_TOMADORES_SEGURADORA, menuId: 2, userTypes: staff },
    { id: P.VISUALIZAR_USUARIOS, menuId: 3, userTypes: everyone },
    { id: P.GERENCIAR_USUARIOS, menuId: 3, userTypes: everyone },
    { id: P.GERENCIAR_PERFIS, menuId: 3, userTypes: staff },
    { id: P.VISUALIZAR_SEGURADO, menuId: 4, userTypes: everyone },
    { id: P.GERENCIAR_SEGURADOS, menuId: 4, userTypes: everyone },
    { id: P.PARAMETRIZAR_SEGURADORA, menuId: 5, userTypes: staff },
    { id: P.VISUALIZAR_APOLICES, menuId: 6, userTypes: everyone },
    { id: P.SOLICITAR_ENDOSSO, menuId: 6, userTypes: everyone },
    { id: P.CANCELAR_APOLICE_MANUALMENTE, menuId: 6, userTypes: staff },
    // The SRO registrations (issue 35): the Administrador's and the Analista's (docs/sro.md).
    { id: P.GERENCIAR_REGISTROS_SRO, menuId: 6, userTypes: staff },
    { id: P.DOWNLOAD_DO_LAUDO_DE_EMISSAO, menuId: 6, userTypes: everyone },
    { id: P.GERENCIAR_PROPOSTAS, menuId: 7, userTypes: everyone },
    { id: P.VISUALIZAR_PROPOSTAS, menuId: 7, userTypes: everyone },
    { id: P.GERENCIAR_PROPOSTAS_SEGURADORA, menuId: 7, userTypes: staff },
    { id: P.VISUALIZAR_PROPOSTAS_SEGURADORA, menuId: 7, userTypes: staff },
    { id: P.VISUALIZAR_BI, menuId: 8, userTypes: everyone },
    { id: P.GERENCIAR_CORRETORA, menuId: 9, userTypes: brokers },
    { id: P.VISUALIZAR_CORRETORA, menuId: 9, userTypes: brokers },
    { id: P.GERENCIAR_CORRETORES, menuId: 9, userTypes: staff },
    { id: P.VISUALIZAR_CORRETORES, menuId: 9, userTypes: staff },
    { id: P.LISTAR_CORRETORES_ASSESSOR, menuId: 9, userTypes: [U.ADVISOR] },
    { id: P.VISUALIZAR_DOCUMENTOS, menuId: 10, userTypes: everyone },
    { id: P.GERENCIAR_DOCUMENTOS, menuId: 10, userTypes: everyone },
    { id: P.DOWNLOAD_DOCUMENTOS, menuId: 10, userTypes: everyone },
    { id: P.UPLOAD_DOCUMENTOS, menuId: 10, userTypes: everyone },
    { id: P.EDITAR_DOCUMENTOS, menuId: 10, userTypes: everyone },
    { id: P.REMOVER_DOCUMENTOS, menuId: 10, userTypes: staff },
    { id: P.RESTAURAR_DOCUMENTOS, menuId: 10, userTypes: staff },
  ] as FunctionalityDef[]
).map((f) => ({ ...f, name: permissionLabels[f.id] }));

/**
 * The menu a user lands on after login, per user type (spec: HomeMenuId): the home (Início) for the
 * types that have one. Where the company hides it, the user's first menu (the spec's rule).
 */
export const homeMenuByUserType: Record<number, number> = {
  [U.INSURANCE]: HOME_MENU_ID,
  [U.BROKER]: HOME_MENU_ID,
  [U.AGENT]: HOME_MENU_ID,
  [U.POLICY_HOLDER]: HOME_MENU_ID,
  [U.ADVISOR]: 9,
  [U.OTHER]: 10,
};

/** Default profiles seeded per company: name, user type, permissions. */
export const defaultProfiles: { name: string; userType: number; permissions: PermissionId[] }[] = [
  {
    name: 'Administrador',
    userType: U.INSURANCE,
    permissions: functionalityCatalogue
      .filter((f) => f.userTypes.length === 0 || f.userTypes.includes(U.INSURANCE))
      .map((f) => f.id),
  },
  {
    name: 'Analista',
    userType: U.INSURANCE,
    // Underwriting (issue 30): the analyst works the cards (documents, price, adjustment requests,
    // decisions) and carries an approved proposal to issuance, which needs 31 on the insurer side.
    // The SRO (issue 35): the analyst follows issuance through to its registration (49) and fixes
    // what the registradora refuses, the brokerages' records included (21: a SUSEP code), as the
    // one who already works their registration cards (34).
    permissions: [
      P.VISUALIZAR_ESTEIRAS,
      P.GERENCIAR_PROPOSTAS_SEGURADORA,
      P.APROVACAO_MANUAL,
      P.GERENCIAR_ESTEIRA_CADASTRO,
      P.GERENCIAR_ESTEIRA_CREDITO,
      P.GERENCIAR_ESTEIRA_NOMEACAO,
      P.GERENCIAR_ESTEIRA_PEP,
      P.GERENCIAR_ESTEIRA_RESSEGURO,
      P.GERENCIAR_ESTEIRA_SUBSCRICAO,
      P.GERENCIAR_ESTEIRA_INSPECAO,
      P.VISUALIZAR_TOMADORES_SEGURADORA,
      P.VISUALIZAR_SEGURADO,
      P.VISUALIZAR_APOLICES,
      P.GERENCIAR_REGISTROS_SRO,
      P.VISUALIZAR_PROPOSTAS_SEGURADORA,
      P.GERENCIAR_CORRETORES,
      P.VISUALIZAR_CORRETORES,
      P.VISUALIZAR_BI,
      P.VISUALIZAR_DOCUMENTOS,
      P.DOWNLOAD_DOCUMENTOS,
      P.UPLOAD_DOCUMENTOS,
      P.EDITAR_DOCUMENTOS,
    ],
  },
  {
    name: 'Corretor',
    userType: U.BROKER,
    permissions: [
      P.GERENCIAR_PROPOSTAS,
      P.VISUALIZAR_PROPOSTAS,
      P.GERENCIAR_TOMADORES,
      P.VISUALIZAR_TOMADORES,
      P.VISUALIZAR_SEGURADO,
      P.GERENCIAR_SEGURADOS,
      P.VISUALIZAR_APOLICES,
      P.SOLICITAR_ENDOSSO,
      P.DOWNLOAD_DO_LAUDO_DE_EMISSAO,
      P.GERENCIAR_CORRETORA,
      P.VISUALIZAR_CORRETORA,
      P.VISUALIZAR_DOCUMENTOS,
      P.GERENCIAR_DOCUMENTOS,
      P.DOWNLOAD_DOCUMENTOS,
      P.UPLOAD_DOCUMENTOS,
      P.EDITAR_DOCUMENTOS,
      P.VISUALIZAR_USUARIOS,
    ],
  },
  {
    name: 'Agente',
    userType: U.AGENT,
    permissions: [
      P.GERENCIAR_PROPOSTAS,
      P.VISUALIZAR_PROPOSTAS,
      P.VISUALIZAR_TOMADORES,
      P.VISUALIZAR_SEGURADO,
      P.VISUALIZAR_APOLICES,
      P.VISUALIZAR_CORRETORA,
      P.VISUALIZAR_DOCUMENTOS,
      P.DOWNLOAD_DOCUMENTOS,
      P.UPLOAD_DOCUMENTOS,
    ],
  },
  {
    name: 'Tomador',
    userType: U.POLICY_HOLDER,
    permissions: [
      P.VISUALIZAR_PROPOSTAS,
      P.VISUALIZAR_TOMADORES,
      P.VISUALIZAR_APOLICES,
      P.VISUALIZAR_DOCUMENTOS,
      P.DOWNLOAD_DOCUMENTOS,
      P.UPLOAD_DOCUMENTOS,
    ],
  },
  {
    name: 'Assessor',
    userType: U.ADVISOR,
    permissions: [P.LISTAR_CORRETORES_ASSESSOR, P.VISUALIZAR_BI],
  },
  { name: 'Outro', userType: U.OTHER, permissions: [P.VISUALIZAR_DOCUMENTOS, P.DOWNLOAD_DOCUMENTOS] },
];
