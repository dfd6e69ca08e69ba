import { isValidEmail, Permission as P, UserType as U } from '@aval/domain';
import { z } from 'zod';
import { requestDocumentView } from '../documents/documents.contracts.js';
import { endpoint } from '../endpoint.js';
import { ccgSignatoryView } from '../kanban/kanban-cards.contracts.js';
import { policyDownload } from '../policies/policies.contracts.js';
import { requiredText, uuid } from '../shared/fields.js';
import { policyHolderRead, policyHolderWrite } from './policy-holders.contracts.js';

/**
 * The holder's CCG (contrato de contragarantia) as the broker and the insurer prepare it: who signs
 * (from the QSA), the contract to print and sign, and the slot that receives the signed file (its
 * analysis is the ANALISE_CCG card). Our own calls: the spec shows the CCG only on its card.
 */
// Our own calls (extras.contracts.ts): not rows of endpoints.tsv.
const area = 'extra';
const people = [U.INSURANCE, U.BROKER, U.AGENT, U.POLICY_HOLDER];

export const policyHolderCcg = z
  .object({
    PolicyHolderUniqueId: z.string(),
    PolicyHolderName: z.string(),
    IgnoreCCGSignature: z
      .boolean()
      .meta({ description: 'A assinatura está dispensada no tomador (permissão 17).' }),
    Ccg: z
      .object({
        UniqueId: z.string(),
        StatusId: z.number().int(),
        StatusName: z.string(),
        Justification: z
          .string()
          .nullable()
          .meta({ description: 'A última nota da seguradora (recusa, ajuste).' }),
        CreatedAt: z.string(),
        SignedAt: z.string().nullable(),
        Signatories: z.array(ccgSignatoryView),
      })
      .nullable()
      .meta({ description: 'O CCG mais recente do tomador; null quando ainda não foi preparado.' }),
    SuggestedSignatories: z
      .array(z.object({ Name: z.string(), Cpf: z.string(), RoleId: z.number().int() }))
      .meta({ description: 'Os sócios do QSA do tomador, para preparar o CCG (vazio quando já há um CCG).' }),
    RequestDocuments: z
      .array(requestDocumentView)
      .meta({ description: 'Os documentos do tipo CCG do tomador: onde o CCG assinado é enviado.' }),
    CanPrepare: z.boolean(),
  })
  .meta({ id: 'PolicyHolderCcg' });
export type PolicyHolderCcg = z.infer<typeof policyHolderCcg>;

export const getPolicyHolderCcg = endpoint({
  area,
  method: 'GET',
  path: '/api/PolicyHolder/GetPolicyHolderCCG',
  summary: 'O CCG do tomador: situação, signatários e o documento que recebe o CCG assinado',
  query: z.object({ PolicyHolderUniqueId: uuid('Tomador inválido.') }),
  response: policyHolderCcg,
  permissions: [...policyHolderRead, P.VISUALIZAR_PROPOSTAS, P.VISUALIZAR_PROPOSTAS_SEGURADORA],
  userTypes: people,
});

const signatoryInput = z.object({
  Name: requiredText('o nome do signatário', 150, { min: 3 }),
  Cpf: z.string({ message: 'Informe o CPF do signatário.' }).trim().min(11, 'Informe o CPF do signatário.'),
  Email: z
    .string()
    .trim()
    .max(150)
    .refine((v) => v === '' || isValidEmail(v), 'E-mail do signatário inválido.')
    .nullish(),
  RoleId: z.number().int().min(1, 'Papel do signatário inválido.').max(3, 'Papel do signatário inválido.'),
  Married: z.boolean().optional(),
  SpouseOfCpf: z.string().trim().nullish(),
});

export const preparePolicyHolderCcg = endpoint({
  area,
  method: 'POST',
  path: '/api/PolicyHolder/PreparePolicyHolderCCG',
  summary: 'Prepara o CCG do tomador com os signatários e o envia para assinatura',
  description:
    'Corpo: PolicyHolderUniqueId e Signatories (ao menos um sócio com poderes; o cônjuge de avalista casado também assina). O CCG passa a 2 Aguardando Assinatura e o tomador ganha o documento obrigatório "CCG assinado", que recebe o arquivo assinado; enviado para análise, abre o card ANALISE_CCG (ANALISE_CCG_MANUAL com Manual: assinado em papel). 422 quando o tomador já tem CCG em andamento ou assinado, ou quando a assinatura está dispensada.',
  body: z.object({
    PolicyHolderUniqueId: uuid('Tomador inválido.'),
    Signatories: z.array(signatoryInput).min(1, 'Informe ao menos um signatário.').max(20),
    Manual: z.boolean().optional(),
  }),
  response: policyHolderCcg,
  permissions: policyHolderWrite,
  userTypes: [U.INSURANCE, U.BROKER, U.AGENT],
});

export const downloadPolicyHolderCcg = endpoint({
  area,
  method: 'GET',
  path: '/api/PolicyHolder/DownloadPolicyHolderCCG',
  summary: 'Link assinado do PDF do CCG, para impressão e assinatura',
  query: z.object({ PolicyHolderCCGUniqueId: uuid('CCG inválido.') }),
  response: policyDownload,
  permissions: [...policyHolderRead, P.VISUALIZAR_PROPOSTAS, P.VISUALIZAR_PROPOSTAS_SEGURADORA],
  userTypes: people,
});
