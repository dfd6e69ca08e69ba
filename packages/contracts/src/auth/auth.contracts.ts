import { Permission, UserType } from '@aval/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/** RFC 6749 token reply (raw body, not wrapped in Response). */
export const tokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    refresh_token: z.string().optional(),
    scope: z.string().optional(),
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof tokenResponse>;

/** RFC 6749 error reply of the token endpoints. */
export const oauthError = z.object({
  error: z.string(),
  error_description: z.string().optional(),
  locked_until: z.string().optional(),
});
export type OAuthError = z.infer<typeof oauthError>;

export const connectToken = endpoint({
  area: 'auth',
  method: 'POST',
  path: '/connect/token',
  summary: 'Emite tokens (OAuth2: password e refresh_token)',
  description:
    'Formulário `application/x-www-form-urlencoded` com `grant_type` (`password` ou `refresh_token`), `client_id`, `client_secret`, `scope` (inclua `offline_access` para receber refresh token), `username`/`password` ou `refresh_token`, e o cabeçalho CompanyKey. Erros no formato RFC 6749 (`error`, `error_description`); conta bloqueada: `invalid_grant` com `locked_until`. Refresh tokens são rotacionados a cada uso; reutilizar um token já rotacionado revoga toda a família.',
  body: z.object({
    grant_type: z.string(),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
    scope: z.string().optional(),
    username: z.string().optional(),
    password: z.string().optional(),
    refresh_token: z.string().optional(),
  }),
  response: tokenResponse,
  errorBody: z.union([oauthError, z.object({ Errors: z.array(z.string()) })]),
  envelope: 'raw',
  auth: false,
  form: true,
});

export const generateToken = endpoint({
  area: 'auth',
  method: 'POST',
  path: '/generate/token',
  summary: 'Troca de token por uma identidade que o usuário pode assumir',
  description:
    '`Payload.UserUniqueId`: a própria identidade (renova as permissões) ou, para um assessor, um corretor que ele assessora. `ClientId`: cliente registrado da seguradora.',
  body: z.object({
    Payload: z.object({ UserUniqueId: z.uuid() }),
    ClientId: z.string(),
  }),
  response: tokenResponse,
  envelope: 'raw',
});

export const authenticationBroker = endpoint({
  area: 'auth',
  method: 'POST',
  path: '/api/Advisor/AuthenticationBroker',
  summary: 'Assessor passa a atuar como um dos corretores que assessora',
  body: z.object({ BrokerUserId: z.number().int().positive() }),
  response: tokenResponse,
  envelope: 'raw',
  userTypes: [UserType.ADVISOR],
});

export const authenticationAdvisor = endpoint({
  area: 'auth',
  method: 'POST',
  path: '/api/Advisor/AuthenticationAdvisor',
  summary: 'Volta da identidade de corretor para a do assessor',
  response: tokenResponse,
  envelope: 'raw',
});

export const menuFunctionality = z.object({
  Id: z.number().int(),
  Name: z.string(),
  RefUniqueId: z.string().nullable(),
});
export const menuItem = z
  .object({
    Id: z.number().int(),
    Name: z.string(),
    Order: z.number().int(),
    Route: z.string(),
    MenuFuncionalities: z.array(menuFunctionality),
  })
  .meta({ id: 'Menu' });
export type MenuItem = z.infer<typeof menuItem>;

export const advisorInfo = z.object({
  UserId: z.number().int(),
  PersonId: z.number().int(),
  Username: z.string(),
  PersonUniqueId: z.string(),
  Name: z.string(),
});

export const userInfo = z
  .object({
    UserId: z.number().int(),
    UserInfoId: z.number().int(),
    UserTypeId: z.number().int(),
    UniqueId: z.string(),
    IsActive: z.boolean(),
    ProfileUniqueId: z.string().nullable(),
    PersonId: z.number().int(),
    PersonUniqueId: z.string(),
    Username: z.string(),
    Name: z.string(),
    Email: z.string(),
    CompanyId: z.number().int(),
    CompanyName: z.string(),
    HomeMenuId: z.number().int().nullable(),
    Menus: z.array(menuItem),
    Advisor: advisorInfo.nullable(),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof userInfo>;

export const getUserInfo = endpoint({
  area: 'auth',
  method: 'GET',
  path: '/api/Security/GetUserInfo',
  summary: 'Dados do usuário autenticado, menus (na ordem do servidor) e funcionalidades',
  response: userInfo,
});

export const getUserInfoByUniqueId = endpoint({
  area: 'auth',
  method: 'GET',
  path: '/api/Security/GetUserInfoByUniqueId',
  summary: 'Dados de um usuário da seguradora pelo UniqueId',
  query: z.object({ UniqueId: z.uuid({ message: 'Identificador inválido.' }) }),
  response: userInfo,
  permissions: [Permission.VISUALIZAR_USUARIOS, Permission.GERENCIAR_USUARIOS],
});

export const requestRecoveryPassword = endpoint({
  area: 'auth',
  method: 'POST',
  path: '/api/Security/RequestRecoveryPassword',
  summary: 'Pede a recuperação de senha (mesma resposta exista ou não o usuário)',
  body: z.object({ Email: z.string().trim().min(1, 'Informe o e-mail.').max(254) }),
  response: z.string(),
  auth: false,
});

export const validateUserInfoChangePasswordRequest = endpoint({
  area: 'auth',
  method: 'POST',
  path: '/api/Security/ValidateUserInfoChangePasswordRequest',
  summary: 'Confere um link de troca de senha ou de primeiro acesso',
  body: z.object({ UniqueId: z.string().min(10).max(200) }),
  response: z.object({ Valid: z.boolean(), Username: z.string().nullable(), Purpose: z.string().nullable() }),
  auth: false,
});

export const changeUserInfoPassword = endpoint({
  area: 'auth',
  method: 'POST',
  path: '/api/Security/ChangeUserInfoPassword',
  summary: 'Define a nova senha a partir de um link válido (uso único)',
  body: z.object({
    UniqueId: z.string().min(10).max(200),
    Password: z.string().max(128),
    ConfirmPassword: z.string().max(128),
  }),
  response: z.boolean(),
  auth: false,
});

/** Not in the spec: the signed-in user changes their own password from the user menu. */
export const changeOwnPassword = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/Security/ChangeOwnPassword',
  summary:
    'Troca a senha do próprio usuário: exige a senha atual, aplica as regras da recuperação, recusa repetir a atual e encerra as sessões abertas (é preciso entrar de novo)',
  body: z.object({
    CurrentPassword: z
      .string({ message: 'Informe a senha atual.' })
      .min(1, 'Informe a senha atual.')
      .max(128),
    Password: z.string().max(128),
    ConfirmPassword: z.string().max(128),
  }),
  response: z.boolean(),
});

/**
 * Not in the spec: what the bearer's user may do now (active, session not ended, user type and
 * permissions read from the database, not from the token). The stand-alone kanban service asks it
 * for a token it has not seen since the user's access last changed. The token names its company.
 */
export const getCurrentAccess = endpoint({
  area: 'extra',
  method: 'GET',
  path: '/api/Security/GetCurrentAccess',
  summary:
    'Acesso atual do portador do token (usuário ativo, sessão não encerrada, tipo e permissões lidos do banco); 401 quando inativo ou encerrada',
  response: z.object({
    UserId: z.number().int(),
    UserTypeId: z.number().int(),
    Permissions: z.array(z.number().int()),
  }),
  companyKey: false,
});

export const verifyUserInfoAssignLastTermOfUser = endpoint({
  area: 'auth',
  method: 'POST',
  path: '/api/Security/VerifyUserInfoAssignLastTermOfUser',
  summary: 'true quando o usuário já aceitou a versão mais recente dos termos de uso',
  response: z.boolean(),
});

export const assignLastCompanyTermOfUse = endpoint({
  area: 'auth',
  method: 'POST',
  path: '/api/Security/AssignLastCompanyTermOfUse',
  summary: 'Registra o aceite da versão mais recente dos termos de uso (usuário, versão, data e endereço)',
  response: z.boolean(),
});

export const getTermOfUse = endpoint({
  area: 'auth',
  method: 'GET',
  path: '/api/Core/GetTermOfUse',
  summary: 'Termos de uso vigentes da seguradora (HTML sanitizado, tags substituídas)',
  response: z.object({ HTMLTermOfUse: z.string(), Version: z.number().int() }),
});

export const getCompanyTermOfUseTags = endpoint({
  area: 'auth',
  method: 'GET',
  path: '/api/Core/GetCompanyTermOfUseTags',
  summary: 'Tags da seguradora usadas nos termos de uso',
  response: z.array(z.object({ Name: z.string(), Value: z.string() })),
});
