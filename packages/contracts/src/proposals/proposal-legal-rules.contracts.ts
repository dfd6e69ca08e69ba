import { Permission, UserType } from '@aval/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { requiredText, uuid } from '../shared/fields.js';
import { proposalRead } from './proposals.contracts.js';

/**
 * The legal rules of the guaranteed obligation (Lei 14.133/2021 art. 58 for bid bonds; the labour
 * judicial deposit's debt + 30 % and 3 years; the federal tax debt's 5 years) block sending a
 * proposal that breaks them, unless an insurer user with permission 27 (Aprovação manual) releases
 * them with a justification, which is recorded, put on the timeline and shown on the card. Our own
 * calls (extras.contracts.ts).
 */
export const proposalLegalRules = z
  .object({
    /** What the proposal breaks now (pt-BR, citing the rule); empty when it fits the law. */
    Breaches: z.array(z.object({ Code: z.string(), Message: z.string() })),
    /** Breaches not released: the proposal cannot be sent while any remains. */
    Blocking: z.array(z.object({ Code: z.string(), Message: z.string() })),
    Override: z
      .object({
        Rules: z.array(z.string()),
        Justification: z.string(),
        ByName: z.string().nullable(),
        At: z.string(),
      })
      .nullable()
      .meta({
        description: 'A liberação registrada (a última): as regras liberadas, por quem, quando e por quê.',
      }),
    CanOverride: z.boolean(),
  })
  .meta({ id: 'ProposalLegalRules' });
export type ProposalLegalRules = z.infer<typeof proposalLegalRules>;

const key = z.object({ ProposalUniqueId: uuid('Proposta inválida.') });

export const getProposalLegalRules = endpoint({
  area: 'extra',
  method: 'GET',
  path: '/api/Proposal/GetProposalLegalRules',
  summary: 'As regras legais da obrigação garantida que a proposta descumpre, e a liberação registrada',
  query: key,
  response: proposalLegalRules,
  permissions: proposalRead,
});

export const overrideProposalLegalRules = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/Proposal/OverrideProposalLegalRules',
  summary: 'Libera, com justificativa, as regras legais que a proposta descumpre (permissão 27)',
  description:
    'Corpo: ProposalUniqueId e Justification (ao menos 10 caracteres). Registra quem liberou, quando, por quê e as regras liberadas (as mensagens de agora: uma mudança de IS ou de vigência que crie outra violação volta a bloquear). Vai para a linha do tempo e para o card. 422 quando a proposta atende às regras ou já foi enviada à emissão.',
  body: key.extend({ Justification: requiredText('a justificativa', 1000, { min: 10 }) }),
  response: proposalLegalRules,
  permissions: [Permission.APROVACAO_MANUAL],
  userTypes: [UserType.INSURANCE],
});
