import {
  filterKanbanPipeSteps,
  getHomeSummary,
  getProposals,
  listKanbanPipes,
  SRO_LATE_FILTER,
  searchLateSroRegistrations,
  searchPoliciesRelatedToLoggedUser,
  searchSroRegistrations,
} from '@aval/contracts';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import { queryClient } from '../../../app/query-client.js';
import { type InboxCard, inboxCards, workedPipes } from '../home-logic.js';

/** Query keys of the home; each part reloads on its own (a minute old at most on return). */
export const homeKeys = {
  all: ['home'] as const,
  summary: () => [...homeKeys.all, 'summary'] as const,
  pipes: () => [...homeKeys.all, 'pipes'] as const,
  board: (pipeId: number) => [...homeKeys.all, 'board', pipeId] as const,
  lateSro: () => [...homeKeys.all, 'late-sro'] as const,
  lateSroOperations: () => [...homeKeys.all, 'late-sro-operations'] as const,
  expiring: (days: number) => [...homeKeys.all, 'expiring', days] as const,
  quotes: () => [...homeKeys.all, 'quotes'] as const,
  proposals: () => [...homeKeys.all, 'proposals'] as const,
  policies: () => [...homeKeys.all, 'policies'] as const,
};

const fresh = { staleTime: 60_000, retry: false } as const;

const homeSummaryQuery = () =>
  queryOptions({ queryKey: homeKeys.summary(), queryFn: () => api.call(getHomeSummary), ...fresh });

/** GetHomeSummary: proposals per status, acceptance clocks, limits, pending documents. */
export const useHomeSummary = () => useQuery(homeSummaryQuery());

/** The home's first read (every user type's figures), asked while the home's code downloads. */
export const prefetchHome = () => queryClient.prefetchQuery(homeSummaryQuery());

/** The pipes with their counts, and the boards of those the user works (their cards, first page per step). */
export const useInbox = (enabled: boolean, held: Set<number>, userId: number) => {
  const pipes = useQuery({
    queryKey: homeKeys.pipes(),
    queryFn: () => api.call(listKanbanPipes),
    enabled,
    ...fresh,
  });
  const ids = pipes.data ? workedPipes(pipes.data, held).map((p) => p.id) : [];
  const boards = useQueries({
    queries: ids.map((id) => ({
      queryKey: homeKeys.board(id),
      queryFn: () => api.call(filterKanbanPipeSteps, { params: { id }, query: {} }),
      ...fresh,
    })),
  });
  const loaded = boards.every((b) => b.data);
  const cards: InboxCard[] = loaded
    ? inboxCards(
        ids.map((id, i) => ({ pipe: pipes.data!.find((p) => p.id === id)!, steps: boards[i]!.data! })),
        userId,
      )
    : [];
  return {
    pipes,
    cards,
    isPending: pipes.isPending || (pipes.isSuccess && !loaded && !boards.some((b) => b.error)),
    error: pipes.error ?? boards.find((b) => b.error)?.error ?? null,
  };
};

/** Late SRO registrations (insurer staff): the first five and the total. */
export const useLateSro = (enabled: boolean) =>
  useQuery({
    queryKey: homeKeys.lateSro(),
    queryFn: () => api.call(searchLateSroRegistrations, { query: { currentPage: 1, rowsPerPage: 5 } }),
    enabled,
    ...fresh,
  });

/** Every SRO operation (issuance, endorsements, settlements…) not registered past its deadline: how many. */
export const useLateSroOperations = (enabled: boolean) =>
  useQuery({
    queryKey: homeKeys.lateSroOperations(),
    queryFn: () =>
      api.call(searchSroRegistrations, {
        query: { StatusId: SRO_LATE_FILTER, currentPage: 1, rowsPerPage: 1 },
      }),
    enabled,
    ...fresh,
  });

/** Policies in force ending within 30, 60 and 90 days: totals, and the nearest ones of the 90. */
export const useExpiringPolicies = (enabled: boolean) => {
  const windows = [30, 60, 90] as const;
  const results = useQueries({
    queries: windows.map((days) => ({
      queryKey: homeKeys.expiring(days),
      queryFn: () =>
        api.call(searchPoliciesRelatedToLoggedUser, {
          query: {
            expiringInDays: days,
            orderBy: 'EndDate',
            orderDirection: 'asc',
            currentPage: 1,
            rowsPerPage: days === 90 ? 5 : 1,
          },
        }),
      enabled,
      ...fresh,
    })),
  });
  return {
    isPending: results.some((r) => r.isPending),
    error: results.find((r) => r.error)?.error ?? null,
    totals: windows.map((days, i) => ({ days, total: results[i]?.data?.Total ?? 0 })),
    nearest: results[2]?.data?.Data ?? [],
  };
};

/** Quotes to finish (8 Em Cotação, 1 Cotação), last changed first. */
export const useQuotesToFinish = (enabled: boolean) =>
  useQuery({
    queryKey: homeKeys.quotes(),
    queryFn: () =>
      api.call(getProposals, {
        query: {
          Status: '8,1',
          OrderBy: 'UpdatedAt',
          OrderDirection: 'desc',
          currentPage: 1,
          rowsPerPage: 5,
        },
      }),
    enabled,
    ...fresh,
  });

/** The caller's latest proposals (policy holder's home). */
export const useLatestProposals = (enabled: boolean) =>
  useQuery({
    queryKey: homeKeys.proposals(),
    queryFn: () =>
      api.call(getProposals, {
        query: { OrderBy: 'UpdatedAt', OrderDirection: 'desc', currentPage: 1, rowsPerPage: 5 },
      }),
    enabled,
    ...fresh,
  });

/** The caller's policies, ending soonest first (policy holder's home). */
export const useLatestPolicies = (enabled: boolean) =>
  useQuery({
    queryKey: homeKeys.policies(),
    queryFn: () =>
      api.call(searchPoliciesRelatedToLoggedUser, {
        query: { orderBy: 'EndDate', orderDirection: 'asc', statusId: 2, currentPage: 1, rowsPerPage: 5 },
      }),
    enabled,
    ...fresh,
  });
