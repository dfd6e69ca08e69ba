import { Permission } from '@aval/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { addressInput, locationView } from '../shared/address.js';
import { id, requiredText } from '../shared/fields.js';
import { qBool, quickSearch } from '../shared/schemas.js';

export const beneficiaryView = z
  .object({
    Id: z.number().int(),
    UniqueId: z.string(),
    Name: z.string(),
    Document: z.string(),
    IsNaturalPerson: z.boolean(),
    Locations: z.array(locationView),
  })
  .meta({ id: 'Beneficiary' });

const proposals = [
  Permission.GERENCIAR_PROPOSTAS,
  Permission.VISUALIZAR_PROPOSTAS,
  Permission.GERENCIAR_PROPOSTAS_SEGURADORA,
  Permission.VISUALIZAR_PROPOSTAS_SEGURADORA,
];

export const searchBeneficiary = endpoint({
  area: 'beneficiaries',
  method: 'GET',
  path: '/api/Beneficiary/SearchBeneficiary',
  summary: 'Busca beneficiários por nome ou documento (pessoa física só quando permitido)',
  query: z.object({
    ...quickSearch,
    CanHaveBeneficiaryPF: qBool().optional(),
  }),
  response: z.array(beneficiaryView),
  permissions: proposals,
});

export const validateBeneficiaryByDocument = endpoint({
  area: 'beneficiaries',
  method: 'POST',
  path: '/api/Beneficiary/ValidateBeneficiaryByDocument',
  summary: 'Confere um beneficiário pelo CPF/CNPJ; cadastra quando novo e o nome é informado',
  body: z.object({
    Document: requiredText('o documento', 18, { min: 11 }),
    Name: requiredText('o nome', 150, { min: 3 }).optional(),
    CanHaveBeneficiaryPF: z.boolean().optional(),
  }),
  response: z.object({
    CanProceed: z.boolean(),
    IsNew: z.boolean(),
    Message: z.string().nullable(),
    Beneficiary: beneficiaryView.nullable(),
  }),
  permissions: [Permission.GERENCIAR_PROPOSTAS, Permission.GERENCIAR_PROPOSTAS_SEGURADORA],
});

export const saveBeneficiaryLocation = endpoint({
  area: 'beneficiaries',
  method: 'POST',
  path: '/api/Beneficiary/SaveBeneficiaryLocation',
  summary: 'Inclui um endereço do beneficiário, ou altera o informado em Id',
  description:
    'Um beneficiário tem vários endereços: sem Id o endereço é incluído (o primeiro é o principal); com Id, o endereço do beneficiário com esse Id é alterado. Devolve o beneficiário com todos os endereços.',
  body: addressInput.extend({
    BeneficiaryId: id('Beneficiário inválido.'),
    Id: id('Endereço inválido.').nullish(),
  }),
  response: beneficiaryView,
  permissions: [Permission.GERENCIAR_PROPOSTAS, Permission.GERENCIAR_PROPOSTAS_SEGURADORA],
});
