import type { KanbanCardCommand } from '@aval/contracts';
import { maskCnpj, maskCpfCnpj } from '@aval/domain';
import { applyCardCommandIn, cardMoves, cards, steps } from '@aval/kanban';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { atInstant } from '../lib/clock.js';
import { brokers } from '../modules/brokers/brokers.table.js';
import * as holdersService from '../modules/policy-holders/index.js';
import {
  policyHolderCcgSignatories,
  policyHolderCcgs,
  policyHolderLimitRequests,
  policyHolders,
} from '../modules/policy-holders/policy-holders.table.js';
import { persons } from '../modules/users/users.table.js';
import { demoCompanies } from './companies.js';
import { demoActors } from './context.js';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

/**
 * Cards in the registry pipes of every demo company (cadastro, crédito, nomeação, PEP), over
 * several steps, some past their step's SLA: the pending brokerages' registration cards (approving
 * one on the board activates it), the demo brokers' pending nominations, pending limit reviews of
 * two demo policy holders, two signed CCGs waiting for the insurer (ANALISE_CCG, ANALISE_CCG_MANUAL),
 * a pending branch activity analysis and other cards of the demo policy holders and brokers. Applied as the
 * kanban service applies the API's card commands; idempotent (a card that exists is left as it is).
 */
export const seedKanban = async (db: Db) => {
  for (const company of demoCompanies) {
    const companyId = company.id;
    const actors = await demoActors(db, company);
    const existing = new Set(
      (
        await db
          .select({ cardType: cards.cardType, cardRef: cards.cardRef })
          .from(cards)
          .where(eq(cards.companyId, companyId))
      ).map((c) => `${c.cardType}:${c.cardRef}`),
    );
    const open = async (card: Omit<KanbanCardCommand, 'companyId' | 'action'>) => {
      if (existing.has(`${card.cardType}:${card.cardRef}`)) return;
      await applyCardCommandIn(db, { ...card, companyId, action: 'open' });
    };
    const brokerRows = await db
      .select({ broker: brokers, name: persons.name })
      .from(brokers)
      .innerJoin(persons, eq(persons.id, brokers.personId))
      .where(eq(brokers.companyId, companyId))
      .orderBy(asc(brokers.id));
    const pending = brokerRows.filter((b) => b.broker.waitingValidation && b.broker.isActive);
    for (const [i, { broker, name }] of pending.entries()) {
      await open({
        cardType: 'ANALISE_DOCUMENTACAO_CORRETORA',
        cardRef: broker.uniqueId,
        cpfCnpj: broker.cnpj,
        cardData: {
          header: name,
          body: `CNPJ ${maskCnpj(broker.cnpj)} · SUSEP ${broker.susepProtocol}`,
          footer: 'Cadastro enviado pelo portal; documentos aguardando análise.',
        },
        stepName: i === 0 ? 'Em análise' : 'Novos',
        enteredStepAt: hoursAgo(i === 0 ? 72 : 2),
      });
      // Activation needs the compliance card approved too (one demo brokerage has it approved).
      if (broker.hasPendingComplianceValidation)
        await open({
          cardType: 'ANALISE_CONFORMIDADE_CORRETORA',
          cardRef: broker.uniqueId,
          cpfCnpj: broker.cnpj,
          cardData: {
            header: name,
            body: `CNPJ ${maskCnpj(broker.cnpj)} · SUSEP ${broker.susepProtocol}`,
            footer: 'Conformidade (PLD/FT e PEP) dos responsáveis aguardando análise.',
          },
          enteredStepAt: hoursAgo(2),
        });
    }
    const active = brokerRows.find((b) => !b.broker.waitingValidation && b.broker.isActive);
    if (active) {
      await open({
        cardType: 'CORRETORA_PEP',
        cardRef: active.broker.uniqueId,
        cpfCnpj: active.broker.cnpj,
        cardData: {
          header: active.name,
          body: 'Sócio administrador listado como pessoa exposta politicamente.',
          footer: null,
        },
        enteredStepAt: hoursAgo(3),
      });
    }
    const holders = await db
      .select()
      .from(policyHolders)
      .where(and(eq(policyHolders.companyId, companyId)))
      .orderBy(asc(policyHolders.id))
      .limit(6);
    const plan: [KanbanCardCommand['cardType'], string | undefined, number, string][] = [
      ['RAMO_ATIVIDADE', 'Novos', 30, 'Ramo de atividade (CNAE) a confirmar para a nova filial.'],
      [
        'GRUPO_ECONOMICO',
        'Aguardando corretor',
        20,
        'Sócios em comum com outro tomador: confirmar o grupo econômico.',
      ],
      [
        'TOMADOR_QSA_PEP',
        'Em análise',
        50,
        'Sócio do QSA consta na lista de pessoas expostas politicamente.',
      ],
    ];
    // The demo brokers' pending nomination requests were put on the board by their requests
    // (policy-holders seed).
    // Limit reviews: real pending requests of two demo policy holders (approving one on the board
    // applies the limit calculated from the holder's statements).
    for (const [i, holder] of holders.slice(1, 3).entries()) {
      const [pendingRequest] = await db
        .select()
        .from(policyHolderLimitRequests)
        .where(
          and(
            eq(policyHolderLimitRequests.companyId, companyId),
            eq(policyHolderLimitRequests.policyHolderId, holder.id),
            eq(policyHolderLimitRequests.statusId, 1),
          ),
        );
      const [request = pendingRequest] = pendingRequest
        ? []
        : await db
            .insert(policyHolderLimitRequests)
            .values({ companyId, policyHolderId: holder.id, createdAt: new Date(hoursAgo(i === 0 ? 80 : 1)) })
            .returning();
      if (!request) continue;
      await open({
        cardType: 'REQUEST_LIMIT',
        cardRef: request.uniqueId,
        cpfCnpj: holder.document,
        cardData: {
          header: holder.name,
          body: `Revisão de limite solicitada · CNPJ do tomador ${maskCpfCnpj(holder.document)}`,
          footer: i === 0 ? 'Documentos enviados: Balanço patrimonial' : null,
        },
        stepName: i === 0 ? 'Em análise' : 'Novos',
        enteredStepAt: hoursAgo(i === 0 ? 80 : 1),
      });
    }
    // CCGs sent signed by the demo broker and waiting for the insurer (one signed on paper, one late).
    for (const [i, holder] of holders.slice(3, 5).entries()) {
      const manual = i === 1;
      const [existingCcg] = await db
        .select()
        .from(policyHolderCcgs)
        .where(
          and(eq(policyHolderCcgs.companyId, companyId), eq(policyHolderCcgs.policyHolderId, holder.id)),
        );
      let ccg = existingCcg;
      if (!ccg) {
        const signedAt = new Date(hoursAgo(i === 0 ? 60 : 6));
        [ccg] = await db
          .insert(policyHolderCcgs)
          .values({
            companyId,
            policyHolderId: holder.id,
            statusId: 3,
            manual,
            brokerId: active?.broker.id ?? null,
            signedAt,
            createdAt: signedAt,
          })
          .returning();
        await db.insert(policyHolderCcgSignatories).values([
          {
            companyId,
            ccgId: ccg!.id,
            name: 'Marcos Almeida Prado',
            cpf: '52998224725',
            roleId: 1,
            signedAt,
          },
          {
            companyId,
            ccgId: ccg!.id,
            name: 'Helena Souza Prado',
            cpf: '11144477735',
            roleId: 2,
            married: true,
            signedAt,
          },
          {
            companyId,
            ccgId: ccg!.id,
            name: 'Paulo Souza Prado',
            cpf: '39053344705',
            roleId: 3,
            spouseOfCpf: '11144477735',
            signedAt,
          },
        ]);
      }
      if (ccg?.statusId !== 3) continue;
      await open({
        cardType: manual ? 'ANALISE_CCG_MANUAL' : 'ANALISE_CCG',
        cardRef: ccg.uniqueId,
        cpfCnpj: holder.document,
        cardData: {
          header: holder.name,
          body: `CCG ${manual ? 'assinado em papel' : 'assinado'} enviado para análise · CNPJ ${maskCpfCnpj(holder.document)}`,
          footer: active ? `Corretora: ${active.name}` : null,
        },
        stepName: i === 0 ? 'Novos' : 'Em análise',
        enteredStepAt: hoursAgo(i === 0 ? 60 : 6),
      });
    }
    for (const [i, [cardType, stepName, hours, body]] of plan.entries()) {
      const holder = holders[i % Math.max(1, holders.length)];
      if (!holder) break;
      if (cardType === 'RAMO_ATIVIDADE') {
        // A real pending analysis of the holder's CNAE, asked as the registration validation asks it.
        if (actors && !existing.has(`${cardType}:${holder.uniqueId}`))
          await atInstant(new Date(hoursAgo(hours)), () =>
            holdersService.requestBranchActivityAnalysis(actors.analyst, holder.id),
          );
        continue;
      }
      await open({
        cardType,
        cardRef: holder.uniqueId,
        cpfCnpj: holder.document,
        cardData: {
          header: holder.name,
          body: `${body} CNPJ ${maskCpfCnpj(holder.document)}.`,
          footer: null,
        },
        stepName,
        enteredStepAt: hoursAgo(hours),
      });
    }
    await seedTimeInNovos(db, companyId);
  }
};

/**
 * A seeded card opened straight into a later step also gets its past in the pipe's first step: it
 * came from 'Novos' after some hours (the BI's time in step reads these moves). Only cards whose one
 * move is still their opening get it, so a restart or a card people moved since is left as it is.
 */
const seedTimeInNovos = async (db: Db, companyId: number) => {
  const firstSteps = await db
    .select({ pipeId: steps.pipeId, id: sql<number>`min(${steps.id})` })
    .from(steps)
    .where(and(eq(steps.companyId, companyId), eq(steps.position, 1)))
    .groupBy(steps.pipeId);
  const firstOf = new Map(firstSteps.map((s) => [s.pipeId, Number(s.id)]));
  const candidates = await db
    .select({ card: cards, moves: sql<number>`count(${cardMoves.id})::int` })
    .from(cards)
    .innerJoin(cardMoves, eq(cardMoves.cardId, cards.id))
    .where(eq(cards.companyId, companyId))
    .groupBy(cards.id);
  for (const [i, { card, moves }] of candidates.entries()) {
    const first = firstOf.get(card.pipeId);
    if (moves !== 1 || !first || card.stepId === first || card.closedAt) continue;
    const hoursInNovos = 2 + ((i * 7) % 23);
    const arrived = new Date(card.enteredStepAt.getTime() - hoursInNovos * 3_600_000);
    await db
      .update(cardMoves)
      .set({ fromStepId: first, secondsInStep: hoursInNovos * 3600 })
      .where(eq(cardMoves.cardId, card.id));
    await db.insert(cardMoves).values({
      companyId,
      cardId: card.id,
      fromStepId: null,
      toStepId: first,
      userId: null,
      movedAt: arrived,
    });
  }
};
