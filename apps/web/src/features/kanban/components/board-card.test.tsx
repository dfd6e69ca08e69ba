import type { BrokerView, KanbanCard, KanbanStep } from '@aval/contracts';
import { DndContext } from '@dnd-kit/core';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { kanbanKeys, parseEventBlocks } from '../api/kanban-api.js';
import { BoardCard, timeInStep } from './board-card.js';
import { CardDetail } from './card-detail.js';

const card: KanbanCard = {
  id: 7,
  pipeId: 1,
  stepId: 10,
  cardType: 'ANALISE_DOCUMENTACAO_CORRETORA',
  cardRef: '6f0c1a52-0d1e-4c39-9a61-1c1f6b2a3401',
  cardData: {
    header: 'Nova Garantia Corretora',
    body: 'CNPJ 11.222.333/0001-81',
    footer: 'Enviado em 24/11/2026',
  },
  cpfCnpj: '11222333000181',
  enteredStepAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  dueAt: null,
  sla: 'late',
  assigneeUserId: null,
  approvalBlockers: [],
  version: 3,
  closed: false,
  createdAt: new Date().toISOString(),
};
const steps: KanbanStep[] = [
  {
    id: 10,
    name: 'Novos',
    position: 1,
    kind: 'work',
    slaHours: 16,
    wipLimit: null,
    cardCount: 1,
    lateCount: 1,
  },
  {
    id: 11,
    name: 'Aprovado',
    position: 2,
    kind: 'approve',
    slaHours: null,
    wipLimit: null,
    cardCount: 0,
    lateCount: 0,
  },
];

const wrap = (
  children: ReactNode,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) =>
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <DndContext>{children}</DndContext>
      </QueryClientProvider>
    </MantineProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BoardCard', () => {
  it('should show the header, body, SLA badge, time in step and the detailed footer on demand', () => {
    wrap(<BoardCard card={card} steps={steps} canMove onMove={vi.fn()} onOpen={vi.fn()} />);
    expect(screen.getByText('Nova Garantia Corretora')).toBeTruthy();
    expect(screen.getByText('Atrasado')).toBeTruthy();
    expect(screen.getByText(/Na etapa há 3 d/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mais detalhes' }));
    expect(screen.getByRole('button', { name: 'Menos detalhes' })).toBeTruthy();
  });

  it("should show 'Não Informado' and no detailed-footer button when the card has no cardData", () => {
    wrap(
      <BoardCard
        card={{ ...card, cardData: null }}
        steps={steps}
        canMove
        onMove={vi.fn()}
        onOpen={vi.fn()}
      />,
    );
    expect(screen.getByText('Não Informado')).toBeTruthy();
    expect(screen.getByText('Informações do card não informadas.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mais detalhes' })).toBeNull();
  });

  it("should move through 'Mover para…' to another step, and offer no move without permission", async () => {
    const onMove = vi.fn();
    wrap(<BoardCard card={card} steps={steps} canMove onMove={onMove} onOpen={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Arrastar o card Nova Garantia Corretora' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ações do card Nova Garantia Corretora' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Aprovado' }));
    expect(onMove).toHaveBeenCalledWith(card, steps[1]);
    cleanup();
    wrap(<BoardCard card={card} steps={steps} canMove={false} onMove={onMove} onOpen={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /Arrastar/ })).toBeNull();
  });

  it('should write the time in step in days, hours or minutes', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(timeInStep('2026-11-22T09:00:00Z', now)).toBe('2 d 3 h');
    expect(timeInStep('2026-11-24T06:50:00Z', now)).toBe('5 h 10 min');
    expect(timeInStep('2026-11-24T11:48:00Z', now)).toBe('12 min');
  });
});

describe('CardDetail', () => {
  it('should title the view by card type and show the brokerage of a registration card', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    client.setQueryData(kanbanKeys.brokerCard(card.cardRef), {
      Name: 'Nova Garantia Corretora de Seguros Ltda.',
      StatusKey: 'pending',
      StatusName: 'Cadastro pendente',
      CpfCnpj: '11.222.333/0001-81',
      ComissionPercentage: '20.00',
      ResponsiblePersons: [],
    } as unknown as BrokerView);
    wrap(<CardDetail card={card} onClose={vi.fn()} />, client);
    expect(screen.getByText('Dados da Corretora')).toBeTruthy();
    expect(screen.getByText('Nova Garantia Corretora de Seguros Ltda.')).toBeTruthy();
    expect(screen.getByText('Cadastro pendente')).toBeTruthy();
  });

  it('should show the nomination request of a NOMEACAO_TOMADOR card', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    client.setQueryData(kanbanKeys.nominationCard(card.cardRef), {
      StatusId: 1,
      StatusName: 'Pendente',
      PolicyHolderName: 'Construtora Horizonte Azul Ltda.',
      PolicyHolderDocument: '01366750000144',
      BrokerName: 'Corretora Exemplo Ltda.',
      BrokerCpfCnpj: '11.222.333/0001-81',
      RequestedByName: 'Marina Lopes',
      CreatedAt: '2026-11-24T12:00:00Z',
      Justification: null,
    } as never);
    wrap(<CardDetail card={{ ...card, cardType: 'NOMEACAO_TOMADOR' }} onClose={vi.fn()} />, client);
    expect(screen.getByText('Dados da Solicitação de Nomeação')).toBeTruthy();
    expect(screen.getByText('Construtora Horizonte Azul Ltda.')).toBeTruthy();
    expect(screen.getByText('01.366.750/0001-44')).toBeTruthy();
    expect(screen.getByText('Corretora Exemplo Ltda.')).toBeTruthy();
  });

  it('should show the limit review of a REQUEST_LIMIT card (holder, current and calculated limit, documents, observations)', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const doc = {
      Id: 1,
      UniqueId: '7b1d0f40-3c1e-4a55-8f0e-2b7f4f1f0a01',
      Name: 'Balanço patrimonial',
      RequestDocumentTypeId: 8,
      RequestDocumentTypeName: 'Solicitação de Limite',
      CreatedByInsurer: true,
      IsDeleted: false,
      ReviewNote: null,
      UpdatedAt: '2026-11-24T12:00:00Z',
      StatusId: 3,
      StatusName: 'Aguardando Análise',
      IsRequired: true,
      Archives: [],
    };
    client.setQueryData(kanbanKeys.requestLimitCard(card.cardRef), {
      UniqueId: card.cardRef,
      StatusId: 1,
      StatusName: 'Pendente',
      RequestedAt: '2026-11-24T12:00:00Z',
      RequestedByName: 'Marina Lopes',
      DecidedAt: null,
      DecidedByName: null,
      Justification: null,
      AppliedLimit: null,
      AppliedRating: null,
      PolicyHolder: {
        Id: 3,
        UniqueId: 'c3a5d1e2-8f4b-4c6d-9e7f-0a1b2c3d4e5f',
        Name: 'Construtora Horizonte Azul Ltda.',
        TradeName: null,
        Document: '01.366.750/0001-44',
      },
      FinancialStatements: [
        {
          Id: 1,
          Year: 2025,
          Revenue: '50000000',
          Equity: '10000000',
          NetIncome: '4000000',
          Indebtedness: '8000000',
        },
      ],
      RequestDocuments: [doc],
      Observations: [
        {
          Id: 1,
          UniqueId: 'obs-1',
          Observation: 'Balanço auditado enviado.',
          CreatedByName: 'Marina Lopes',
          CreatedAt: '2026-11-24T12:00:00Z',
        },
      ],
      CurrentLimits: {
        Rating: 'B',
        Global: { Limit: '2000000.00', Used: '500000.00', Available: '1500000.00' },
        EffectiveAvailable: '1500000.00',
      },
      Calculated: { Rating: 'A', Score: '82.67', Limit: '15000000.00', Rates: [] },
      CalculationMessage: null,
    } as never);
    wrap(<CardDetail card={{ ...card, cardType: 'REQUEST_LIMIT' }} onClose={vi.fn()} />, client);
    expect(screen.getByText('Revisão de Limite')).toBeTruthy();
    expect(screen.getByText('Construtora Horizonte Azul Ltda.')).toBeTruthy();
    expect(screen.getByText(/2\.000\.000,00/)).toBeTruthy();
    expect(screen.getByText(/15\.000\.000,00/)).toBeTruthy();
    expect(screen.getByText('A (pontuação 82,67)')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Exercício' })).toBeTruthy();
    expect(screen.getByText(/50\.000\.000,00/)).toBeTruthy();
    expect(screen.getByText('Balanço patrimonial')).toBeTruthy();
    expect(screen.getByText('Balanço auditado enviado.')).toBeTruthy();
  });

  it('should say that a card type has no formatted view', () => {
    wrap(<CardDetail card={{ ...card, cardType: 'NOPE' }} onClose={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Erro! Esse card não possui uma visualização formatada.',
    );
  });

  it('should show the default failure when the detail call fails without a body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    wrap(<CardDetail card={card} onClose={vi.fn()} />);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Erro ao tentar executar a solicitação.'),
    );
  });
});

describe('parseEventBlocks', () => {
  it('should split server-sent events and keep an incomplete block for later', () => {
    const event = { id: 3, kind: 'moved', cardId: 7, card: null, at: '2026-11-24T12:00:00Z' };
    const { events, rest } = parseEventBlocks(
      `retry: 2000\n\n: ping\n\nid: 3\nevent: moved\ndata: ${JSON.stringify(event)}\n\nid: 4\ndata: {"id"`,
    );
    expect(events).toEqual([event]);
    expect(rest).toBe('id: 4\ndata: {"id"');
  });
});
