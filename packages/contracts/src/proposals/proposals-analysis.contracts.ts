import { Permission, UserType } from '@aval/domain';
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { id, money, requiredText, uuid } from '../shared/fields.js';
import { pageOf, pageQuery } from '../shared/schemas.js';
import { proposalEngineLog, proposalKey } from './proposals.contracts.js';

const area = 'proposals';

export const validationRunResult = z
  .object({
    ProposalUniqueId: z.string(),
    StatusId: z.number().int(),
    StatusName: z.string(),
    Approved: z.boolean(),
    Message: z.string(),
    CardType: z
      .string()
      .nullable()
      .meta({ description: 'O card que a validação abriria (ou abriu) ao reprovar.' }),
    Log: proposalEngineLog,
  })
  .meta({ id: 'ProposalValidationRun' });
export type ValidationRunResult = z.infer<typeof validationRunResult>;

const validationCall = (path: string, name: string, rule: string) =>
  endpoint({
    area,
    method: 'POST',
    path: `/api/Proposal/${path}`,
    summary: `Reexecuta a validação automática de ${name} da proposta (reprocessamento)`,
    description: `${rule} Enviar a proposta para análise (status 2) roda as cinco validações na ordem da especificação (PEP → crédito → cadastro → subscrição → resseguro) como tarefas duráveis; esta chamada reexecuta uma delas agora, com a permissão 16 (REPROCESSAMENTO), e grava o resultado no log do motor (ProposalEngineExecutionLogs, resultado REPROCESSADO). Se a proposta aguarda exatamente esta validação e ela agora passa, o card é fechado e a análise segue.`,
    query: z.object(proposalKey()),
    response: validationRunResult,
    permissions: [Permission.REPROCESSAMENTO],
    userTypes: [UserType.INSURANCE],
  });

export const executeAutomaticPEPApprovalValidation = validationCall(
  'ExecuteAutomaticPEPApprovalValidation',
  'PEP',
  'PEP (Circular SUSEP 612/2020): sócios (QSA) do tomador e do segurado e responsáveis da corretora contra a lista de PEP importada pela seguradora, até 5 anos após deixar o cargo; encontrado → card TOMADOR_QSA_PEP, SEGURADO_QSA_PEP ou CORRETORA_PEP.',
);
export const executeAutomaticCreditApprovalValidation = validationCall(
  'ExecuteAutomaticCreditApprovalValidation',
  'crédito',
  'Crédito: a IS cabe no limite disponível do tomador e do seu grupo econômico (limite menos a IS em aberto do livro de exposições) e o tomador tem taxa para a modalidade; senão card REQUEST_LIMIT ou GRUPO_ECONOMICO.',
);
export const executeAutomaticRegistrationApprovalValidation = validationCall(
  'ExecuteAutomaticRegistrationApprovalValidation',
  'cadastro',
  'Cadastro: tomador e segurado completos, documentos obrigatórios Conforme e ramo de atividade (CNAE) do tomador aceito; senão card ANALISE_CCG ou RAMO_ATIVIDADE.',
);
export const executeAutomaticSubscriptionApprovalValidation = validationCall(
  'ExecuteAutomaticSubscriptionApprovalValidation',
  'subscrição',
  'Subscrição: IS até o limite de aprovação automática da modalidade e retroatividade dentro dos dias da modalidade; senão card PROPOSTA_SUBSCRICAO; risco patrimonial acima do limite vai para 9 Em Inspeção com card PROPOSTA_INSPECAO.',
);
export const executeAutomaticReinsuranceApprovalValidation = validationCall(
  'ExecuteAutomaticReinsuranceApprovalValidation',
  'resseguro',
  'Resseguro (LC 126/2007, Decreto 6.499/2008): IS acima da retenção da seguradora (por ramo) → card PROPOSTA na esteira de Resseguro com o plano de cessão (ao menos 40% oferecidos a resseguradores locais, no máximo 10% a eventuais).',
);

export const approveProposalManually = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/Proposal/ApproveProposalManually',
  summary: 'Aprovação manual da proposta em análise, com justificativa (permissão 27)',
  description:
    'Uma proposta em análise (2) ou em inspeção (9) passa a 7 Aprovada sem esperar as validações que faltam; o card que ela aguardava é fechado, a IS é reservada no limite do tomador e o log do motor registra APROVACAO_MANUAL com a justificativa e quem aprovou.',
  body: z.object({
    ProposalUniqueId: uuid('Proposta inválida.'),
    Justification: requiredText('a justificativa', 2000),
  }),
  response: validationRunResult,
  permissions: [Permission.APROVACAO_MANUAL],
  userTypes: [UserType.INSURANCE],
});

export const pepListEntry = z
  .object({
    Id: z.number().int(),
    Cpf: z.string().meta({ description: 'Como a lista publica: ***.123.456-**.' }),
    Name: z.string(),
    Role: z.string(),
    Organ: z.string(),
    StartDate: z.string().nullable(),
    EndDate: z.string().nullable(),
  })
  .meta({ id: 'PepListEntry' });

export const importPepList = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/Pep/ImportPepList',
  summary: 'Importa a lista de Pessoas Expostas Politicamente (substitui a atual)',
  description:
    'Corpo: Csv, o conteúdo do arquivo no formato da lista federal de PEP (Portal da Transparência: CPF;Nome_PEP;Sigla_Função;Descrição_Função;Nível_Função;Nome_Órgão;Data_Início_Exercício;Data_Fim_Exercício;Data_Fim_Carência, separado por ponto e vírgula, CPF mascarado ***.123.456-**, datas DD/MM/AAAA). As linhas ilegíveis voltam em Errors; nenhuma linha legível → 422. Só a seguradora (permissão 26).',
  body: z.object({
    Csv: z
      .string()
      .min(1, 'Envie o conteúdo do arquivo.')
      .max(5_000_000, 'Arquivo grande demais (máximo 5 MB).'),
  }),
  response: z.object({
    Imported: z.number().int(),
    Rejected: z.number().int(),
    Errors: z.array(z.object({ Line: z.number().int(), Message: z.string() })),
  }),
  permissions: [Permission.PARAMETRIZAR_SEGURADORA],
  userTypes: [UserType.INSURANCE],
});

export const getPepList = endpoint({
  area: 'extra',
  method: 'GET',
  path: '/api/Pep/GetPepList',
  summary: 'A lista de PEP importada pela seguradora, paginada',
  query: z.object({ ...pageQuery }),
  response: pageOf(pepListEntry),
  permissions: [Permission.PARAMETRIZAR_SEGURADORA],
  userTypes: [UserType.INSURANCE],
});

export const reinsuranceRetention = z
  .object({ BranchId: z.number().int().nullable(), Retention: z.string() })
  .meta({ id: 'ReinsuranceRetention' });

export const saveReinsuranceRetention = endpoint({
  area: 'extra',
  method: 'POST',
  path: '/api/Proposal/SaveReinsuranceRetention',
  summary: 'Define a retenção de resseguro da seguradora (padrão ou de um ramo)',
  description:
    'A seguradora (PARAMETRIZAR_SEGURADORA) define a importância segurada que retém: sem BranchId, a retenção padrão; com BranchId, a de um ramo, que prevalece sobre a padrão. A validação de resseguro cede o que passa dela. Substitui a anterior.',
  body: z.object({ BranchId: id('Ramo inválido.').nullish(), Retention: money('a retenção') }),
  response: reinsuranceRetention,
  permissions: [Permission.PARAMETRIZAR_SEGURADORA],
  userTypes: [UserType.INSURANCE],
});
