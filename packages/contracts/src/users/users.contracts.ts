import { Permission, UserType } from '@aval/domain';
import { z } from 'zod';
import { menuItem } from '../auth/auth.contracts.js';
import { endpoint } from '../endpoint.js';
import { id, optionalText, requiredText, uuid } from '../shared/fields.js';
import { pageOf, pageQuery, qBool, qInt, sortQuery } from '../shared/schemas.js';

const userTypeId = z.union(
  Object.values(UserType).map((v) => z.literal(v)) as [z.ZodLiteral<1>, ...z.ZodLiteral<number>[]],
  { message: 'Escolha o tipo de usuário.' },
);

export const userSummary = z
  .object({
    UserInfoId: z.number().int(),
    UniqueId: z.string(),
    PersonId: z.number().int(),
    PersonUniqueId: z.string(),
    Name: z.string(),
    Email: z.string(),
    Username: z.string(),
    Document: z.string().nullable(),
    Phone: z.string().nullable(),
    UserTypeId: z.number().int(),
    UserTypeName: z.string(),
    ProfileUniqueId: z.string().nullable(),
    ProfileName: z.string().nullable(),
    BrokerId: z.number().int().nullable(),
    IsActive: z.boolean(),
    LockedUntil: z.string().nullable(),
    LastLoginAt: z.string().nullable(),
    CreatedAt: z.string(),
  })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof userSummary>;

export const getUsers = endpoint({
  area: 'users',
  method: 'GET',
  path: '/api/Person/GetUsers',
  summary: 'Lista os usuários da seguradora (filtros: ativos, corretor, texto)',
  query: z.object({
    filterByActive: qBool().optional(),
    brokerId: qInt().optional(),
    userTypeId: qInt().optional(),
    search: z.string().max(50).optional(),
    ...sortQuery(['Name', 'UserType', 'Document', 'LastLoginAt']),
    ...pageQuery,
  }),
  response: pageOf(userSummary),
  envelope: 'raw',
  permissions: [Permission.VISUALIZAR_USUARIOS, Permission.GERENCIAR_USUARIOS],
});

export const saveUserInfo = endpoint({
  area: 'users',
  method: 'POST',
  path: '/api/Person/SaveUserInfo',
  summary: 'Cria (envia e-mail de primeiro acesso) ou altera um usuário',
  body: z.object({
    UserInfoId: id().optional(),
    Name: requiredText('o nome completo', 120, { min: 3 }),
    Email: z.string().trim().max(254),
    Document: optionalText('o CPF/CNPJ', 20),
    Phone: optionalText('o telefone', 20),
    UserTypeId: userTypeId,
    ProfileUniqueId: uuid('Perfil inválido.').nullish(),
    BrokerId: id('Corretora inválida.').nullish(),
    PolicyHolderUniqueId: uuid('Tomador inválido.').nullish().meta({
      description: 'O tomador a que pertence um usuário do tipo Tomador (seguradora apenas).',
    }),
  }),
  response: userSummary,
  permissions: [Permission.GERENCIAR_USUARIOS],
});

export const saveAdvisorBrokers = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/Person/SaveAdvisorBrokers',
  summary: 'Define os corretores que um assessor assessora',
  description:
    'A seguradora (GERENCIAR_USUARIOS) define os usuários corretores (tipo Corretor) que o usuário assessor assessora, substituindo a lista anterior; o assessor passa a ver as corretoras deles. 404 para um usuário de outra empresa; 422 quando o usuário não é assessor ou um dos informados não é corretor.',
  body: z.object({
    AdvisorUserId: id('Assessor inválido.'),
    BrokerUserIds: z.array(id('Corretor inválido.')).max(200),
  }),
  response: z.object({ AdvisorUserId: z.number().int(), BrokerUserIds: z.array(z.number().int()) }),
  permissions: [Permission.GERENCIAR_USUARIOS],
  userTypes: [UserType.INSURANCE],
});

export const changeUserInfoStatus = endpoint({
  area: 'users',
  method: 'POST',
  path: '/api/Person/ChangeUserInfoStatus',
  summary: 'Ativa ou inativa um usuário (alterna)',
  query: z.object({ userId: qInt().positive() }),
  response: userSummary,
  permissions: [Permission.GERENCIAR_USUARIOS],
});

export const deleteUserInfo = endpoint({
  area: 'users',
  method: 'DELETE',
  path: '/api/Person/DeleteUserInfo',
  summary: 'Exclui um usuário sem histórico (com histórico: inative-o)',
  query: z.object({ userInfoId: qInt().positive() }),
  response: z.boolean(),
  permissions: [Permission.GERENCIAR_USUARIOS],
});

export const profileSummary = z
  .object({
    UniqueId: z.string(),
    Name: z.string(),
    UserTypeId: z.number().int(),
    UserTypeName: z.string(),
    IsDefault: z.boolean(),
    Usuarios: z.number().int(),
    MenuFuncionalityIds: z.array(z.number().int()),
  })
  .meta({ id: 'Profile' });
export type ProfileSummary = z.infer<typeof profileSummary>;

export const getSettableProfiles = endpoint({
  area: 'users',
  method: 'GET',
  path: '/api/UserProfile/GetSettableProfiles',
  summary: 'Perfis que podem ser atribuídos a usuários do tipo informado',
  query: z.object({ userInfoTypeId: qInt() }),
  response: z.array(profileSummary),
  permissions: [Permission.GERENCIAR_USUARIOS, Permission.GERENCIAR_PERFIS],
});

export const getProfileByCompanyId = endpoint({
  area: 'users',
  method: 'GET',
  path: '/api/UserProfile/GetProfileByCompanyId',
  summary: 'Perfis da seguradora (opcionalmente de um tipo de usuário) com contagem de usuários',
  query: z.object({ userInfoTypeId: qInt().optional() }),
  response: z.array(profileSummary),
  permissions: [Permission.GERENCIAR_PERFIS, Permission.VISUALIZAR_USUARIOS],
});

export const getMenus = endpoint({
  area: 'users',
  method: 'GET',
  path: '/api/Menu/GetMenus',
  summary: 'Menus e funcionalidades disponíveis para um tipo de usuário, na ordem da seguradora',
  query: z.object({ userInfoTypeId: qInt().optional() }),
  response: z.array(menuItem),
  permissions: [Permission.GERENCIAR_PERFIS, Permission.PARAMETRIZAR_SEGURADORA],
});

export const insertOrUpdateProfile = endpoint({
  area: 'users',
  method: 'POST',
  path: '/api/UserProfile/InsertOrUpdateProfile',
  summary: 'Cria (sem UniqueId) ou renomeia um perfil',
  body: z.object({
    UniqueId: z.uuid().optional().nullable(),
    Name: z.string().trim().min(3, 'O nome do perfil deve ter ao menos 3 caracteres.').max(50),
    UserTypeId: userTypeId,
  }),
  response: profileSummary,
  permissions: [Permission.GERENCIAR_PERFIS],
  userTypes: [UserType.INSURANCE],
});

export const updateUserInfoProfile = endpoint({
  area: 'users',
  method: 'POST',
  path: '/api/UserProfile/UpdateUserInfoProfile',
  summary: 'Atribui um perfil a um usuário',
  body: z.object({ UserInfoId: z.number().int().positive(), ProfileUniqueId: z.uuid() }),
  response: userSummary,
  permissions: [Permission.GERENCIAR_USUARIOS, Permission.GERENCIAR_PERFIS],
});

export const updateMenuFuncionalityInProfile = endpoint({
  area: 'users',
  method: 'POST',
  path: '/api/Menu/UpdateMenuFuncionalityInProfile',
  summary: 'Define as funcionalidades de menu de um perfil',
  body: z.object({
    ProfileUniqueId: z.uuid(),
    MenuFuncionalityIds: z.array(z.number().int()).max(100),
  }),
  response: profileSummary,
  permissions: [Permission.GERENCIAR_PERFIS],
  userTypes: [UserType.INSURANCE],
});

export const deleteProfile = endpoint({
  area: 'users',
  method: 'DELETE',
  path: '/api/UserProfile/DeleteProfile',
  summary: 'Exclui um perfil que nenhum usuário tem',
  query: z.object({ UniqueId: z.uuid() }),
  response: z.boolean(),
  permissions: [Permission.GERENCIAR_PERFIS],
  userTypes: [UserType.INSURANCE],
});

export const thirdPartyQuery = z.object({
  Id: z.number().int(),
  Document: z.string(),
  Provider: z.string(),
  QueryType: z.string(),
  Status: z.string(),
  RequestedByName: z.string().nullable(),
  CreatedAt: z.string(),
});

export const getPersonThr3dAPIHistory = endpoint({
  area: 'users',
  method: 'GET',
  path: '/api/Person/GetPersonThr3dAPIHistory',
  summary: 'Histórico paginado das consultas a fontes externas sobre um CPF/CNPJ',
  query: z.object({ document: z.string().trim().min(11).max(18), ...pageQuery }),
  response: pageOf(thirdPartyQuery),
  envelope: 'raw',
  permissions: [
    Permission.VISUALIZAR_USUARIOS,
    Permission.GERENCIAR_TOMADORES_SEGURADORA,
    Permission.VISUALIZAR_TOMADORES_SEGURADORA,
  ],
  userTypes: [UserType.INSURANCE],
});
