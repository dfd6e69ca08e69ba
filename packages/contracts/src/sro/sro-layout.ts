import { SroEventType, SUSEP_CODE_PATTERN, sroEventTypes } from '@aval/domain';
import { z } from 'zod';

/**
 * The registration a registradora receives (docs/sro.md): one operation of a surety policy, with
 * the elements Circular SUSEP 710/2024 asks (policy, proposal and endorsement numbers and dates,
 * parties and their documents, each coverage with its IS/LMG and vigência, premium and instalments,
 * intermediaries and their commission). Field names follow the layout's Portuguese camelCase; the
 * API's sender and the simulated registradora validate against this one schema.
 */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data no formato AAAA-MM-DD.');
const decimal = z.string().regex(/^-?\d+(\.\d{1,2})?$/, 'Valor decimal com até 2 casas.');

const pessoa = z.object({ tipoDocumento: z.enum(['CPF', 'CNPJ']), documento: z.string(), nome: z.string() });

export const sroLayout = z.object({
  /** Our event key and version: the registradora answers a repeated identifier with the same protocol. */
  identificadorRegistro: z.string().min(1).max(120),
  tipoOperacao: z.enum(sroEventTypes),
  /**
   * The insurer as SUSEP registers it: its SUSEP code (código FIP, 5 digits), as its record (Dados
   * da seguradora) held it when the operation was recorded.
   */
  codigoSeguradora: z.string().regex(SUSEP_CODE_PATTERN, 'Código SUSEP da seguradora: 5 dígitos.'),
  /** Group 07 (riscos financeiros), branch 0775/0776 (seguro garantia): the policy's branch. */
  codigoRamo: z.string().regex(/^\d{4}$/),
  apolice: z.object({
    numeroApolice: z.string().min(1),
    numeroProposta: z.string().min(1),
    dataAssinaturaProposta: isoDate.nullable(),
    dataProtocoloProposta: isoDate.nullable(),
    dataEmissao: isoDate,
    dataInicioVigencia: isoDate,
    dataFimVigencia: isoDate,
    modalidade: z.string(),
  }),
  endosso: z
    .object({
      numeroEndosso: z.string(),
      tipoEndosso: z.string(),
      dataEmissao: isoDate,
      dataInicioVigencia: isoDate,
      dataFimVigencia: isoDate,
    })
    .nullable(),
  tomador: pessoa,
  segurado: pessoa.nullable(),
  coberturas: z
    .array(
      z.object({
        codigoCobertura: z.string(),
        descricao: z.string(),
        importanciaSegurada: decimal,
        limiteMaximoGarantia: decimal,
        dataInicioVigencia: isoDate,
        dataFimVigencia: isoDate,
      }),
    )
    .min(1),
  premio: z.object({
    valorPremioLiquido: decimal,
    valorIof: decimal,
    valorPremioTotal: decimal,
    quantidadeParcelas: z.number().int().min(1),
  }),
  intermediarios: z.array(
    z.object({
      tipoIntermediario: z.enum(['CORRETOR', 'AGENTE', 'REPRESENTANTE']),
      documento: z.string(),
      nome: z.string(),
      codigoSusep: z.string(),
      percentualComissao: decimal.nullable(),
      valorComissao: decimal,
    }),
  ),
  /** Premium or commission settlement, and restitution: the money moved. */
  liquidacao: z
    .object({ numeroParcela: z.number().int().min(0), dataLiquidacao: isoDate, valor: decimal })
    .nullable(),
  /** A rectification of a registered record names the protocol it corrects. */
  retificacao: z.object({ protocoloOriginal: z.string() }).nullable(),
});
export type SroLayout = z.infer<typeof sroLayout>;

/** The registradora's answer to a registration or a status query (docs/sro.md). */
export const sroAnswer = z.object({
  identificadorRegistro: z.string(),
  situacao: z.enum(['REGISTRADO', 'REJEITADO', 'EM_PROCESSAMENTO', 'CANCELADO']),
  protocolo: z.string().nullable(),
  dataRegistro: z.string().nullable(),
  erros: z.array(
    z.object({
      codigo: z.string(),
      mensagem: z.string(),
      /**
       * The intermediary at fault (SUSEP code rules, SRO-030 to SRO-032): its position in
       * `intermediarios` (from 1) and the code and document sent, so the sender can name it.
       */
      intermediario: z
        .object({ posicao: z.number().int().min(1), codigoSusep: z.string(), documento: z.string() })
        .optional(),
    }),
  ),
});
export type SroAnswer = z.infer<typeof sroAnswer>;

/** Operations that need their policy's issuance registered first (the registradora checks it). */
export const sroNeedsPolicy = (t: SroLayout['tipoOperacao']) => t !== SroEventType.EMISSAO;
