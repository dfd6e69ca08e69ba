import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type SroAnswer, type SroLayout, sroLayout, sroNeedsPolicy } from '@aval/contracts';
import { isValidCpfCnpj } from '@aval/domain';
import { type SusepEntry, susepRegister } from './susep-register.js';

type SusepRegister = ReturnType<typeof susepRegister>;

/**
 * A local simulated registradora of the SRO (docs/sro.md): the edge of the world the API cannot
 * reach here. It speaks the JSON API the HTTP adapter speaks, validates each registration against
 * the shared layout and the rules below (each intermediary against its copy of SUSEP's register,
 * `susep-register.ts`), answers with a protocol or a rejection with codes, keeps what it received,
 * and can be made slow or failing, or its register changed, through its admin endpoint. It imports no API
 * module: it is its own server (tests start it on an OS-given port; `npm start` starts it for the demo).
 */
export type SimBehaviour = {
  /** The next n registration calls answer `failStatus` (default 503) without looking at them. */
  failNext?: number;
  failStatus?: number;
  /** Answers wait this long (the registration is made before the wait): the next `slowNext`, or all. */
  delayMs?: number;
  slowNext?: number;
  /** Only registrations of this proposal number fail or wait (others are answered as usual). */
  onlyProposal?: string;
};

export type Received = {
  at: string;
  method: string;
  path: string;
  body: unknown;
  status: number;
  answer?: SroAnswer;
};

type Record = { answer: SroAnswer; payload: SroLayout; registrations: number };

export type RegistradoraSim = { url: string; close: () => Promise<void>; received: Received[] };

const today = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');

/** The rules a registradora checks beyond the layout's shape, with their codes. */
const ruleErrors = (
  p: SroLayout,
  susep: SusepRegister,
  registeredPolicies: Set<string>,
  protocols: Set<string>,
) => {
  const errors: SroAnswer['erros'] = [];
  if (!isValidCpfCnpj(p.tomador.documento))
    errors.push({ codigo: 'SRO-010', mensagem: 'Documento do tomador inválido.' });
  if (p.segurado && !isValidCpfCnpj(p.segurado.documento))
    errors.push({ codigo: 'SRO-011', mensagem: 'Documento do segurado inválido.' });
  if (p.apolice.dataFimVigencia < p.apolice.dataInicioVigencia)
    errors.push({ codigo: 'SRO-020', mensagem: 'Fim de vigência anterior ao início.' });
  if (p.coberturas.some((c) => Number(c.limiteMaximoGarantia) <= 0))
    errors.push({ codigo: 'SRO-021', mensagem: 'LMG deve ser maior que zero.' });
  // Each intermediary as SUSEP's register knows it (its shape, then the register): one error each.
  errors.push(...susep.errorsOf(p.intermediarios));
  if (
    sroNeedsPolicy(p.tipoOperacao) &&
    !registeredPolicies.has(`${p.codigoSeguradora}/${p.apolice.numeroApolice}`)
  )
    errors.push({ codigo: 'SRO-040', mensagem: 'Apólice não registrada.' });
  if (p.retificacao && !protocols.has(p.retificacao.protocoloOriginal))
    errors.push({ codigo: 'SRO-050', mensagem: 'Protocolo a retificar não encontrado.' });
  return errors;
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    req.on('error', reject);
  });

export const startRegistradoraSim = async (
  options: { port?: number; host?: string; credentials?: { clientId: string; clientSecret: string } } = {},
): Promise<RegistradoraSim> => {
  const records = new Map<string, Record>();
  const registeredPolicies = new Set<string>();
  const protocols = new Set<string>();
  const received: Received[] = [];
  const susep = susepRegister();
  let behaviour: SimBehaviour = {};
  let sequence = 0;

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const register = (payload: SroLayout): { status: number; answer: SroAnswer } => {
    const known = records.get(payload.identificadorRegistro);
    // The same identifier registered once: the same protocol again, never a second registration.
    if (known?.answer.situacao === 'REGISTRADO') return { status: 200, answer: known.answer };
    const erros = ruleErrors(payload, susep, registeredPolicies, protocols);
    const base = { identificadorRegistro: payload.identificadorRegistro };
    if (erros.length) {
      const answer: SroAnswer = {
        ...base,
        situacao: 'REJEITADO',
        protocolo: null,
        dataRegistro: null,
        erros,
      };
      records.set(payload.identificadorRegistro, {
        answer,
        payload,
        registrations: known?.registrations ?? 0,
      });
      return { status: 422, answer };
    }
    sequence += 1;
    const protocolo = `SRO${today()}${String(sequence).padStart(8, '0')}`;
    const answer: SroAnswer = {
      ...base,
      situacao: 'REGISTRADO',
      protocolo,
      dataRegistro: new Date().toISOString(),
      erros: [],
    };
    records.set(payload.identificadorRegistro, {
      answer,
      payload,
      registrations: (known?.registrations ?? 0) + 1,
    });
    protocols.add(protocolo);
    if (payload.tipoOperacao === 'EMISSAO')
      registeredPolicies.add(`${payload.codigoSeguradora}/${payload.apolice.numeroApolice}`);
    return { status: 201, answer };
  };

  const layoutErrors = (body: unknown) => {
    // The input of each issue tells a missing field (SRO-001) from one in a wrong format (SRO-002).
    const parsed = sroLayout.safeParse(body, { reportInput: true });
    if (parsed.success) return { payload: parsed.data };
    const erros = parsed.error.issues.slice(0, 10).map((i) => ({
      codigo: i.input === undefined ? 'SRO-001' : 'SRO-002',
      mensagem: `${i.path.join('.')}: ${i.message}`,
    }));
    const id = (body as { identificadorRegistro?: unknown })?.identificadorRegistro;
    const answer: SroAnswer = {
      identificadorRegistro: typeof id === 'string' ? id : '',
      situacao: 'REJEITADO',
      protocolo: null,
      dataRegistro: null,
      erros,
    };
    return { answer };
  };

  /**
   * The register of intermediaries (tests set up their case): `GET /admin/susep` lists it, `POST`
   * `{ codigoSusep, documento, nome? }` adds (or replaces) an entry, `DELETE /admin/susep/{code}`
   * removes one.
   */
  const susepAdmin = (req: IncomingMessage, res: ServerResponse, url: URL, body: unknown) => {
    const code = decodeURIComponent(url.pathname.slice('/admin/susep/'.length));
    if (url.pathname === '/admin/susep' && req.method === 'GET') return reply(res, 200, susep.list());
    if (url.pathname === '/admin/susep' && req.method === 'POST') {
      const e = body as Partial<SusepEntry> | undefined;
      if (typeof e?.codigoSusep !== 'string' || typeof e.documento !== 'string')
        return reply(res, 400, { erros: [{ codigo: 'ADMIN', mensagem: 'codigoSusep e documento.' }] });
      return reply(res, 200, susep.add({ codigoSusep: e.codigoSusep, documento: e.documento, nome: e.nome }));
    }
    if (code && req.method === 'DELETE')
      return susep.remove(code) ? reply(res, 200, {}) : reply(res, 404, {});
    return reply(res, 404, {});
  };

  const authorised = (req: IncomingMessage) => {
    if (!options.credentials) return true;
    const { clientId, clientSecret } = options.credentials;
    return (
      req.headers.authorization === `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://sim');
    const text = await readBody(req);
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    const log = (status: number, answer?: SroAnswer) =>
      received.push({
        at: new Date().toISOString(),
        method: req.method ?? '',
        path: url.pathname,
        body,
        status,
        answer,
      });
    // Admin (tests, the demo): the behaviour, what was received, a reset.
    if (url.pathname === '/admin/behaviour' && req.method === 'POST') {
      behaviour = (body ?? {}) as SimBehaviour;
      return reply(res, 200, behaviour);
    }
    if (url.pathname === '/admin/received') return reply(res, 200, received);
    if (url.pathname === '/admin/records')
      return reply(
        res,
        200,
        [...records.values()].map((r) => ({ ...r.answer, registrations: r.registrations })),
      );
    if (url.pathname === '/admin/susep' || url.pathname.startsWith('/admin/susep/'))
      return susepAdmin(req, res, url, body);
    if (url.pathname === '/admin/reset' && req.method === 'POST') {
      susep.reset();
      records.clear();
      registeredPolicies.clear();
      protocols.clear();
      received.length = 0;
      behaviour = {};
      return reply(res, 200, {});
    }
    if (!authorised(req))
      return reply(res, 401, { erros: [{ codigo: 'AUTH', mensagem: 'Credenciais inválidas.' }] });
    const proposal = (body as { apolice?: { numeroProposta?: string } } | undefined)?.apolice?.numeroProposta;
    const targeted = behaviour.onlyProposal === undefined || behaviour.onlyProposal === proposal;
    if (targeted && behaviour.failNext && behaviour.failNext > 0) {
      behaviour.failNext -= 1;
      log(behaviour.failStatus ?? 503);
      return reply(res, behaviour.failStatus ?? 503, {
        erros: [{ codigo: 'INDISPONIVEL', mensagem: 'Indisponível.' }],
      });
    }
    let status = 404;
    let answer: SroAnswer | undefined;
    if (url.pathname === '/v1/registros' && req.method === 'POST') {
      const checked = layoutErrors(body);
      ({ status, answer } = checked.payload
        ? register(checked.payload)
        : { status: 422, answer: checked.answer });
    } else if (url.pathname.startsWith('/v1/registros/protocolo/') && req.method === 'POST') {
      const protocolo = decodeURIComponent(url.pathname.split('/')[4] ?? '');
      const found = [...records.values()].find((r) => r.answer.protocolo === protocolo);
      if (found) {
        found.answer = { ...found.answer, situacao: 'CANCELADO' };
        ({ status, answer } = { status: 200, answer: found.answer });
      }
    } else if (url.pathname.startsWith('/v1/registros/') && req.method === 'GET') {
      const found = records.get(decodeURIComponent(url.pathname.slice('/v1/registros/'.length)));
      if (found) ({ status, answer } = { status: 200, answer: found.answer });
    }
    log(status, answer);
    if (targeted && behaviour.delayMs && (behaviour.slowNext === undefined || behaviour.slowNext > 0)) {
      if (behaviour.slowNext !== undefined) behaviour.slowNext -= 1;
      await new Promise((r) => setTimeout(r, behaviour.delayMs));
    }
    return reply(
      res,
      status,
      answer ?? { erros: [{ codigo: 'NAO_ENCONTRADO', mensagem: 'Não encontrado.' }] },
    );
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() =>
      reply(res, 400, { erros: [{ codigo: 'SRO-002', mensagem: 'JSON inválido.' }] }),
    );
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
