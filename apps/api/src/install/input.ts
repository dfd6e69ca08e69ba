import { insurerRecordDraft } from '@aval/contracts';
import { maskCnpj, validateCnpj, validateEmail } from '@aval/domain';
import { z } from 'zod';
import { insurerDraftProblems } from '../modules/parameterisation/index.js';
import { normaliseHost } from '../modules/portal/index.js';

/**
 * A host name the portal answers on: DNS labels of letters, digits and hyphens (none starting or
 * ending with a hyphen, 63 characters at most), or an IPv4 address (`127.0.0.1` for a trial).
 */
const hostPattern =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const host = z
  .string()
  .transform((v) => normaliseHost(v))
  .superRefine((v, ctx) => {
    if (!hostPattern.test(v))
      ctx.addIssue({
        code: 'custom',
        message: `Endereço (host) inválido: "${v}". Informe só o nome, como seguros.exemplo.com.br.`,
      });
  });

const email = (what: string) =>
  z
    .string({ message: `Informe o e-mail ${what}.` })
    .trim()
    .min(1, { message: `Informe o e-mail ${what}.`, abort: true })
    .superRefine((v, ctx) => {
      if (validateEmail(v)) ctx.addIssue({ code: 'custom', message: `E-mail ${what} inválido: "${v}".` });
    })
    .transform((v) => v.toLowerCase());

/**
 * What an operator gives to install an insurer (install/company.ts): the company, the hosts its
 * portal answers on, what its documents and terms print (CNPJ, contact e-mail, and in `record` any
 * field of the insurer's record: SUSEP code and processes, address, collecting bank, Pix key, SAC
 * and Ouvidoria) and its first administrator. `id` and `companyKey` are chosen by the installer
 * when not given.
 */
export const companyInstallInput = z.object({
  id: z
    .number({ message: 'O número da empresa deve ser um inteiro positivo.' })
    .int({ message: 'O número da empresa deve ser um inteiro positivo.' })
    .positive({ message: 'O número da empresa deve ser um inteiro positivo.' })
    .max(2_147_483_647, { message: 'O número da empresa é grande demais.' })
    .optional(),
  name: z
    .string({ message: 'Informe o nome da seguradora.' })
    .trim()
    .min(1, 'Informe o nome da seguradora.')
    .max(200, 'O nome da seguradora deve ter no máximo 200 caracteres.'),
  companyKey: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9_-]{8,64}$/,
      'A chave da empresa (CompanyKey) deve ter de 8 a 64 letras, números, "-" ou "_".',
    )
    .optional(),
  hosts: z
    .array(host, { message: 'Informe ao menos um endereço (host) do portal.' })
    .min(1, 'Informe ao menos um endereço (host) do portal.')
    .refine((hs) => new Set(hs).size === hs.length, 'Um endereço (host) foi informado mais de uma vez.'),
  /** Where people open the portal (`https://seguros.exemplo.com.br`): the base of its e-mails' links. */
  publicUrl: z
    .url({ protocol: /^https?$/, message: 'Endereço público inválido: use https://seguros.exemplo.com.br.' })
    .optional(),
  primaryColor: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/, 'Cor principal inválida: use o formato #RRGGBB, como #0e65a5.')
    .optional(),
  font: z.string().trim().min(1, 'Informe o nome da fonte.').max(100).optional(),
  cnpj: z
    .string({ message: 'Informe o CNPJ da seguradora.' })
    .trim()
    .min(1, { message: 'Informe o CNPJ da seguradora.', abort: true })
    .superRefine((v, ctx) => {
      if (validateCnpj(v)) ctx.addIssue({ code: 'custom', message: `CNPJ da seguradora inválido: "${v}".` });
    })
    .transform((v) => maskCnpj(v)),
  contactEmail: email('de contato da seguradora'),
  administrator: z.object({
    name: z
      .string({ message: 'Informe o nome do administrador.' })
      .trim()
      .min(1, 'Informe o nome do administrador.')
      .max(200, 'O nome do administrador deve ter no máximo 200 caracteres.'),
    email: email('do administrador'),
  }),
  /** The insurer's record (its legal name defaults to `name`, its CNPJ is `cnpj`). */
  record: insurerRecordDraft.optional(),
});

export type CompanyInstallInput = z.input<typeof companyInstallInput>;
export type CompanyInstall = z.output<typeof companyInstallInput>;

/** The input's problems in pt-BR, one per line (`hosts.1: Endereço (host) inválido…`), or none. */
export const installInputProblems = (error: z.ZodError) =>
  error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

/** An input the installer refuses (bad values, a host or key of another company), in pt-BR. */
export class InstallRefused extends Error {
  constructor(readonly problems: { path: string; message: string }[]) {
    super(problems.map((p) => p.message).join('\n'));
    this.name = 'InstallRefused';
  }
}

/** The input checked, or InstallRefused with every problem. */
export const parseInstallInput = (input: CompanyInstallInput): CompanyInstall => {
  const parsed = companyInstallInput.safeParse(input);
  if (!parsed.success) throw new InstallRefused(installInputProblems(parsed.error));
  const record = insurerDraftProblems(parsed.data.record ?? {});
  if (record.length)
    throw new InstallRefused(record.map((p) => ({ path: `record.${p.Field}`, message: p.Message })));
  return parsed.data;
};
