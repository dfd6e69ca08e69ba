import { describe, expect, it } from 'vitest';
import {
  canTransition,
  ccgMachine,
  endorsementProposalMachine,
  nextStatuses,
  policyMachine,
  propertyProposalMachine,
  proposalMachine,
  transitionEvent,
} from './status-machines.js';

describe('proposal status machine', () => {
  it('should allow the happy path of domain.md §3', () => {
    const path = [8, 1, 2, 7, 3, 4, 5];
    for (let i = 1; i < path.length; i += 1) {
      expect(canTransition(proposalMachine, path[i - 1] as number, path[i] as number)).toEqual({ ok: true });
    }
    expect(canTransition(proposalMachine, 3, 5)).toEqual({ ok: true });
  });

  it('should allow the broker round trip, refusal, rejection and cancellation', () => {
    expect(canTransition(proposalMachine, 2, 6).ok).toBe(true);
    expect(canTransition(proposalMachine, 6, 2).ok).toBe(true);
    expect(canTransition(proposalMachine, 6, 98).ok).toBe(true);
    // The partial clear takes a quote back to Em Cotação (its price went with the risk).
    expect(canTransition(proposalMachine, 1, 8).ok).toBe(true);
    // A property proposal in inspection can be refused on its card.
    expect(canTransition(propertyProposalMachine, 9, 98).ok).toBe(true);
    expect(canTransition(proposalMachine, 9, 98).ok).toBe(false);
    for (const from of [8, 1, 2, 6, 7, 3, 4]) {
      expect(canTransition(proposalMachine, from, 97).ok).toBe(true);
      expect(canTransition(proposalMachine, from, 99).ok).toBe(true);
    }
  });

  it('should refuse with a pt-BR reason when the transition is not in the table', () => {
    expect(canTransition(proposalMachine, 8, 5)).toEqual({
      ok: false,
      reason: 'A proposta não pode passar do status "Em Cotação" para "Emitida".',
    });
    expect(canTransition(proposalMachine, 7, 98).ok).toBe(false);
    expect(canTransition(proposalMachine, 2, 9)).toEqual({
      ok: false,
      reason: 'A proposta não pode passar do status "Em análise" para "Em Inspeção".',
    });
  });

  it('should refuse leaving a final status or staying in the same one', () => {
    expect(canTransition(proposalMachine, 5, 99)).toEqual({
      ok: false,
      reason: 'A proposta está no status final "Emitida"; nenhuma mudança de status é permitida.',
    });
    expect(canTransition(proposalMachine, 2, 2)).toEqual({
      ok: false,
      reason: 'A proposta já está no status "Em análise".',
    });
  });

  it('should refuse unknown statuses', () => {
    expect(canTransition(proposalMachine, 42, 2)).toEqual({
      ok: false,
      reason: 'Status de origem desconhecido: 42.',
    });
    expect(canTransition(proposalMachine, 2, 42)).toEqual({
      ok: false,
      reason: 'Status de destino desconhecido: 42.',
    });
  });

  it('should allow inspection only for property proposals', () => {
    expect(canTransition(propertyProposalMachine, 2, 9).ok).toBe(true);
    expect(canTransition(propertyProposalMachine, 9, 2).ok).toBe(true);
    expect(canTransition(propertyProposalMachine, 9, 99).ok).toBe(true);
    expect(canTransition(propertyProposalMachine, 9, 97).ok).toBe(true);
    expect(canTransition(propertyProposalMachine, 9, 7).ok).toBe(false);
  });

  it('should list next statuses and name the event of a transition', () => {
    expect(nextStatuses(proposalMachine, 2).sort((a, b) => a - b)).toEqual([6, 7, 97, 98, 99]);
    expect(nextStatuses(proposalMachine, 5)).toEqual([]);
    expect(transitionEvent(proposalMachine, 1, 2)).toBe('Corretor solicita a emissão');
    expect(transitionEvent(proposalMachine, 1, 5)).toBeUndefined();
  });
});

describe('policy, CCG and endorsement machines', () => {
  it('should follow the policy statuses of domain.md §4', () => {
    expect(canTransition(policyMachine, 1, 2).ok).toBe(true);
    expect(canTransition(policyMachine, 2, 3).ok).toBe(true);
    expect(canTransition(policyMachine, 2, 4).ok).toBe(true);
    expect(canTransition(policyMachine, 1, 5).ok).toBe(true);
    expect(canTransition(policyMachine, 1, 4)).toEqual({
      ok: false,
      reason: 'A apólice não pode passar do status "Aguardando Emissão" para "Vencida".',
    });
    expect(canTransition(policyMachine, 3, 2)).toEqual({
      ok: false,
      reason: 'A apólice está no status final "Cancelada"; nenhuma mudança de status é permitida.',
    });
  });

  it('should follow the CCG statuses of domain.md §5', () => {
    for (const [from, to] of [
      [1, 2],
      [2, 3],
      [3, 4],
      [3, 5],
      [3, 6],
      [5, 2],
      [6, 2],
      [6, 3],
    ] as const) {
      expect(canTransition(ccgMachine, from, to).ok).toBe(true);
    }
    expect(canTransition(ccgMachine, 1, 4)).toEqual({
      ok: false,
      reason: 'O CCG não pode passar do status "Criado" para "Assinado".',
    });
    expect(canTransition(ccgMachine, 4, 2).ok).toBe(false);
  });

  it('should run endorsement proposals from analysis to issuance', () => {
    for (const [from, to] of [
      [2, 7],
      [7, 3],
      [3, 5],
      [3, 4],
      [4, 5],
      [2, 6],
      [6, 2],
      [6, 98],
      [7, 99],
    ] as const) {
      expect(canTransition(endorsementProposalMachine, from, to).ok).toBe(true);
    }
    expect(canTransition(endorsementProposalMachine, 8, 1)).toEqual({
      ok: false,
      reason: 'A proposta de endosso não pode passar do status "Em Cotação" para "Cotação".',
    });
  });
});
