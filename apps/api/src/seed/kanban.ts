import type { KanbanCardCommand } from '@aval/contracts';
import * as calls from '@aval/contracts';
import { CardType, CcgSignatoryRole, maskCpfCnpj, RequestDocumentType } from '@aval/domain';
import { applyCardCommandIn, cards } from '@aval/kanban';
import { and, asc, eq } from 'drizzle-orm';
import type { UserContext } from '../context.js';
import type { Db } from '../db/client.js';
import { atInstant } from '../lib/clock.js';
import { brokers } from '../modules/brokers/brokers.table.js';
import * as documents from '../modules/documents/index.js';
import * as holdersService from '../modules/policy-holders/index.js';
import * as holderDocuments from '../modules/policy-holders/policy-holders.documents.js';
import {
  policyHolderCcgs,
  policyHolderLimitRequests,
  policyHolders,
} from '../modules/policy-holders/policy-holders.table.js';
import { prepareCcg } from '../modules/policy-holders/prepare-ccg.js';
import { persons } from '../modules/users/users.table.js';
import { moveOnBoard } from './board.js';
import { demoCompanies } from './companies.js';
import { demoActors, perform } from './context.js';
import { uploadDemoFiles } from './files.js';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
type Holder = typeof policyHolders.$inferSelect;
type Actors = NonNullable<Awaited<ReturnType<typeof demoActors>>>;

/**
 * Cards in the registry pipes of every demo company (cadastro, crédito, PEP), over several steps,
 * some past their step's SLA, played as people made them: the demo broker asks two limit reviews
 * (request-limit documents sent to analysis), prepares two holders' CCGs and sends them signed (one
 * on paper), and the analyst takes some cards into later steps on the board hours after they
 * arrived (the BI's time in step reads these moves); a pending branch activity analysis is asked
 * as the registration validation asks it. The brokerages' registration cards and the nominations'
 * come with their seeds. Idempotent: a holder with a limit request or a CCG is left as it is.
 */
export const seedKanban = async (db: Db) => {
  for (const company of demoCompanies) {
    const actors = await demoActors(db, company);
    if (!actors) continue;
    const holders = await db
      .select()
      .from(policyHolders)
      .where(eq(policyHolders.companyId, company.id))
      .orderBy(asc(policyHolders.id))
      .limit(6);
    if (holders.length < 5) continue;
    // Limit reviews: the first in analysis for 80 hours with its balance sheet, one just asked.
    await askLimitReview(db, actors, holders[1]!, 'Balanço patrimonial', { asked: 86, analysed: 80 });
    await askLimitReview(db, actors, holders[3]!, 'DRE do último exercício', { asked: 1 });
    // CCGs sent signed by the demo broker and waiting for the insurer (one late, one signed on paper).
    await sendSignedCcg(db, actors, holders[3]!, { manual: false, signed: 60 });
    await sendSignedCcg(db, actors, holders[4]!, { manual: true, signed: 9, analysed: 6 });
    await seedRegistryCards(db, company, actors, holders);
  }
};

/** The analyst takes a card into `stepName` `hours` ago, as on the board. */
const takeAt = (
  actors: Actors,
  hours: number,
  card: { cardType: string; cardRef: string },
  stepName: string,
) =>
  atInstant(hoursAgo(hours), () =>
    moveOnBoard(actors.analyst, card as Parameters<typeof moveOnBoard>[1], { stepName }),
  );

/** The holder's limit review request, if it has one. */
const limitRequestOf = async (db: Db, holder: Holder) => {
  const [request] = await db
    .select({ uniqueId: policyHolderLimitRequests.uniqueId })
    .from(policyHolderLimitRequests)
    .where(
      and(
        eq(policyHolderLimitRequests.companyId, holder.companyId),
        eq(policyHolderLimitRequests.policyHolderId, holder.id),
      ),
    );
  return request?.uniqueId;
};

/**
 * The demo broker sends a request-limit document of the holder to analysis `at.asked` hours ago
 * (the limit review request and its REQUEST_LIMIT card); the analyst takes it into analysis
 * `at.analysed` hours ago.
 */
const askLimitReview = async (
  db: Db,
  actors: Actors,
  holder: Holder,
  documentName: string,
  at: { asked: number; analysed?: number },
) => {
  if (await limitRequestOf(db, holder)) return;
  await atInstant(hoursAgo(at.asked), () => sendHolderDocument(actors.broker, holder, documentName));
  const request = await limitRequestOf(db, holder);
  if (request && at.analysed !== undefined)
    await takeAt(actors, at.analysed, { cardType: CardType.REQUEST_LIMIT, cardRef: request }, 'Em análise');
};

/** The broker uploads a file to the holder's document slot named `name` and sends it to analysis. */
const sendHolderDocument = async (broker: UserContext, holder: Holder, name: string) => {
  const owner = { type: 'policy_holder' as const, id: holder.id };
  const slot = (await documents.listDocuments(broker, owner)).find((d) => d.Name === name);
  if (!slot) throw new Error(`seed: no '${name}' document for ${holder.name}`);
  const [file] = await uploadDemoFiles(broker, [name]);
  const kind = slot.RequestDocumentTypeId === RequestDocumentType.REQUEST_LIMIT ? 'limit' : 'registration';
  const upload = {
    PolicyHolderUniqueId: holder.uniqueId,
    RequestDocumentUniqueId: slot.UniqueId,
    ArchiveUniqueIds: file!.ArchiveUniqueIds,
  };
  const uploadCall =
    kind === 'limit'
      ? calls.uploadPolicyHolderRequestLimitsDocument
      : calls.uploadPolicyHolderRequestDocument;
  await perform(broker, uploadCall, () => holderDocuments.upload(broker, upload, kind));
  await perform(broker, calls.sendPolicyHolderRequestToAnalysis, () =>
    holderDocuments.submit(broker, {
      PolicyHolderUniqueId: holder.uniqueId,
      RequestDocumentUniqueIds: [slot.UniqueId],
    }),
  );
};

/** The avalistas of the demo CCGs: a partner with powers, a married guarantor and her spouse. */
const ccgSignatories = [
  { Name: 'Marcos Almeida Prado', Cpf: '52998224725', RoleId: CcgSignatoryRole.SOCIO_COM_PODERES },
  { Name: 'Helena Souza Prado', Cpf: '11144477735', RoleId: CcgSignatoryRole.AVALISTA, Married: true },
  {
    Name: 'Paulo Souza Prado',
    Cpf: '39053344705',
    RoleId: CcgSignatoryRole.CONJUGE_DO_AVALISTA,
    SpouseOfCpf: '11144477735',
  },
];

/**
 * The demo broker prepares the holder's CCG a day before it is signed, uploads the signed contract
 * `at.signed` hours ago and sends it to analysis (its ANALISE_CCG card, or ANALISE_CCG_MANUAL when
 * signed on paper); the analyst takes it into analysis `at.analysed` hours ago.
 */
const sendSignedCcg = async (
  db: Db,
  actors: Actors,
  holder: Holder,
  at: { manual: boolean; signed: number; analysed?: number },
) => {
  const [existing] = await db
    .select({ id: policyHolderCcgs.id })
    .from(policyHolderCcgs)
    .where(
      and(eq(policyHolderCcgs.companyId, holder.companyId), eq(policyHolderCcgs.policyHolderId, holder.id)),
    );
  if (existing) return;
  const prepared = await atInstant(hoursAgo(at.signed + 24), () =>
    perform(actors.broker, calls.preparePolicyHolderCcg, () =>
      prepareCcg(actors.broker, {
        PolicyHolderUniqueId: holder.uniqueId,
        Signatories: ccgSignatories,
        Manual: at.manual,
      }),
    ),
  );
  await atInstant(hoursAgo(at.signed), () => sendHolderDocument(actors.broker, holder, 'CCG assinado'));
  if (at.analysed !== undefined && prepared.Ccg)
    await takeAt(
      actors,
      at.analysed,
      {
        cardType: at.manual ? CardType.ANALISE_CCG_MANUAL : CardType.ANALISE_CCG,
        cardRef: prepared.Ccg.UniqueId,
      },
      'Em análise',
    );
};

/**
 * Cards whose owners open them from a proposal's validations (a QSA partner listed as PEP, a
 * group's limit) or a brokerage's registration (a PEP partner), put on the board for the demo's
 * holders and brokerage without a proposal: opened in the pipe's first step as the kanban service
 * applies the API's card commands, then taken on by the analyst. A pending branch activity analysis
 * is asked as the registration validation asks it.
 */
const seedRegistryCards = async (
  db: Db,
  company: (typeof demoCompanies)[number],
  actors: Actors,
  holders: Holder[],
) => {
  const companyId = company.id;
  const existing = new Set(
    (
      await db
        .select({ cardType: cards.cardType, cardRef: cards.cardRef })
        .from(cards)
        .where(eq(cards.companyId, companyId))
    ).map((c) => `${c.cardType}:${c.cardRef}`),
  );
  const open = async (
    card: Omit<KanbanCardCommand, 'companyId' | 'action' | 'stepName' | 'enteredStepAt'>,
    hours: number,
    taken?: { stepName: string; hours: number },
  ) => {
    if (existing.has(`${card.cardType}:${card.cardRef}`)) return;
    await applyCardCommandIn(db, {
      ...card,
      companyId,
      action: 'open',
      enteredStepAt: hoursAgo(hours).toISOString(),
    });
    if (taken) await takeAt(actors, taken.hours, card, taken.stepName);
  };
  const [active] = await db
    .select({ broker: brokers, name: persons.name })
    .from(brokers)
    .innerJoin(persons, eq(persons.id, brokers.personId))
    .where(
      and(eq(brokers.companyId, companyId), eq(brokers.waitingValidation, false), eq(brokers.isActive, true)),
    )
    .orderBy(asc(brokers.id))
    .limit(1);
  if (active)
    await open(
      {
        cardType: CardType.CORRETORA_PEP,
        cardRef: active.broker.uniqueId,
        cpfCnpj: active.broker.cnpj,
        cardData: {
          header: active.name,
          body: 'Sócio administrador listado como pessoa exposta politicamente.',
          footer: null,
        },
      },
      3,
    );
  const onHolder = (
    cardType: KanbanCardCommand['cardType'],
    holder: Holder,
    body: string,
    hours: number,
    taken: { stepName: string; hours: number },
  ) =>
    open(
      {
        cardType,
        cardRef: holder.uniqueId,
        cpfCnpj: holder.document,
        cardData: {
          header: holder.name,
          body: `${body} CNPJ ${maskCpfCnpj(holder.document)}.`,
          footer: null,
        },
      },
      hours,
      taken,
    );
  await onHolder(
    CardType.GRUPO_ECONOMICO,
    holders[1]!,
    'Sócios em comum com outro tomador: confirmar o grupo econômico.',
    31,
    { stepName: 'Aguardando corretor', hours: 20 },
  );
  await onHolder(
    CardType.TOMADOR_QSA_PEP,
    holders[2]!,
    'Sócio do QSA consta na lista de pessoas expostas politicamente.',
    59,
    { stepName: 'Em análise', hours: 50 },
  );
  // A real pending analysis of the holder's CNAE, asked as the registration validation asks it.
  if (!existing.has(`${CardType.RAMO_ATIVIDADE}:${holders[0]!.uniqueId}`))
    await atInstant(hoursAgo(30), () =>
      holdersService.requestBranchActivityAnalysis(actors.analyst, holders[0]!.id),
    );
};
