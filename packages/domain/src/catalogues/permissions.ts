import { codeCatalogue } from './code-catalogue.js';

/**
 * Menu-functionality ids of spec §6. A user holds a set of them through its profile; a route or
 * call requires any one of the ids it lists. Ids 18, 41 and 42 are unlisted in the spec; 48 and 49
 * are ours (a limit above the bound of a limit review; the SRO registrations).
 */
export const {
  codes: Permission,
  all: allPermissionIds,
  /** pt-BR names shown in the profile's functionality matrix. */
  labels: permissionLabels,
} = codeCatalogue({
  VISUALIZAR_ESTEIRAS: [1, 'Visualizar esteiras'],
  GERENCIAR_CORRETORA: [2, 'Gerenciar corretora'],
  VISUALIZAR_BI: [3, 'Visualizar BI'],
  VISUALIZAR_DOCUMENTOS: [4, 'Visualizar documentos'],
  GERENCIAR_DOCUMENTOS: [5, 'Gerenciar documentos'],
  GERENCIAR_PROPOSTAS: [6, 'Gerenciar propostas'],
  VISUALIZAR_PROPOSTAS: [7, 'Visualizar propostas'],
  VISUALIZAR_USUARIOS: [8, 'Visualizar usuários'],
  GERENCIAR_USUARIOS: [9, 'Gerenciar usuários'],
  GERENCIAR_PERFIS: [10, 'Gerenciar perfis'],
  VISUALIZAR_SEGURADO: [11, 'Visualizar segurados'],
  GERENCIAR_SEGURADOS: [12, 'Gerenciar segurados'],
  GERENCIAR_TOMADORES: [13, 'Gerenciar tomadores'],
  VISUALIZAR_TOMADORES: [14, 'Visualizar tomadores'],
  DOWNLOAD_DO_LAUDO_DE_EMISSAO: [15, 'Download do laudo de emissão'],
  REPROCESSAMENTO: [16, 'Reprocessamento'],
  IGNORAR_ASSINATURA_DE_CCG: [17, 'Ignorar assinatura de CCG'],
  BLOQUEAR_RESTRITIVOS_DO_TOMADOR: [19, 'Bloquear restritivos do tomador'],
  RESETAR_GRUPO_ECONOMICO: [20, 'Resetar grupo econômico'],
  GERENCIAR_CORRETORES: [21, 'Gerenciar corretores'],
  VISUALIZAR_CORRETORES: [22, 'Visualizar corretores'],
  CANCELAR_APOLICE_MANUALMENTE: [23, 'Cancelar apólice manualmente'],
  VISUALIZAR_APOLICES: [24, 'Visualizar apólices'],
  SOLICITAR_ENDOSSO: [25, 'Solicitar endosso'],
  PARAMETRIZAR_SEGURADORA: [26, 'Parametrizar seguradora'],
  APROVACAO_MANUAL: [27, 'Aprovação manual'],
  VISUALIZAR_CORRETORA: [28, 'Visualizar corretora'],
  GERENCIAR_TOMADORES_SEGURADORA: [29, 'Gerenciar tomadores (seguradora)'],
  VISUALIZAR_TOMADORES_SEGURADORA: [30, 'Visualizar tomadores (seguradora)'],
  GERENCIAR_PROPOSTAS_SEGURADORA: [31, 'Gerenciar propostas (seguradora)'],
  VISUALIZAR_PROPOSTAS_SEGURADORA: [32, 'Visualizar propostas (seguradora)'],
  LISTAR_CORRETORES_ASSESSOR: [33, 'Listar corretores do assessor'],
  GERENCIAR_ESTEIRA_CADASTRO: [34, 'Gerenciar esteira de cadastro'],
  GERENCIAR_ESTEIRA_CREDITO: [35, 'Gerenciar esteira de crédito'],
  GERENCIAR_ESTEIRA_NOMEACAO: [36, 'Gerenciar esteira de nomeação'],
  GERENCIAR_ESTEIRA_PEP: [37, 'Gerenciar esteira de PEP'],
  GERENCIAR_ESTEIRA_RESSEGURO: [38, 'Gerenciar esteira de resseguro'],
  GERENCIAR_ESTEIRA_SUBSCRICAO: [39, 'Gerenciar esteira de subscrição'],
  GERENCIAR_ESTEIRA_INSPECAO: [40, 'Gerenciar esteira de inspeção'],
  DOWNLOAD_DOCUMENTOS: [43, 'Download de documentos'],
  UPLOAD_DOCUMENTOS: [44, 'Upload de documentos'],
  EDITAR_DOCUMENTOS: [45, 'Editar documentos'],
  REMOVER_DOCUMENTOS: [46, 'Remover documentos'],
  RESTAURAR_DOCUMENTOS: [47, 'Restaurar documentos'],
  /** Ours (issue 32): approve a typed credit limit above the insurer's bound, with a justification. */
  APROVAR_LIMITE_ACIMA_DO_TETO: [48, 'Aprovar limite acima do teto'],
  /** Ours (issue 35): the SRO registrations screen (list, resend, rectify, manual protocol). */
  GERENCIAR_REGISTROS_SRO: [49, 'Gerenciar registros no SRO'],
});

export type PermissionKey = keyof typeof Permission;
export type PermissionId = (typeof Permission)[PermissionKey];
