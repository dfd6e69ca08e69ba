import { describe, expect, it } from 'vitest';
import { missingTagHtml, renderTags, replaceCompanyTags, tagsInTemplate } from './render-tags.js';
import { getCompanyProposalTags, type TagContext, tagDefinitions } from './tag-catalogue.js';

const address = {
  street: 'Av. Paulista',
  number: '1000',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  zipCode: '01310100',
};

const context: TagContext = {
  startDate: '2025-01-01',
  endDate: '2026-01-01',
  insuredAmount: '1234.56',
  deadlineDays: 365,
  complementaryStartDate: '2026-01-01',
  complementaryEndDate: '2026-04-01',
  complementaryInsuredAmount: 100,
  complementaryDeadlineDays: 90,
  policyNumber: '0775.000123-4',
  modality: 'Executante Construtor',
  policyHolder: { name: 'Construtora <Alfa> & Filhos', document: '11222333000181', address },
  insured: {
    name: 'Prefeitura de Campinas',
    document: '12ABC34501DE35',
    address: { ...address, city: 'Campinas' },
  },
  insurer: { name: 'Seguradora Aval', document: '11.222.333/0001-81', address: { ...address, state: 'RJ' } },
  endorsement: {
    reason: 'Prorrogação de prazo',
    sequence: 2,
    startDate: '2025-06-01',
    endDate: '2026-06-01',
    oldInsuredAmount: 1000,
    newInsuredAmount: 1500,
    objects: ['Obra A', '', 'Obra <B>'],
  },
};

describe('contractual-term tags', () => {
  it('should render the proposal tags in plain text when the context is filled', () => {
    const { text, missing } = renderTags(
      'Vigência de [INI_VIGENCIA] a [FIM_VIGENCIA] ([PRAZO_DIAS] dias; apólice [PRAZO_DIAS_APOLICE]), IS [VALOR_IS] ([VALOR_IS_EXT]). Apólice [NR_APOLICE].',
      context,
    );
    expect(text).toBe(
      'Vigência de 01/01/2025 a 01/01/2026 (365 dias; apólice 455), IS R$ 1.234,56 (mil duzentos e trinta e quatro reais e cinquenta e seis centavos). Apólice 0775.000123-4.',
    );
    expect(missing).toEqual([]);
  });

  it('should render complementary, party and address tags', () => {
    const { text } = renderTags(
      '[INI_VIGENCIA_COMPLEMENTAR]|[FIM_VIGENCIA_COMPLEMENTAR]|[VALOR_IS_COMPLEMENTAR]|[VALOR_IS_EXT_COMPLEMENTAR]|[PRAZO_DIAS_COMPLEMENTAR]|[TOMADOR]|[CNPJ_TOMADOR]|[LOGRADOURO_TOMADOR], [NUMERO_TOMADOR] - [BAIRRO_TOMADOR], [CIDADE_TOMADOR]/[UF_TOMADOR] [CEP_TOMADOR]|[SEGURADO] [CNPJ_SEGURADO] [CIDADE_SEGURADO]|[SEGURADORA] [CNPJ_SEGURADORA] [UF_SEGURADORA] [MODALIDADE]',
      context,
    );
    expect(text).toBe(
      '01/01/2026|01/04/2026|R$ 100,00|cem reais|90|Construtora <Alfa> & Filhos|11.222.333/0001-81|Av. Paulista, 1000 - Bela Vista, São Paulo/SP 01310-100|Prefeitura de Campinas 12.ABC.345/01DE-35 Campinas|Seguradora Aval 11.222.333/0001-81 RJ Executante Construtor',
    );
  });

  it('should render the TAG_ endorsement tags with fallbacks to the proposal parties', () => {
    const { text, html } = renderTags(
      '[TAG_NUMERO_ENDOSSO_EXT] endosso: [TAG_MOTIVO_ENDOSSO]; [TAG_TOMADOR]; [TAG_SEGURADO]; [TAG_INI_VIGENCIA] a [TAG_FIM_VIGENCIA]; de [TAG_IS_ANTERIOR] para [TAG_IS_NOVA]; [TAG_MODALIDADE]; [TAG_LISTA_OBJETOS]',
      context,
    );
    expect(text).toBe(
      'segundo endosso: Prorrogação de prazo; Construtora <Alfa> & Filhos; Prefeitura de Campinas; 01/06/2025 a 01/06/2026; de R$ 1.000,00 para R$ 1.500,00; Executante Construtor; Obra A\nObra <B>',
    );
    expect(html).toContain('Obra A<br>Obra &lt;B&gt;');
    expect(html).toContain('Construtora &lt;Alfa&gt; &amp; Filhos');
  });

  it('should mark unfilled tags: kept in text, label in red in HTML', () => {
    const rendered = renderTags('<p>[TOMADOR] em [INI_VIGENCIA] e [TOMADOR], [DESCONHECIDA]</p>', {});
    expect(rendered.text).toBe('<p>[TOMADOR] em [INI_VIGENCIA] e [TOMADOR], [DESCONHECIDA]</p>');
    expect(rendered.html).toBe(
      '<p><span class="tag-missing" style="color:#B3261E">Nome do Tomador</span> em <span class="tag-missing" style="color:#B3261E">Início de Vigência</span> e <span class="tag-missing" style="color:#B3261E">Nome do Tomador</span>, [DESCONHECIDA]</p>',
    );
    expect(rendered.missing).toEqual(['TOMADOR', 'INI_VIGENCIA']);
    expect(missingTagHtml('A<B')).toBe('<span class="tag-missing" style="color:#B3261E">A&lt;B</span>');
  });

  it('should leave every tag unfilled when the context has empty values', () => {
    const template = tagDefinitions.map((t) => `[${t.name}]`).join(' ');
    const rendered = renderTags(template, {
      policyHolder: { name: '', address: {} },
      endorsement: { objects: [''] },
      deadlineDays: null,
    });
    expect(rendered.missing).toHaveLength(tagDefinitions.length);
  });

  it('should list the known tags a template uses', () => {
    expect(tagsInTemplate('[TOMADOR] [X] [VALOR_IS] [TOMADOR]')).toEqual(['TOMADOR', 'VALOR_IS']);
  });

  it('should list every tag with a unique name and a pt-BR label for GetCompanyProposalTags', () => {
    const tags = getCompanyProposalTags();
    expect(new Set(tags.map((t) => t.Name)).size).toBe(tags.length);
    for (const name of [
      'INI_VIGENCIA',
      'FIM_VIGENCIA',
      'VALOR_IS',
      'VALOR_IS_EXT',
      'PRAZO_DIAS',
      'PRAZO_DIAS_APOLICE',
      'TOMADOR',
      'CNPJ_TOMADOR',
      'NR_APOLICE',
    ]) {
      expect(tags.some((t) => t.Name === name)).toBe(true);
    }
    for (const who of ['TOMADOR', 'SEGURADO', 'SEGURADORA']) {
      for (const part of ['LOGRADOURO', 'NUMERO', 'BAIRRO', 'CIDADE', 'UF', 'CEP']) {
        expect(tags.some((t) => t.Name === `${part}_${who}`)).toBe(true);
      }
    }
    expect(tags.filter((t) => t.Group === 'endorsement').every((t) => t.Name.startsWith('TAG_'))).toBe(true);
    expect(tags[0]).toEqual({
      Name: 'INI_VIGENCIA',
      Tag: '[INI_VIGENCIA]',
      Label: 'Início de Vigência',
      Group: 'proposal',
    });
  });
});

describe('company tags', () => {
  it('should replace [Name] by its value, escaping HTML by default', () => {
    const text = '<p>A [NOME_EMPRESA] (CNPJ [CNPJ]) e [SEM_VALOR] e [OUTRA]</p>';
    expect(
      replaceCompanyTags(text, [
        { Name: 'NOME_EMPRESA', Value: 'Alfa & Beta' },
        { Name: '[CNPJ]', Value: '11.222.333/0001-81' },
        { Name: 'SEM_VALOR', Value: null },
      ]),
    ).toBe('<p>A Alfa &amp; Beta (CNPJ 11.222.333/0001-81) e [SEM_VALOR] e [OUTRA]</p>');
    expect(replaceCompanyTags('[N] [N]', [{ Name: 'N', Value: '<b>' }], { escape: false })).toBe('<b> <b>');
    expect(replaceCompanyTags('[N]', [{ Name: 'N', Value: 7 }])).toBe('7');
  });
});
