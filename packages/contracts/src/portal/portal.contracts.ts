import { z } from 'zod';
import { endpoint } from '../endpoint.js';

export const layoutConfig = z.object({
  PrimaryColor: z.string(),
  SuccessColor: z.string(),
  DangerColor: z.string(),
  WarningColor: z.string(),
  LineColor: z.string(),
  Font: z.string(),
  LogoUrl: z.string().nullable(),
});

export const portalConfig = z
  .object({
    CompanyId: z.number().int(),
    CompanyName: z.string(),
    CompanyKey: z.string(),
    Dns: z.string(),
    KanbanServiceUrl: z.string(),
    Maintenance: z.boolean(),
    WarnMaintenance: z.boolean(),
    MaintenanceMessage: z.string().nullable(),
    Layout: layoutConfig,
  })
  .meta({ id: 'PortalConfig' });
export type PortalConfig = z.infer<typeof portalConfig>;

export const getPortalConfig = endpoint({
  area: 'auth',
  method: 'GET',
  path: '/api/Application/GetPortalConfig',
  summary: 'Configuração do portal para o host informado',
  description:
    'Público. Devolve a configuração (empresa, CompanyKey, serviço de kanban, manutenção, cores e fonte) do host. Host desconhecido: 404.',
  query: z.object({ dns: z.string().min(1, 'Informe o host.').max(253) }),
  response: portalConfig,
  auth: false,
  companyKey: false,
});

export const companyOfKey = z
  .object({ CompanyId: z.number().int(), CompanyName: z.string(), CompanyKey: z.string() })
  .meta({ id: 'CompanyOfKey' });
export type CompanyOfKey = z.infer<typeof companyOfKey>;

/** Ours (extras.contracts.ts): how the kanban service, run on its own, resolves a CompanyKey. */
export const getCompanyByKey = endpoint({
  area: 'extra',
  method: 'GET',
  path: '/api/Application/GetCompany',
  summary: 'A seguradora do cabeçalho CompanyKey',
  description:
    'Público (só o cabeçalho CompanyKey). Devolve o id e o nome da seguradora da chave; chave desconhecida: 401. Usado pelo serviço de kanban quando roda em processo próprio.',
  response: companyOfKey,
  auth: false,
});
