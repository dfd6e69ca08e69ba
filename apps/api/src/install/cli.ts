import { parseArgs } from 'node:util';
import { loggableError } from '@aval/transport';
import pino from 'pino';
import { loadConfig } from '../config.js';
import type { Platform } from '../context.js';
import type { Database } from '../db/client.js';
import { openAndMigrate } from '../db/setup.js';
import { takeDataLock } from '../lib/lock.js';
import { sendMailQueue } from '../modules/auth/mail.jobs.js';
import * as locations from '../modules/locations/index.js';
import { createJobs } from '../plugins/jobs.js';
import { installCatalogue } from './catalogue.js';
import { type InstalledCompany, installCompany } from './company.js';
import { type CompanyInstallInput, InstallRefused, parseInstallInput } from './input.js';

export const installHelp = `Instala uma seguradora no Aval (produção) ou completa uma já instalada.

Uso:
  npm run install-company -- --name "Seguradora Exemplo S.A." --host seguros.exemplo.com.br \\
    --cnpj 11.222.333/0001-81 --contact atendimento@exemplo.com.br \\
    --admin-name "Maria Souza" --admin-email maria.souza@exemplo.com.br

Obrigatórios:
  --name <nome>            nome da seguradora (impresso no portal, nos e-mails e nos documentos)
  --host <endereço>        endereço (host) do portal da seguradora; repita para mais de um
                           (o primeiro é o principal)
  --cnpj <CNPJ>            CNPJ da seguradora (com ou sem máscara; alfanumérico aceito)
  --contact <e-mail>       e-mail de contato impresso nos termos de uso
  --admin-name <nome>      nome do primeiro administrador
  --admin-email <e-mail>   e-mail do primeiro administrador (o seu login)

Opcionais:
  --url <https://...>      endereço público do portal, base dos links dos e-mails
                           (padrão: PUBLIC_URL, senão http://<primeiro host>:PORT)
  --id <número>            número da empresa (padrão: o próximo livre)
  --company-key <chave>    CompanyKey da empresa (padrão: gerada)
  --color <#RRGGBB>        cor principal do portal
  --font <nome>            fonte do portal (padrão: Montserrat)
  --help                   mostra esta ajuda

Dados da seguradora impressos nos documentos (opcionais aqui; sem eles a emissão é recusada até
que o administrador os complete em Parametrização › Dados da seguradora):
  --legal-name <nome>      razão social (padrão: --name)
  --susep-code <código>    código SUSEP da seguradora (5 dígitos, ex.: 05886)
  --zip <CEP>              CEP da sede
  --street <logradouro>    logradouro da sede
  --number <número>        número
  --complement <texto>     complemento
  --district <bairro>      bairro
  --state <UF>             estado (sigla, ex.: SP)
  --city <cidade>          cidade (nome, ex.: São Paulo)
  --susep-process <ramo=número>
                           processo SUSEP do produto de um ramo; repita por ramo
                           (ex.: 0775=15414.602449/2024-53 --susep-process 0776=…)
  --bank <código>          banco de cobrança (código COMPE, ex.: 341)
  --bank-name <nome>       nome do banco (padrão: o da lista do Banco Central)
  --agency <agência>       agência (até 4 dígitos, sem o dígito)
  --account <conta>        conta (até 5 dígitos, sem o dígito)
  --wallet <carteira>      carteira (até 3 dígitos, ex.: 109)
  --pix-key <chave>        chave Pix dos boletos
  --sac <telefone>         telefone do SAC (ex.: 0800 123 4567)
  --ouvidoria <telefone>   telefone da Ouvidoria
  --ouvidoria-email <e-mail>
                           e-mail da Ouvidoria
  --site <endereço>        site da seguradora (ex.: www.seguradora.com.br)

O banco é o do servidor (DATABASE_URL, ou o PGlite em DATA_DIR, com o servidor parado) e as
migrações são aplicadas antes. A instalação cria a empresa e seus endereços, menus, perfis padrão
com permissões, tags, termos de uso, o catálogo padrão de ramos e modalidades, os dados da
seguradora informados, os parâmetros de crédito e o primeiro administrador, que recebe por e-mail o link de primeiro acesso (impresso
também aqui). Rodar de novo com os mesmos dados não muda nada: o que existe não é sobrescrito.`;

const options = {
  name: { type: 'string' },
  host: { type: 'string', multiple: true },
  cnpj: { type: 'string' },
  contact: { type: 'string' },
  'admin-name': { type: 'string' },
  'admin-email': { type: 'string' },
  url: { type: 'string' },
  id: { type: 'string' },
  'company-key': { type: 'string' },
  color: { type: 'string' },
  font: { type: 'string' },
  help: { type: 'boolean' },
  'legal-name': { type: 'string' },
  'susep-code': { type: 'string' },
  zip: { type: 'string' },
  street: { type: 'string' },
  number: { type: 'string' },
  complement: { type: 'string' },
  district: { type: 'string' },
  state: { type: 'string' },
  city: { type: 'string' },
  'susep-process': { type: 'string', multiple: true },
  bank: { type: 'string' },
  'bank-name': { type: 'string' },
  agency: { type: 'string' },
  account: { type: 'string' },
  wallet: { type: 'string' },
  'pix-key': { type: 'string' },
  sac: { type: 'string' },
  ouvidoria: { type: 'string' },
  'ouvidoria-email': { type: 'string' },
  site: { type: 'string' },
} as const;

/** The insurer record's field → the option that gives it. */
const recordOptions = {
  LegalName: 'legal-name',
  SusepCode: 'susep-code',
  ZipCode: 'zip',
  AddressName: 'street',
  Number: 'number',
  Complement: 'complement',
  Neighborhood: 'district',
  StateProvinceId: 'state',
  CityId: 'city',
  SusepProcesses: 'susep-process',
  BankCode: 'bank',
  BankName: 'bank-name',
  BankAgency: 'agency',
  BankAccount: 'account',
  BankWallet: 'wallet',
  PixKey: 'pix-key',
  SacPhone: 'sac',
  OuvidoriaPhone: 'ouvidoria',
  OuvidoriaEmail: 'ouvidoria-email',
  Site: 'site',
} as const;

/** The input's field → the option that gives it (problems are reported by option). */
const optionOf: Record<string, string> = {
  id: '--id',
  name: '--name',
  companyKey: '--company-key',
  hosts: '--host',
  publicUrl: '--url',
  primaryColor: '--color',
  font: '--font',
  cnpj: '--cnpj',
  contactEmail: '--contact',
  'administrator.name': '--admin-name',
  'administrator.email': '--admin-email',
  ...Object.fromEntries(
    Object.entries(recordOptions).map(([field, option]) => [`record.${field}`, `--${option}`]),
  ),
};

type Values = ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];

/**
 * The insurer record's fields given on the command line: the state by its code and the city by its
 * name (IBGE), each process as `ramo=número`. A state or city not found is a problem of its option.
 */
const recordOf = (values: Values) => {
  const problems: { path: string; message: string }[] = [];
  const record: Record<string, unknown> = {};
  for (const [field, option] of Object.entries(recordOptions))
    if (typeof values[option] === 'string') record[field] = values[option];
  if (values.state !== undefined) {
    const state = locations.stateByCode(values.state);
    if (!state)
      problems.push({ path: 'record.StateProvinceId', message: `UF desconhecida: "${values.state}".` });
    record.StateProvinceId = state?.Id;
    if (values.city !== undefined) {
      const city = locations.cityByName(values.state, values.city);
      if (state && !city)
        problems.push({
          path: 'record.CityId',
          message: `Cidade não encontrada em ${state.Code}: "${values.city}".`,
        });
      record.CityId = city?.Id;
    }
  } else if (values.city !== undefined)
    problems.push({ path: 'record.StateProvinceId', message: 'Informe o estado (--state) da cidade.' });
  if (values['susep-process'])
    record.SusepProcesses = values['susep-process'].map((p) => {
      const [code, ...number] = p.split('=');
      return { BranchCode: number.length ? code : '', Number: number.join('=') || p };
    });
  return { record: Object.keys(record).length ? record : undefined, problems };
};

/** The command line as the installer's input (values unchecked: installCompany checks them). */
const inputOf = (values: Values, record: Record<string, unknown> | undefined) =>
  ({
    id: values.id === undefined ? undefined : Number(values.id),
    name: values.name,
    companyKey: values['company-key'],
    hosts: values.host ?? [],
    publicUrl: values.url,
    primaryColor: values.color,
    font: values.font,
    cnpj: values.cnpj,
    contactEmail: values.contact,
    administrator: { name: values['admin-name'], email: values['admin-email'] },
    record,
  }) as CompanyInstallInput;

const report = (c: InstalledCompany) => {
  const lines = [
    c.created
      ? `Seguradora instalada: ${c.name} (empresa ${c.id}).`
      : `Seguradora já instalada: ${c.name} (empresa ${c.id}); completada sem sobrescrever o que existia.`,
    `  CompanyKey: ${c.companyKey}`,
    `  Endereços: ${c.hosts.join(', ')}`,
  ];
  if (c.administrator.firstAccessLink)
    lines.push(
      `  Administrador: ${c.administrator.username}`,
      `  Link de primeiro acesso (vale 7 dias, uma vez; também enviado por e-mail): ${c.administrator.firstAccessLink}`,
    );
  else
    lines.push(
      '  A seguradora já tem usuários: nenhum administrador foi criado. Quem esqueceu a senha usa "Esqueci minha senha" no portal.',
    );
  return lines;
};

/**
 * `npm run install-company -- …`: checks the input, opens the database as the server does (DATABASE_URL,
 * or PGlite under DATA_DIR with its lock), applies the migrations, installs the menus catalogue and
 * the company under the start-up lock, queues the administrator's first-access e-mail (sent by the
 * server's mail worker) and prints the company key, the hosts and the link. Returns the exit code.
 */
export const runInstallCli = async (
  args: string[],
  env: NodeJS.ProcessEnv,
  print: (line: string) => void,
): Promise<number> => {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options }>>;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: false });
  } catch (err) {
    print(`Opção inválida: ${(err as Error).message}`);
    print('Use --help para ver as opções.');
    return 2;
  }
  if (parsed.values.help) {
    print(installHelp);
    return 0;
  }
  let release = () => {};
  let database: Database | undefined;
  try {
    const { record, problems } = recordOf(parsed.values);
    if (problems.length) throw new InstallRefused(problems);
    const input = inputOf(parsed.values, record);
    // A bad input is refused before the database is opened.
    parseInstallInput(input);
    const config = loadConfig(env);
    if (!config.databaseUrl) release = takeDataLock(config.dataDir);
    let installed: InstalledCompany | undefined;
    const log = pino({ level: 'error' });
    await openAndMigrate(config, async (opened) => {
      database = opened;
      // The first-access e-mail goes to the mail queue in the installation's transaction; the
      // server's workers send it (this process works no job).
      const jobs = createJobs(opened, log, { workers: false });
      const platform = { config, database: opened, jobs, log, queues: {} } as unknown as Platform;
      platform.queues.sendMail = sendMailQueue(platform);
      jobs.register(platform.queues.sendMail);
      await jobs.start();
      try {
        await installCatalogue(opened.db);
        installed = await installCompany(opened.db, input, platform);
      } finally {
        await jobs.stop();
      }
    });
    for (const line of report(installed!)) print(line);
    return 0;
  } catch (err) {
    if (err instanceof InstallRefused) {
      print('Instalação recusada:');
      for (const p of err.problems)
        print(`  ${optionOf[p.path.replace(/\.\d+(\.\w+)?$/, '')] ?? p.path}: ${p.message}`);
      return 1;
    }
    // Without parameter values: a failed query may carry personal data.
    print(`Instalação interrompida: ${loggableError(err).message}`);
    return 1;
  } finally {
    await database?.close();
    release();
  }
};
