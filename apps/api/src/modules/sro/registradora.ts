import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type SroAnswer, type SroLayout, sroAnswer } from '@aval/contracts';
import type { Config } from '../../config.js';

/**
 * A registradora credenciada of the SRO (docs/sro.md): send a registration, ask where one stands,
 * cancel one. A refusal of the data is an answer (situacao REJEITADO, with codes); a registradora
 * that cannot answer (network, timeout, 5xx) throws, and the delivery queue tries again later.
 */
export type Registradora = {
  send: (payload: SroLayout) => Promise<SroAnswer>;
  /** Undefined when the registradora never received that identifier. */
  status: (identificadorRegistro: string) => Promise<SroAnswer | undefined>;
  cancel: (protocolo: string) => Promise<SroAnswer>;
};

export class RegistradoraUnavailable extends Error {}

type HttpAnswer = { status: number; body: string };

/**
 * The registradora's JSON API over HTTPS (or HTTP for the local simulator): the base URL,
 * credentials (HTTP Basic) and the client certificate (mutual TLS) from the configuration.
 */
export const httpRegistradora = (sro: Config['sro'] & { url: string }): Registradora => {
  const tls =
    sro.certFile && sro.keyFile ? { cert: readFileSync(sro.certFile), key: readFileSync(sro.keyFile) } : {};
  const auth =
    sro.clientId !== undefined
      ? `Basic ${Buffer.from(`${sro.clientId}:${sro.clientSecret ?? ''}`).toString('base64')}`
      : undefined;
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      const url = new URL(`${sro.url}${path}`);
      const text = body === undefined ? undefined : JSON.stringify(body);
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        url,
        {
          method,
          timeout: sro.timeoutMs,
          headers: {
            accept: 'application/json',
            ...(text ? { 'content-type': 'application/json' } : {}),
            ...(auth ? { authorization: auth } : {}),
          },
          ...tls,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new RegistradoraUnavailable('registradora timed out')));
      req.on('error', (err) =>
        reject(err instanceof RegistradoraUnavailable ? err : new RegistradoraUnavailable(err.message)),
      );
      req.end(text);
    });
  const answerOf = (res: HttpAnswer) => {
    if (res.status >= 500 || res.status === 429 || res.status === 401 || res.status === 403)
      throw new RegistradoraUnavailable(`registradora answered ${res.status}`);
    try {
      return sroAnswer.parse(JSON.parse(res.body));
    } catch {
      throw new RegistradoraUnavailable(`registradora answered ${res.status} without a valid body`);
    }
  };
  return {
    send: async (payload) => answerOf(await call('POST', '/v1/registros', payload)),
    status: async (id) => {
      const res = await call('GET', `/v1/registros/${encodeURIComponent(id)}`);
      return res.status === 404 ? undefined : answerOf(res);
    },
    cancel: async (protocolo) =>
      answerOf(await call('POST', `/v1/registros/protocolo/${encodeURIComponent(protocolo)}/cancelamento`)),
  };
};

/** The configured registradora, or none (no URL: registrations wait as Pendente). */
export const registradoraOf = (config: Config): Registradora | undefined =>
  config.sro.url ? httpRegistradora({ ...config.sro, url: config.sro.url }) : undefined;
