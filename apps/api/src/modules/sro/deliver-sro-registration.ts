import { type SroAnswer, type SroLayout, sroLayout } from '@aval/contracts';
import {
  type SroEventTypeId,
  SroRegistrationStatus,
  sroIntermediaryReason,
  sroRejectionReasons,
} from '@aval/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Platform, UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { runAsInsurerUser } from '../../plugins/job-context.js';
import { identifierOf } from './record-sro-event.js';
import { type Registradora, registradoraOf } from './registradora.js';
import { queueDelivery } from './sro.queues.js';
import * as repo from './sro.repository.js';

const registradoras = new WeakMap<Platform['config'], Registradora | undefined>();

/** The platform's registradora (one per configuration), or none when no URL is configured. */
export const registradoraFor = (platform: Platform) => {
  if (!registradoras.has(platform.config))
    registradoras.set(platform.config, registradoraOf(platform.config));
  return registradoras.get(platform.config);
};

type Job = { id: string; log: FastifyBaseLogger };

const asSystemOf = <T>(
  platform: Platform,
  companyId: number,
  job: Job,
  fn: (ctx: UserContext) => Promise<T>,
) => runAsInsurerUser(platform, { companyId, userId: 0, jobId: job.id }, job.log, fn);

/** Why a registration waits unsent: the insurer's record has no SUSEP code to identify it by. */
const INSURER_CODE_MISSING =
  'Não enviado: falta o código SUSEP da seguradora, que a identifica no SRO. O administrador o informa em Parametrização › Dados da seguradora, e o registro é enviado em seguida.';

/**
 * The payload to send, naming the insurer by its SUSEP code: the one its record held when the
 * operation was recorded. One recorded while the record had none (or, before the code came from the
 * record, with the company's id) takes the record's code of now; undefined while there is none.
 */
const withInsurerCode = async (ctx: UserContext, r: repo.SroRegistrationRow) => {
  const isCode = (code: string | undefined): code is string =>
    code !== undefined &&
    code !== String(r.companyId) &&
    sroLayout.shape.codigoSeguradora.safeParse(code).success;
  if (isCode(r.payload.codigoSeguradora)) return r.payload;
  const now = (await ctx.platform.wiring.sroPolicyOwner?.currentParts(ctx, r.policyId))?.codigoSeguradora;
  return isCode(now) ? { ...r.payload, codigoSeguradora: now } : undefined;
};

/**
 * Takes the registration for a send when it is due: not settled, every earlier operation of its
 * policy registered (an endorsement never before its policy; one waiting is woken when the one
 * before it is registered), and the insurer's SUSEP code known (else it stays Pendente, saying why;
 * the sweep tries again). Marks it Enviada and commits before the registradora is called, so no
 * transaction waits on the network.
 */
const claim = async (ctx: UserContext, id: number) => {
  const r = await repo.findById(ctx.db, ctx.company.id, id, true);
  if (!r || r.statusId === SroRegistrationStatus.REGISTRADA || r.statusId === SroRegistrationStatus.REJEITADA)
    return undefined;
  if (await repo.earlierUnregistered(ctx.db, r)) return undefined;
  const payload = await withInsurerCode(ctx, r);
  if (!payload) {
    await repo.updateRegistration(ctx.db, r.id, { lastError: INSURER_CODE_MISSING });
    return undefined;
  }
  return repo.updateRegistration(ctx.db, r.id, {
    statusId: SroRegistrationStatus.ENVIADA,
    attempts: r.attempts + 1,
    sentAt: currentTime(),
    payload: { ...payload, identificadorRegistro: identifierOf(r) },
  });
};

type SroError = SroAnswer['erros'][number];

/**
 * The intermediary an error names, as this registration sent it: the one at the position the
 * registradora gives when it holds that code and document, else the one sent with them.
 */
const intermediaryOf = (payload: SroLayout, at: NonNullable<SroError['intermediario']>) => {
  const same = (i: SroLayout['intermediarios'][number]) =>
    i.codigoSusep === at.codigoSusep && i.documento === at.documento;
  const byPosition = payload.intermediarios[at.posicao - 1];
  return byPosition && same(byPosition) ? byPosition : payload.intermediarios.find(same);
};

/**
 * The registradora's reasons in pt-BR (its own message for a code we do not know); one about an
 * intermediary names the brokerage (its name in Aval and the code sent) when the registration sent it.
 */
const rejectionsOf = (a: SroAnswer, payload: SroLayout) =>
  a.erros.map((e) => {
    const at = e.intermediario;
    const sent = at && intermediaryOf(payload, at);
    const named =
      at &&
      sroIntermediaryReason(e.codigo, {
        name: sent?.nome ?? null,
        position: at.posicao,
        susepCode: at.codigoSusep,
        document: at.documento,
      });
    return { Code: e.codigo, Message: named ?? sroRejectionReasons[e.codigo] ?? e.mensagem };
  });

/**
 * Writes the registradora's answer on the registration (when it is still the send it answers):
 * registered (protocol; the policy's owner told; the policy's next operations woken), rejected
 * (the reasons), or still processing (the sweep asks again).
 */
export const applyAnswer = async (ctx: UserContext, id: number, answer: SroAnswer) => {
  const r = await repo.findById(ctx.db, ctx.company.id, id, true);
  if (
    !r ||
    answer.identificadorRegistro !== identifierOf(r) ||
    r.statusId === SroRegistrationStatus.REGISTRADA
  )
    return r;
  if (answer.situacao === 'REGISTRADO') {
    const at = answer.dataRegistro ? new Date(answer.dataRegistro) : currentTime();
    const saved = await repo.updateRegistration(ctx.db, r.id, {
      statusId: SroRegistrationStatus.REGISTRADA,
      protocol: answer.protocolo,
      registeredAt: at,
      rejections: [],
      lastError: null,
    });
    await ctx.platform.wiring.sroPolicyOwner?.registered(ctx, {
      policyId: r.policyId,
      eventType: r.eventType as SroEventTypeId,
      protocol: answer.protocolo ?? '',
      at,
    });
    for (const next of await repo.waitingAfter(ctx.db, r)) await queueDelivery(ctx, next, 'wake');
    return saved;
  }
  if (answer.situacao === 'REJEITADO')
    return repo.updateRegistration(ctx.db, r.id, {
      statusId: SroRegistrationStatus.REJEITADA,
      rejections: rejectionsOf(answer, r.payload),
      lastError: null,
    });
  return r;
};

/**
 * The `sro-deliver` job: sends one registration to the registradora and records its answer. A
 * registradora that cannot answer leaves it Enviada with the error and fails the job, which pg-boss
 * retries with backoff; the retry sends the same identifier, which the registradora answers with the
 * protocol it already gave (a registration is never made twice).
 */
export const deliverSroRegistration = async (
  platform: Platform,
  data: { companyId: number; registrationId: number },
  job: Job,
) => {
  const registradora = registradoraFor(platform);
  if (!registradora) return;
  const claimed = await asSystemOf(platform, data.companyId, job, (ctx) => claim(ctx, data.registrationId));
  if (!claimed) return;
  let answer: SroAnswer;
  try {
    answer = await registradora.send(claimed.payload);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await asSystemOf(platform, data.companyId, job, (ctx) =>
      repo.updateRegistration(ctx.db, claimed.id, { lastError: `Registradora indisponível (${message}).` }),
    );
    throw err;
  }
  await asSystemOf(platform, data.companyId, job, (ctx) => applyAnswer(ctx, claimed.id, answer));
};
