import type { CcgCardInfo, KanbanCard } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUserInfo, type UserInfo } from '../../../app/session/user-info.js';
import { kanbanKeys } from '../api/kanban-api.js';
import { CardDetail } from './card-detail.js';

const card: KanbanCard = {
  id: 41,
  pipeId: 1,
  stepId: 11,
  cardType: 'ANALISE_CCG',
  cardRef: '3f7a1c52-0d1e-4c39-9a61-1c1f6b2a3499',
  cardData: {
    header: 'Construtora Horizonte Azul Ltda.',
    body: 'CCG assinado enviado para análise',
    footer: null,
  },
  cpfCnpj: '11222333000181',
  enteredStepAt: new Date().toISOString(),
  dueAt: null,
  sla: 'ok',
  assigneeUserId: null,
  approvalBlockers: [],
  version: 2,
  closed: false,
  createdAt: new Date().toISOString(),
};

const ccg: CcgCardInfo = {
  UniqueId: card.cardRef,
  StatusId: 3,
  StatusName: 'Aguardando Análise da Seguradora',
  Manual: false,
  IgnoreCCGSignature: false,
  SignedOrIgnored: false,
  Justification: null,
  CreatedAt: '2026-11-20T12:00:00.000Z',
  SignedAt: '2026-11-21T12:00:00.000Z',
  DecidedByName: null,
  DecidedAt: null,
  PolicyHolder: {
    Id: 1,
    UniqueId: 'h',
    Name: 'Construtora Horizonte Azul Ltda.',
    Document: '11.222.333/0001-81',
  },
  BrokerName: 'Corretora Aurora',
  Signatories: [
    {
      Name: 'Ana Sócia',
      Cpf: '529.982.247-25',
      Email: null,
      RoleId: 1,
      RoleName: 'Sócio com poderes',
      Married: false,
      SpouseOfCpf: null,
      SignedAt: '2026-11-21T12:00:00.000Z',
    },
    {
      Name: 'Carla Cônjuge',
      Cpf: '390.533.447-05',
      Email: null,
      RoleId: 3,
      RoleName: 'Cônjuge do avalista',
      Married: false,
      SpouseOfCpf: '111.444.777-35',
      SignedAt: null,
    },
  ],
  RequestDocuments: [],
  Observations: [],
};

const wrap = (children: ReactNode, client: QueryClient) =>
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>,
  );

const seeded = () => {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(kanbanKeys.ccgCard(card.cardRef), ccg);
  client.setQueryData(kanbanKeys.userNames([77]), [{ Id: 77, Name: 'Marcos Subscritor' }]);
  client.setQueryData(kanbanKeys.history(card.id), {
    card,
    moves: [
      {
        id: 1,
        fromStepId: null,
        fromStepName: null,
        toStepId: 10,
        toStepName: 'Novos',
        userId: null,
        justification: null,
        secondsInStep: 0,
        movedAt: '2026-11-21T12:00:00.000Z',
      },
      {
        id: 2,
        fromStepId: 10,
        fromStepName: 'Novos',
        toStepId: 11,
        toStepName: 'Em análise',
        userId: 77,
        justification: null,
        secondsInStep: 7200,
        movedAt: '2026-11-21T14:00:00.000Z',
      },
    ],
  });
  client.setQueryData(kanbanKeys.observations(card.cardType, card.cardRef), [
    {
      UniqueId: '1',
      Observation: 'Falta a assinatura do cônjuge.',
      CreatedByName: 'Rafael Moreira',
      CreatedAt: '2026-11-22T10:00:00.000Z',
      FromInsurer: true,
    },
  ]);
  return client;
};

afterEach(() => {
  cleanup();
  setUserInfo(undefined);
  vi.unstubAllGlobals();
});

describe('CardDetail of registry cards', () => {
  it('should show a CCG card with its signatories and offer sending it back to the broker to who manages the pipe', () => {
    setUserInfo({ UserInfoId: 5, UserId: 5, UserTypeId: 1, Menus: [] } as unknown as UserInfo);
    wrap(<CardDetail card={card} canManage onClose={vi.fn()} />, seeded());
    expect(screen.getByText('Dados da Solicitação de CCG')).toBeTruthy();
    expect(screen.getByText('Aguardando Análise da Seguradora')).toBeTruthy();
    expect(screen.getByText('Ana Sócia')).toBeTruthy();
    expect(screen.getByText('Cônjuge do avalista (de 111.444.777-35)')).toBeTruthy();
    expect(screen.getByText('Pendente')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Devolver ao corretor' })).toBeTruthy();
    expect(screen.getByText('Sem responsável')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Assumir' })).toBeTruthy();
  });

  it('should offer no action to who may only view the pipe', () => {
    wrap(<CardDetail card={card} onClose={vi.fn()} />, seeded());
    expect(screen.queryByRole('button', { name: 'Devolver ao corretor' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assumir' })).toBeNull();
  });

  it('should list the observations and the history of moves in their tabs', async () => {
    wrap(<CardDetail card={card} canManage onClose={vi.fn()} />, seeded());
    fireEvent.click(screen.getByRole('tab', { name: 'Observações' }));
    expect(await screen.findByText('Falta a assinatura do cônjuge.')).toBeTruthy();
    expect(screen.getByText(/Rafael Moreira/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar observação' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Histórico' }));
    expect(await screen.findByText('Aberto em Novos')).toBeTruthy();
    expect(screen.getByText('Novos → Em análise')).toBeTruthy();
    expect(screen.getByText('Sistema')).toBeTruthy();
    // Who moved it by name (the kanban service keeps the id; GetCardUserNames gives the name).
    expect(screen.getByText('Marcos Subscritor')).toBeTruthy();
    expect(screen.getByText('2 h 0 min')).toBeTruthy();
  });
});

describe('CardDetail of a registry GRUPO_ECONOMICO card', () => {
  const groupCard: KanbanCard = {
    ...card,
    id: 9,
    cardType: 'GRUPO_ECONOMICO',
    cardRef: '0b7a8c2e-4f51-4c1e-9d0e-2a7f3b6c9d10',
    cardData: { header: 'Engenharia Vale do Paraíba S.A.', body: 'Sócios em comum.', footer: null },
  };
  const seededGroup = () => {
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
    });
    client.setQueryData(kanbanKeys.economicGroup(groupCard.cardRef), {
      ProposalUniqueId: null,
      ProposalNumber: null,
      InsuredAmount: null,
      PolicyHolder: {
        Id: 2,
        UniqueId: groupCard.cardRef,
        Name: 'Engenharia Vale do Paraíba S.A.',
        Document: '27.427.991/0001-40',
      },
      EconomicGroup: {
        Id: 1,
        UniqueId: 'g',
        Name: 'Grupo Vale Paraíba',
        Limit: '57654321.00',
        Used: '70185000.00',
        Available: '0.00',
        Members: [
          {
            Id: 2,
            UniqueId: 'a',
            Name: 'Engenharia Vale do Paraíba S.A.',
            Document: '27.427.991/0001-40',
            Used: '17685000.00',
          },
          {
            Id: 3,
            UniqueId: 'b',
            Name: 'Pavimentadora Serra Verde Ltda.',
            Document: '59.117.070/0001-77',
            Used: '52500000.00',
          },
        ],
      },
      HolderAvailable: '2786000.00',
    });
    return client;
  };

  it("should show the holder's group, its members' use and the new group limit to who manages the pipe", () => {
    wrap(<CardDetail card={groupCard} canManage onClose={vi.fn()} />, seededGroup());
    expect(screen.queryByText('Erro! Esse card não possui uma visualização formatada.')).toBeNull();
    expect(screen.getByText('Grupo Vale Paraíba')).toBeTruthy();
    expect(screen.getByText('Pavimentadora Serra Verde Ltda.')).toBeTruthy();
    expect(screen.getByText('R$ 52.500.000,00')).toBeTruthy();
    expect(screen.queryByText('Proposta')).toBeNull();
    expect(screen.getByRole('button', { name: 'Salvar limite do grupo' })).toBeTruthy();
  });

  it('should offer no change of the limit to who may only view the pipe', () => {
    wrap(<CardDetail card={groupCard} onClose={vi.fn()} />, seededGroup());
    expect(screen.getByText('Grupo Vale Paraíba')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Salvar limite do grupo' })).toBeNull();
  });
});
