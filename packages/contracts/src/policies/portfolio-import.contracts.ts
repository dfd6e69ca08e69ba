import { Permission, UserType } from '@aval/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { date, id, insuredAmount, money, optionalText, rate, requiredText, uuid } from '../shared/fields.js';

/**
 * Portfolio import (domain.md, "Importação de carteira"): an insurer that moves to Aval brings the
 * proposals and policies of its earlier system, so its history (BI, limits in use, verification of
 * the policies it issued) starts complete. Each item is one proposal with its final situation and,
 * when it was issued, its policy as issued there (its number, issue day, SRO registration and
 * cancellation). The parties and the modality are the portal's (registered or imported first).
 * All or nothing: one invalid item refuses the whole batch, each problem named by its item.
 */

const importedPolicy = z.object({
  /** The number the policy was issued with (0776.2026.0000001-9), kept: it is printed on paper. */
  Number: requiredText('o número da apólice', 20),
  /** The issue day (recorded at 12:00, horário de Brasília). */
  IssuedAt: date('Data de emissão inválida.'),
  SroProtocol: optionalText('o protocolo do SRO', 60).optional(),
  SroRegisteredAt: date('Data de registro no SRO inválida.').optional(),
  CancelledAt: date('Data de cancelamento inválida.').optional(),
  CancelReason: optionalText('o motivo do cancelamento', 500).optional(),
  CancelRestitution: money('a restituição').optional(),
});

const importedItem = z.object({
  /** Emitida (with its Policy), Recusada or Cancelada (a quote lost before issuance). */
  Situation: z.enum(['Emitida', 'Recusada', 'Cancelada'], { message: 'Situação inválida.' }),
  ProductId: id('Modalidade inválida.'),
  PolicyHolderUniqueId: uuid('Tomador inválido.'),
  InsuredUniqueId: uuid('Segurado inválido.'),
  BrokerUniqueId: uuid('Corretora inválida.'),
  /** The day the proposal was made (the analysis started that day). */
  ProposalDate: date('Data da proposta inválida.'),
  StartDate: date('Início de vigência inválido.'),
  EndDate: date('Fim de vigência inválido.'),
  InsuredAmount: insuredAmount(),
  InsurancePremium: money('o prêmio'),
  ComissionPercentage: rate('o percentual de comissão'),
  ObjectText: requiredText('o objeto da garantia', 4000),
  Policy: importedPolicy.optional(),
});

export const importPortfolio = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/Policy/ImportPortfolio',
  summary: 'Importa a carteira de outro sistema (propostas e apólices emitidas)',
  description:
    'Só a seguradora, com a permissão 26 (Parametrizar seguradora). Até 500 itens por chamada; tudo ou nada. ' +
    'As apólices mantêm o número com que foram emitidas; o contador do ramo passa do maior número importado.',
  body: z.object({
    Items: z
      .array(importedItem)
      .min(1, 'Informe ao menos um item.')
      .max(500, 'Importe no máximo 500 itens por vez.'),
  }),
  response: z.object({
    Proposals: z.number().int(),
    Policies: z.number().int(),
    Items: z.array(z.object({ ProposalNumber: z.number().int(), PolicyNumber: z.string().nullable() })),
  }),
  permissions: [Permission.PARAMETRIZAR_SEGURADORA],
  userTypes: [UserType.INSURANCE],
});

export type ImportPortfolioItem = z.infer<typeof importedItem>;
