import { Permission, SRO_LATE_FILTER, sroEventTypes, UserType } from '@aval/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { requiredText, uuid } from '../shared/fields.js';
import { pageOf, pageQuery, qInt } from '../shared/schemas.js';

/** The SRO registrations (issue 35, docs/sro.md): staff with permission 49. */
const P = Permission;
const manage = [P.GERENCIAR_REGISTROS_SRO];

export const sroRegistration = z.object({
  UniqueId: z.string(),
  PolicyUniqueId: z.string().nullable(),
  PolicyNumber: z.string(),
  EventType: z.enum(sroEventTypes),
  EventName: z.string(),
  EventDay: z.string(),
  /** 1 Pendente, 2 Enviada, 3 Registrada, 4 Rejeitada. */
  StatusId: z.number().int(),
  StatusName: z.string(),
  /** Not registered and past its deadline. */
  Late: z.boolean(),
  Deadline: z.string(),
  /** Business days to the deadline (0: due today; negative: late by that many). Null once registered. */
  BusinessDaysLeft: z.number().int().nullable(),
  Protocol: z.string().nullable(),
  /** The registradora's reasons, in pt-BR. */
  Rejections: z.array(z.object({ Code: z.string(), Message: z.string() })),
  Attempts: z.number().int(),
  LastError: z.string().nullable(),
  Version: z.number().int(),
  /** Registered by hand (a protocol obtained elsewhere during a registradora outage). */
  Manual: z.boolean(),
  SentAt: z.string().nullable(),
  RegisteredAt: z.string().nullable(),
});
export type SroRegistration = z.infer<typeof sroRegistration>;

export const searchSroRegistrations = endpoint({
  area: 'extra',
  method: 'GET',
  path: '/api/Sro/SearchSroRegistrations',
  summary: 'Registros de operações no SRO, por situação',
  description:
    'Só a seguradora (49). `StatusId`: 1 Pendente, 2 Enviada, 3 Registrada, 4 Rejeitada, 5 Atrasada (não registrada após o prazo). Prazo mais próximo primeiro. Lista `{ Data, Total, CurrentPage, RowsPerPage }`.',
  query: z.object({
    ...pageQuery,
    StatusId: qInt().min(1).max(SRO_LATE_FILTER).optional(),
    EventType: z.enum(sroEventTypes).optional(),
    PolicyNumber: z.string().trim().max(30).optional(),
  }),
  response: pageOf(sroRegistration),
  envelope: 'raw',
  permissions: manage,
  userTypes: [UserType.INSURANCE],
});

export const getPolicySroRegistrations = endpoint({
  area: 'extra',
  method: 'GET',
  path: '/api/Sro/GetPolicySroRegistrations',
  summary: 'Registros no SRO de uma apólice (emissão, endossos, liquidações)',
  query: z.object({ PolicyUniqueId: uuid('Apólice inválida.') }),
  response: z.array(sroRegistration),
  permissions: [P.GERENCIAR_REGISTROS_SRO, P.VISUALIZAR_APOLICES],
  userTypes: [UserType.INSURANCE],
});

export const resendSroRegistration = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/Sro/ResendSroRegistration',
  summary: 'Reenvia um registro rejeitado ou pendente, com os dados atuais da apólice',
  body: z.object({ UniqueId: uuid('Registro inválido.') }),
  response: sroRegistration,
  permissions: manage,
  userTypes: [UserType.INSURANCE],
});

export const rectifySroRegistration = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/Sro/RectifySroRegistration',
  summary: 'Retifica um registro já registrado com os dados atuais da apólice',
  body: z.object({ UniqueId: uuid('Registro inválido.') }),
  response: sroRegistration,
  permissions: manage,
  userTypes: [UserType.INSURANCE],
});

export const registerSroManually = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/Sro/RegisterSroManually',
  summary: 'Informa o protocolo obtido fora do sistema (contingência: registradora indisponível)',
  body: z.object({ UniqueId: uuid('Registro inválido.'), Protocol: requiredText('o protocolo do SRO', 60) }),
  response: sroRegistration,
  permissions: manage,
  userTypes: [UserType.INSURANCE],
});
