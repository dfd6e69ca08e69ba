import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id, integer, money, requiredText } from '../shared/fields.js';
import { paramRead, paramWrite } from './common.contracts.js';
import { installmentParameter } from './modalities.contracts.js';

export const paymentMethods = ['boleto', 'pix', 'debito'] as const;
export const paymentMethodLabels: Record<(typeof paymentMethods)[number], string> = {
  boleto: 'Boleto',
  pix: 'Pix',
  debito: 'Débito em conta',
};

const installmentFields = {
  Code: requiredText('o código', 20),
  Name: requiredText('o nome do parcelamento', 120),
  MinimumInstallmentValue: money('o valor mínimo da parcela'),
  MaximumInstallments: integer({ min: 1, max: 24 }),
  GracePeriodsInDays: z
    .array(integer({ min: 0, max: 365, intMessage: 'Informe um número inteiro de dias.' }))
    .max(20, 'Informe no máximo 20 carências.'),
  PaymentMethods: z
    .array(z.enum(paymentMethods, { message: 'Forma de pagamento inválida.' }))
    .min(1, 'Informe ao menos uma forma de pagamento.'),
  FirstDueDays: integer({ min: 0, max: 90, intMessage: 'Informe um número inteiro de dias.' }),
  IsActive: z.boolean(),
};

export const createInstallmentParameterBody = z.object({
  ...installmentFields,
  GracePeriodsInDays: installmentFields.GracePeriodsInDays.default([]),
  PaymentMethods: installmentFields.PaymentMethods.default(['boleto']),
  FirstDueDays: installmentFields.FirstDueDays.default(5),
  IsActive: installmentFields.IsActive.default(true),
});
export type CreateInstallmentParameterBody = z.infer<typeof createInstallmentParameterBody>;

export const changeInstallmentParameterBody = z.object(installmentFields).partial().extend({ Id: id() });
export type ChangeInstallmentParameterBody = z.infer<typeof changeInstallmentParameterBody>;

const fieldsDoc =
  'Campos: Code (único na seguradora), Name, MinimumInstallmentValue (valor mínimo de cada parcela), MaximumInstallments (1 a 24), GracePeriodsInDays (carências oferecidas), PaymentMethods (boleto, pix, debito), FirstDueDays (dias até o 1º vencimento), IsActive.';

export const getInstallmentParameter = endpoint({
  ...paramRead,
  method: 'GET',
  path: '/api/InstallmentParameter/GetInstallmentParameter',
  summary: 'Parâmetros de parcelamento da seguradora, com as modalidades que usam cada um',
  response: z.array(installmentParameter),
});

export const createInstallmentParameter = endpoint({
  ...paramWrite,
  method: 'POST',
  path: '/api/InstallmentParameter/CreateInstallmentParameter',
  summary: 'Cria um parâmetro de parcelamento',
  description: `${fieldsDoc} Código repetido: 409.`,
  body: createInstallmentParameterBody,
  response: installmentParameter,
});

export const changeInstallmentParameter = endpoint({
  ...paramWrite,
  method: 'PUT',
  path: '/api/InstallmentParameter/ChangeInstallmentParameter',
  summary: 'Altera um parâmetro de parcelamento (somente os campos enviados)',
  description: fieldsDoc,
  body: changeInstallmentParameterBody,
  response: installmentParameter,
});

export const changeInstallmentModalityParameter = endpoint({
  ...paramWrite,
  method: 'POST',
  path: '/api/InstallmentModalityParameter/ChangeInstallmentModalityParameter',
  summary: 'Define o parâmetro de parcelamento de uma modalidade (substitui o anterior)',
  description: 'Corpo: { ModalityId, InstallmentParameterId }.',
  body: z.object({ ModalityId: id(), InstallmentParameterId: id() }),
  response: installmentParameter,
});

export const deleteInstallmentModalityParameter = endpoint({
  ...paramWrite,
  method: 'DELETE',
  path: '/api/InstallmentModalityParameter/DeleteInstallmentModalityParameter',
  summary: 'Remove o parâmetro de parcelamento de uma modalidade',
  description: 'Corpo (data): { ModalityId }. A modalidade passa a usar o parcelamento padrão (1 parcela).',
  body: z.object({ ModalityId: id() }),
  response: z.boolean(),
});

export const bank = z
  .object({ Id: z.number().int(), Code: z.string(), Ispb: z.string(), Name: z.string() })
  .meta({ id: 'Bank' });
export type Bank = z.infer<typeof bank>;

export const getBanks = endpoint({
  ...paramRead,
  method: 'GET',
  path: '/api/Core/GetBanks',
  summary: 'Bancos (participantes do STR com código COMPE), ordenados pelo código',
  description:
    'Lista mantida do Banco Central do Brasil (ParticipantesSTR), vinda do pacote @brazilian-utils/brazilian-utils. Id é o código COMPE como número (o BankId do corretor).',
  response: z.array(bank),
});
