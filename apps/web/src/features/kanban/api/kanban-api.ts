import {
  type EndpointDef,
  filterKanbanPipeSteps,
  filterKanbanPipeStepsByDocument,
  getCardBranchActivityInfo,
  getCardBrokerInfo,
  getCardEndorsementInfo,
  getCardObservations,
  getCardPolicyHolderCCGInfo,
  getCardPolicyHolderNomeationRequestInfo,
  getCardProposalInfo,
  getCardRequestLimitInfo,
  getCardUserNames,
  getKanbanCardHistory,
  KANBAN_PAGE_SIZE,
  type KanbanBoardEvent,
  kanbanPipeEvents,
  listKanbanPipes,
  skipKanbanStepCards,
} from '@aval/contracts';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../app/api.js';
import { getApplicationConfig } from '../../../app/config/portal-config.js';
import { handleUnauthorized } from '../../../app/session/refresh-flow.js';
import { freshAccessToken, refreshTokens } from '../../../app/session/session.js';
import { getRefreshToken } from '../../../app/session/session-storage.js';
import { ApiError } from '../../../shared/api/client.js';
import type { ContractMutationOptions } from '../../../shared/api/use-contract-mutation.js';

/** Board filters: free text, a CPF/CNPJ (mask stripped) and a card type. */
/** What the board filters by; `assigneeUserId` is the signed-in user ('Atribuídos a mim') or null. */
export type BoardFilter = {
  text: string;
  document: string;
  cardType: string | null;
  assigneeUserId: number | null;
};
export const emptyFilter: BoardFilter = { text: '', document: '', cardType: null, assigneeUserId: null };

/** Query keys of the kanban feature; a move or a live event refreshes `pipe(id)`. */
export const kanbanKeys = {
  all: ['kanban'] as const,
  pipes: () => [...kanbanKeys.all, 'pipes'] as const,
  pipe: (pipeId: number) => [...kanbanKeys.all, 'pipe', pipeId] as const,
  steps: (pipeId: number, filter: BoardFilter) => [...kanbanKeys.pipe(pipeId), 'steps', filter] as const,
  stepPage: (pipeId: number, filter: BoardFilter, stepId: number, skip: number) =>
    [...kanbanKeys.pipe(pipeId), 'page', filter, stepId, skip] as const,
  brokerCard: (uniqueId: string) => [...kanbanKeys.all, 'card', 'broker', uniqueId] as const,
  nominationCard: (ref: string) => [...kanbanKeys.all, 'card', 'nomination', ref] as const,
  requestLimitCard: (ref: string) => [...kanbanKeys.all, 'card', 'request-limit', ref] as const,
  ccgCard: (ref: string) => [...kanbanKeys.all, 'card', 'ccg', ref] as const,
  branchActivityCard: (ref: string) => [...kanbanKeys.all, 'card', 'branch-activity', ref] as const,
  proposalCard: (ref: string) => [...kanbanKeys.all, 'card', 'proposal', ref] as const,
  endorsementCard: (ref: string) => [...kanbanKeys.all, 'card', 'endorsement', ref] as const,
  economicGroup: (ref: string) => [...kanbanKeys.all, 'card', 'economic-group', ref] as const,
  userNames: (ids: readonly number[]) => [...kanbanKeys.all, 'user-names', ids] as const,
  brokerDocuments: (brokerId: number) => [...kanbanKeys.all, 'card', 'broker-documents', brokerId] as const,
  observations: (cardType: string, ref: string) =>
    [...kanbanKeys.all, 'card', 'observations', cardType, ref] as const,
  history: (cardId: number) => [...kanbanKeys.all, 'card', 'history', cardId] as const,
};

/**
 * Options of a card command that may move, reopen or close its card (`useContractMutation(def, {
 * ...kanbanWrites, success })`): refreshes every kanban query; a refusal opens the error dialog.
 */
export const kanbanWrites = {
  invalidate: [kanbanKeys.all],
  error: 'dialog',
} satisfies ContractMutationOptions<EndpointDef>;

export const usePipes = () =>
  useQuery({ queryKey: kanbanKeys.pipes(), queryFn: () => api.call(listKanbanPipes), retry: false });

const documentOf = (filter: BoardFilter) => filter.document.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

const filterQuery = (filter: BoardFilter) => ({
  filterCardsValues: filter.text.trim() || undefined,
  cardType: (filter.cardType ?? undefined) as never,
  assigneeUserId: filter.assigneeUserId ?? undefined,
});

/** The board: every step with its counts and first page; a CPF/CNPJ uses the document call. */
export const useBoard = (pipeId: number | undefined, filter: BoardFilter) =>
  useQuery({
    queryKey: kanbanKeys.steps(pipeId ?? 0, filter),
    enabled: pipeId !== undefined,
    retry: false,
    placeholderData: (previous) => previous,
    queryFn: () => {
      const document = documentOf(filter);
      if (document.length === 11 || document.length === 14) {
        return api.call(filterKanbanPipeStepsByDocument, { params: { id: pipeId!, cpfCnpj: document } });
      }
      return api.call(filterKanbanPipeSteps, { params: { id: pipeId! }, query: filterQuery(filter) });
    },
  });

/** The pages after the first of one step (`pages` more pages, paged by skip as the spec says). */
export const useMoreCards = (pipeId: number, stepId: number, filter: BoardFilter, pages: number) =>
  useQueries({
    queries: Array.from({ length: pages }, (_, i) => {
      const skip = (i + 1) * KANBAN_PAGE_SIZE;
      return {
        queryKey: kanbanKeys.stepPage(pipeId, filter, stepId, skip),
        queryFn: () =>
          api.call(skipKanbanStepCards, {
            params: { id: pipeId, stepId, n: skip },
            query: filterQuery(filter),
          }),
      };
    }),
  });

export const useBrokerCard = (uniqueId: string | undefined) =>
  useQuery({
    queryKey: kanbanKeys.brokerCard(uniqueId ?? ''),
    enabled: uniqueId !== undefined,
    retry: false,
    queryFn: () => api.call(getCardBrokerInfo, { query: { BrokerUniqueId: uniqueId! } }),
  });

export const useNominationCard = (ref: string | undefined) =>
  useQuery({
    queryKey: kanbanKeys.nominationCard(ref ?? ''),
    enabled: ref !== undefined,
    retry: false,
    queryFn: () =>
      api.call(getCardPolicyHolderNomeationRequestInfo, { query: { PolicyHolderNomeationRequestId: ref! } }),
  });

/** GetCardRequestLimitInfo of a REQUEST_LIMIT card (its ref is the limit review request). */
export const useRequestLimitCard = (ref: string | undefined) =>
  useQuery({
    queryKey: kanbanKeys.requestLimitCard(ref ?? ''),
    enabled: ref !== undefined,
    retry: false,
    queryFn: () => api.call(getCardRequestLimitInfo, { query: { PolicyHolderUniqueId: ref! } }),
  });

/** Parses server-sent event blocks out of a text buffer; returns the events and the rest. */
export const parseEventBlocks = (buffer: string): { events: KanbanBoardEvent[]; rest: string } => {
  const events: KanbanBoardEvent[] = [];
  let rest = buffer;
  let cut = rest.indexOf('\n\n');
  while (cut >= 0) {
    const data = rest
      .slice(0, cut)
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => l.slice(6))
      .join('\n');
    if (data) events.push(JSON.parse(data) as KanbanBoardEvent);
    rest = rest.slice(cut + 2);
    cut = rest.indexOf('\n\n');
  }
  return { events, rest };
};

/** Wait before reconnecting after the server ended the stream, and after a failure. */
const RECONNECT_AFTER_END_MS = 500;
const RECONNECT_AFTER_ERROR_MS = 3000;

/**
 * Whether a failure of the board's stream means the session's authentication was rejected: a 400
 * or 401 answer (the token endpoint refusing the refresh, the stream refusing a fresh token), or a
 * 401 of the stream that no refresh token can renew. A network error (status 0, a failed fetch, a
 * dropped stream) is not: the stream retries and the user stays signed in.
 */
const authenticationRejected = (error: unknown, answered401: boolean) =>
  error instanceof ApiError
    ? error.status === 400 || error.status === 401
    : answered401 && !getRefreshToken();

/**
 * The pipe's live stream (fetch with CompanyKey and bearer, as every call): each event refreshes
 * the board; after a drop it reconnects with the last event id, so nothing is missed. The server
 * ends the stream at its token's expiry and when the user's access changes: the client reconnects
 * with a fresh token (refreshed before it expires, or once after a 401); a refused refresh hands
 * over to the session's 401 flow, and a 403 (the boards no longer allowed) stops reconnecting.
 */
export const useBoardStream = (pipeId: number | undefined) => {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (pipeId === undefined || typeof fetch === 'undefined' || typeof ReadableStream === 'undefined') return;
    const controller = new AbortController();
    let lastId: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        void client.invalidateQueries({ queryKey: kanbanKeys.pipe(pipeId) });
        void client.invalidateQueries({ queryKey: kanbanKeys.pipes() });
        // An open card's history shows the move too (decisions move cards after the call returned).
        void client.invalidateQueries({ queryKey: [...kanbanKeys.all, 'card', 'history'] });
      }, 150);
    };
    const open = async (token: string | undefined) => {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      const companyKey = getApplicationConfig()?.companyKey;
      if (companyKey) headers.CompanyKey = companyKey;
      if (token) headers.Authorization = `Bearer ${token}`;
      if (lastId !== undefined) headers['Last-Event-ID'] = String(lastId);
      return fetch(kanbanPipeEvents.path.replace('{id}', String(pipeId)), {
        headers,
        signal: controller.signal,
      });
    };
    const connect = async () => {
      let wait: number | undefined = RECONNECT_AFTER_ERROR_MS;
      // The server said 401: only then may a refresh that cannot happen end the session.
      let rejected = false;
      try {
        let res = await open(await freshAccessToken());
        // The token ended before its time (a session change): once more with a new one.
        if (res.status === 401) {
          rejected = true;
          res = await open((await refreshTokens()).access_token);
        }
        if (res.status === 401) throw new ApiError(401, []);
        if (res.status === 403) wait = undefined;
        if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
        setLive(true);
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseEventBlocks(buffer + decoder.decode(value, { stream: true }));
          buffer = parsed.rest;
          for (const event of parsed.events) lastId = event.id;
          if (parsed.events.length) refresh();
        }
        // Ended by the server (its token's expiry, an access change): back soon, with a fresh token.
        wait = RECONNECT_AFTER_END_MS;
      } catch (error) {
        // Authentication rejected (the token endpoint refused the refresh, the stream refused the
        // fresh token, or a 401 with no refresh token to renew it): the session's 401 flow takes
        // over. Anything else (network down, dropped, aborted) is retried unless the board closed:
        // a network error never logs the user out.
        if (authenticationRejected(error, rejected)) {
          wait = undefined;
          handleUnauthorized(error);
        }
      } finally {
        setLive(false);
        if (wait !== undefined && !controller.signal.aborted) timer = setTimeout(() => void connect(), wait);
      }
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
      clearTimeout(pending);
    };
  }, [pipeId, client]);
  return live;
};

/** GetCardPolicyHolderCCGInfo of an ANALISE_CCG / ANALISE_CCG_MANUAL card (its ref is the CCG). */
export const useCcgCard = (ref: string) =>
  useQuery({
    queryKey: kanbanKeys.ccgCard(ref),
    retry: false,
    queryFn: () => api.call(getCardPolicyHolderCCGInfo, { query: { PolicyHolderCCGUniqueId: ref } }),
  });

/** GetCardBranchActivityInfo of a RAMO_ATIVIDADE card (its ref is the policy holder). */
export const useBranchActivityCard = (ref: string) =>
  useQuery({
    queryKey: kanbanKeys.branchActivityCard(ref),
    retry: false,
    queryFn: () => api.call(getCardBranchActivityInfo, { query: { PolicyHolderUniqueId: ref } }),
  });

/** GetCardProposalInfo of a proposal card (its ref is the proposal). */
export const useProposalCard = (ref: string) =>
  useQuery({
    queryKey: kanbanKeys.proposalCard(ref),
    retry: false,
    queryFn: () => api.call(getCardProposalInfo, { query: { ProposalUniqueId: ref } }),
  });

/** The observations written on a card (FollowUpSendObservation). */
export const useCardObservations = (cardType: string, ref: string) =>
  useQuery({
    queryKey: kanbanKeys.observations(cardType, ref),
    retry: false,
    queryFn: () => api.call(getCardObservations, { query: { CardType: cardType as never, CardRef: ref } }),
  });

/** The card as the service has it now and its moves. */
export const useCardHistory = (cardId: number) =>
  useQuery({
    queryKey: kanbanKeys.history(cardId),
    retry: false,
    queryFn: () => api.call(getKanbanCardHistory, { params: { id: cardId } }),
  });

/**
 * The names of the users a card shows (the kanban service keeps ids only): `name(id)` gives the
 * person's name, 'Usuário {id}' until it is known (or when the user is of no concern here).
 */
export const useUserNames = (ids: readonly (number | null | undefined)[]) => {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number' && id > 0))].sort(
    (a, b) => a - b,
  );
  const names = useQuery({
    queryKey: kanbanKeys.userNames(wanted),
    enabled: wanted.length > 0,
    retry: false,
    staleTime: 5 * 60_000,
    queryFn: () => api.call(getCardUserNames, { query: { UserIds: wanted.join(',') } }),
  });
  const byId = new Map((names.data ?? []).map((u) => [u.Id, u.Name]));
  return (id: number) => byId.get(id) ?? `Usuário ${id}`;
};

/** An endorsement's card (GetCardEndorsementInfo): the request, its steps, the comparison and documents. */
export const useEndorsementCard = (ref: string) =>
  useQuery({
    queryKey: kanbanKeys.endorsementCard(ref),
    retry: false,
    queryFn: () => api.call(getCardEndorsementInfo, { query: { ProposalUniqueId: ref } }),
  });
