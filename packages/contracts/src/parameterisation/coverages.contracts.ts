import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id, integer, optionalText, rate, requiredText, uuid } from '../shared/fields.js';
import { qBool } from '../shared/schemas.js';
import { paramRead, paramWrite } from './common.contracts.js';
import { contractualTerm, coverage } from './modalities.contracts.js';

const coverageFields = {
  Name: requiredText('o nome da cobertura', 120),
  Description: optionalText('a descrição', 2000),
  IsAdditional: z.boolean(),
  InsuredAmountPercentage: rate('o percentual da importância segurada'),
  Rate: rate('a taxa'),
  IsActive: z.boolean(),
  Order: integer({ min: 0 }),
};

export const insertCoverageBody = z.object({
  ModalityId: id(),
  ...coverageFields,
  IsAdditional: coverageFields.IsAdditional.default(false),
  InsuredAmountPercentage: coverageFields.InsuredAmountPercentage.default('100'),
  Rate: coverageFields.Rate.default('0'),
  IsActive: coverageFields.IsActive.default(true),
  Order: coverageFields.Order.default(0),
});
export type InsertCoverageBody = z.infer<typeof insertCoverageBody>;

export const updateCoverageBody = z.object(coverageFields).partial().extend({ Id: id() });
export type UpdateCoverageBody = z.infer<typeof updateCoverageBody>;

export const insertCoverage = endpoint({
  ...paramWrite,
  method: 'POST',
  path: '/api/Core/InsertCoverage',
  summary: 'Cria uma cobertura (principal ou adicional) na modalidade',
  description:
    'Corpo: ModalityId, Name, Description, IsAdditional, InsuredAmountPercentage (parcela da IS da modalidade, %), Rate (taxa adicional, % a.a.), IsActive, Order.',
  body: insertCoverageBody,
  response: coverage,
});

export const updateCoverage = endpoint({
  ...paramWrite,
  method: 'PUT',
  path: '/api/Core/UpdateCoverage',
  summary: 'Altera uma cobertura (somente os campos enviados)',
  body: updateCoverageBody,
  response: coverage,
});

export const enableDisableCoverage = endpoint({
  ...paramWrite,
  method: 'DELETE',
  path: '/api/Core/EnableDisableCoverage',
  summary: 'Ativa ou desativa uma cobertura (alterna IsActive)',
  query: z.object({ id: id() }),
  response: coverage,
});

export const getAdditionalCoverages = endpoint({
  ...paramRead,
  method: 'GET',
  path: '/api/Core/GetAdditionalCoverages',
  summary: 'Coberturas adicionais de uma modalidade',
  description: '`ignoreDeleted` (padrão true) omite as desativadas; `false` devolve todas.',
  query: z.object({ ModalityUniqueId: uuid(), ignoreDeleted: qBool().optional() }),
  response: z.array(coverage),
});

export const additionalCoverageObjects = z
  .object({
    CoverageId: z.number().int(),
    CoverageName: z.string(),
    Objects: z.array(contractualTerm),
  })
  .meta({ id: 'AdditionalCoverageObjects' });

export const getAdditionalCoveragesObjects = endpoint({
  ...paramRead,
  method: 'POST',
  path: '/api/Core/GetAdditionalCoveragesObjects',
  summary: 'Textos (coberturas adicionais e objeto da cobertura) das coberturas escolhidas',
  description:
    'Corpo: { ModalityUniqueId, CoverageIds: [..] }. Devolve, por cobertura, os termos contratuais ativos dos tipos 4 (coberturas adicionais) e 5 (objeto da cobertura). Leitura usada pelo assistente de proposta.',
  body: z.object({
    ModalityUniqueId: uuid(),
    CoverageIds: z.array(id()).max(100).default([]),
  }),
  response: z.array(additionalCoverageObjects),
});

export const getPercentageLimitPremiumRelationIssuredAmount = endpoint({
  ...paramRead,
  method: 'GET',
  path: '/api/Core/GetPercentageLimitPremiumRelationIssuredAmount',
  summary: 'Limite percentual do prêmio em relação à importância segurada',
  description:
    'Parâmetro da seguradora: o prêmio não pode passar deste percentual da IS. `Percentage` em texto decimal (ex.: "10.000000").',
  response: z.object({ Percentage: z.string() }),
});
