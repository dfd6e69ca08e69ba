import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { changeHistoryEntry } from '../shared/change-history.js';
import { id, integer, optionalText, requiredText } from '../shared/fields.js';
import { qBool, qInt } from '../shared/schemas.js';
import { paramAdminRead, paramRead, paramWrite, richText } from './common.contracts.js';
import { branch, contractualTerm, particularClause } from './modalities.contracts.js';

const termType = z.coerce
  .number({ message: 'Tipo de termo inválido.' })
  .int()
  .min(1, 'Tipo de termo inválido.')
  .max(5, 'Tipo de termo inválido.');

export const insertContractualTermBody = z
  .object({
    TermType: termType,
    /** General conditions (type 1): the branch. */
    BranchId: id().nullish(),
    /** Types 2-5 (and a modality-specific type 1): the modality. */
    ModalityId: id().nullish(),
    /** Types 4 and 5: the coverage. */
    CoverageId: id().nullish(),
    Title: optionalText('o título', 200),
    Text: richText('o texto do termo'),
    IsActive: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    if (b.TermType === 1 && !b.BranchId && !b.ModalityId)
      ctx.addIssue({ code: 'custom', path: ['BranchId'], message: 'Informe o ramo das condições gerais.' });
    if (b.TermType !== 1 && !b.ModalityId)
      ctx.addIssue({ code: 'custom', path: ['ModalityId'], message: 'Informe a modalidade do termo.' });
    if ((b.TermType === 4 || b.TermType === 5) && !b.CoverageId)
      ctx.addIssue({ code: 'custom', path: ['CoverageId'], message: 'Informe a cobertura do termo.' });
  });
export type InsertContractualTermBody = z.infer<typeof insertContractualTermBody>;

export const insertContractualTerm = endpoint({
  ...paramWrite,
  method: 'PUT',
  path: '/api/Core/InsertContractualTerm',
  summary: 'Grava (cria ou substitui) o termo contratual de um tipo',
  description:
    'Tipos (spec §3): 1 condições gerais (por ramo: BranchId), 2 especiais, 3 objeto (por modalidade: ModalityId), 4 coberturas adicionais e 5 objeto da cobertura (ModalityId + CoverageId). Há um termo por (ramo/modalidade, cobertura, tipo): gravar de novo substitui o texto e aumenta a versão. O texto é HTML do editor com tags entre colchetes ([TOMADOR], [VALOR_IS]...) e é sanitizado antes de gravar; a resposta traz Tags, UnknownTags e PreviewHtml (dados de exemplo, tags sem valor em vermelho).',
  body: insertContractualTermBody,
  response: contractualTerm,
});

export const getModalityObject = endpoint({
  ...paramRead,
  method: 'GET',
  path: '/api/Core/GetModalityObject',
  summary: 'Termos contratuais ativos da modalidade de um tipo (padrão 3, objeto)',
  description: 'Devolve uma lista (tipos 4 e 5 têm um termo por cobertura).',
  query: z.object({ ModalityId: qInt().positive('Identificador inválido.'), termType: termType.optional() }),
  response: z.array(contractualTerm),
});

const clauseFields = {
  Title: requiredText('o título da cláusula', 120),
  Text: richText('o texto da cláusula'),
  IsActive: z.boolean(),
  Order: integer({ min: 0 }),
};

export const insertParticularClauseBody = z.object({
  ModalityId: id(),
  ...clauseFields,
  IsActive: clauseFields.IsActive.default(true),
  Order: clauseFields.Order.default(0),
});
export type InsertParticularClauseBody = z.infer<typeof insertParticularClauseBody>;

export const updateParticularClauseBody = z.object(clauseFields).partial().extend({ Id: id() });
export type UpdateParticularClauseBody = z.infer<typeof updateParticularClauseBody>;

export const insertParticularClause = endpoint({
  ...paramWrite,
  method: 'POST',
  path: '/api/Core/InsertParticularClause',
  summary: 'Cria uma cláusula particular da modalidade (a tela usa esta chamada quando não há Id)',
  description: 'Texto sanitizado; tags do catálogo renderizadas na prévia (PreviewHtml).',
  body: insertParticularClauseBody,
  response: particularClause,
});

export const updateParticularClause = endpoint({
  ...paramWrite,
  method: 'PUT',
  path: '/api/Core/UpdateParticularClause',
  summary: 'Altera uma cláusula particular (a tela usa esta chamada quando há Id)',
  body: updateParticularClauseBody,
  response: particularClause,
});

export const updateStatusParticularClause = endpoint({
  ...paramWrite,
  method: 'PUT',
  path: '/api/Core/UpdateStatusParticularClause',
  summary: 'Ativa ou desativa uma cláusula particular',
  description: 'Corpo: { Id, IsActive }.',
  body: z.object({ Id: id(), IsActive: z.boolean({ message: 'Informe o status.' }) }),
  response: particularClause,
});

export const getParticularDetailClauses = endpoint({
  ...paramRead,
  method: 'GET',
  path: '/api/Core/GetParticularDetailClauses',
  summary: 'Cláusulas particulares de uma modalidade, com texto e prévia',
  description: 'Somente ativas, salvo `includeInactive=true` (que exige a permissão 26).',
  query: z.object({
    modalityid: qInt().positive('Identificador inválido.'),
    includeInactive: qBool().optional(),
  }),
  response: z.array(particularClause),
});

export const generalCondition = z
  .object({
    Branch: branch,
    IsPublic: z.boolean(),
    Term: contractualTerm.nullable(),
    History: z.array(changeHistoryEntry),
  })
  .meta({ id: 'GeneralCondition' });

export const getGeneralConditions = endpoint({
  ...paramAdminRead,
  method: 'GET',
  path: '/api/Plug/GetGeneralConditions',
  summary: 'Condições gerais por ramo (abas público e privado) com o histórico real de alterações',
  description:
    'Uma entrada por ramo garantia: IsPublic true para o 0775 (segurado setor público), false para o 0776 (setor privado). Term é o termo tipo 1 do ramo (null se ainda não cadastrado); History lista as alterações, mais recentes primeiro. Para gravar use InsertContractualTerm com TermType 1 e BranchId.',
  query: z.object({ branchId: qInt().positive().optional() }),
  response: z.array(generalCondition),
});
