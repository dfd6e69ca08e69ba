/**
 * The starting catalogue of every insurer (standard-catalogue.ts installs it): the surety branches 0775 (public insured) and 0776 (private
 * insured) with the usual Brazilian surety modalities, and the property products (named risks,
 * RC) with CNAE rates. Limits are plausible market figures, not any insurer's real ones.
 */

type StandardCoverage = {
  name: string;
  description: string;
  isAdditional?: boolean;
  insuredAmountPercentage?: string;
  rate?: string;
  /** Type 4/5 text of an additional coverage. */
  objectText?: string;
};

type StandardDocument = {
  name: string;
  description?: string;
  type: number;
  pipe: number;
  required?: boolean;
};

export type StandardModality = {
  name: string;
  group: string;
  susepCode?: string;
  description: string;
  maxIs: string;
  minIs?: string;
  autoLimit: string;
  minPremium: string;
  rate: string;
  retroactiveDays: number;
  futureDays: number;
  minDays: number;
  maxDays: number;
  isComplementary?: boolean;
  automaticCancel?: boolean;
  daysAfterDueDate?: number;
  canHaveBeneficiaryPf?: boolean;
  installment: 'AVISTA' | 'PARC6' | 'PARC12';
  objectText: string;
  specialText?: string;
  coverages: StandardCoverage[];
  clauses: { title: string; text: string }[];
  documents: StandardDocument[];
  /** Names of complementary modalities (same branch) linked to this one. */
  complementary?: string[];
  cnaeRates?: { cnae: string; description: string; rate: string }[];
};

export type StandardBranch = {
  code: string;
  name: string;
  kind: 'surety' | 'property';
  isPublic: boolean;
  iofRate: string;
  generalConditions?: string;
  modalities: StandardModality[];
};

// Request document types (spec §3) and pipes used below.
const PROPOSTA = 3;
const SUBSCRICAO = 2;
const TOMADOR = 6;
const CADASTRO = 1;
const CREDITO = 2;
const PIPE_SUBSCRICAO = 6;
const PIPE_INSPECAO = 7;

const objectOf = (what: string) =>
  `<p>Garantir a indenização, até o valor de <strong>[VALOR_IS]</strong> ([VALOR_IS_EXT]), dos prejuízos decorrentes do inadimplemento das obrigações assumidas pelo tomador <strong>[TOMADOR]</strong>, CNPJ [CNPJ_TOMADOR], ${what}, em favor do segurado <strong>[SEGURADO]</strong>, CNPJ/CPF [CNPJ_SEGURADO].</p><p>Vigência: de [INI_VIGENCIA] a [FIM_VIGENCIA] ([PRAZO_DIAS] dias).</p>`;

const special = (modality: string, extra: string) =>
  `<p><strong>Condições Especiais - ${modality}</strong></p><p>Estas condições especiais complementam as condições gerais da apólice emitida por [SEGURADORA] para a modalidade [MODALIDADE]. ${extra}</p>`;

const laborCoverage: StandardCoverage = {
  name: 'Ações Trabalhistas e Previdenciárias',
  description: 'Cobre obrigações trabalhistas e previdenciárias do tomador relativas ao contrato garantido.',
  isAdditional: true,
  insuredAmountPercentage: '100',
  rate: '0.30',
  objectText:
    '<p>Cobertura adicional de ações trabalhistas e previdenciárias: garante ao segurado [SEGURADO] o reembolso dos prejuízos decorrentes de condenação em reclamações trabalhistas e previdenciárias de responsabilidade do tomador [TOMADOR], relativas ao contrato objeto desta apólice, até [VALOR_IS].</p>',
};

const finesCoverage: StandardCoverage = {
  name: 'Multas Contratuais',
  description: 'Cobre multas aplicadas ao tomador pelo descumprimento do contrato.',
  isAdditional: true,
  insuredAmountPercentage: '30',
  rate: '0.20',
  objectText:
    '<p>Cobertura adicional de multas: garante o pagamento das multas contratuais aplicadas pelo segurado [SEGURADO] ao tomador [TOMADOR], limitado a 30% de [VALOR_IS].</p>',
};

const basic = (name: string): StandardCoverage => ({
  name: `Cobertura Básica - ${name}`,
  description: `Cobertura principal da modalidade ${name}.`,
});

const contractDocs: StandardDocument[] = [
  {
    name: 'Contrato ou edital',
    description: 'Cópia do contrato assinado ou do edital.',
    type: PROPOSTA,
    pipe: PIPE_SUBSCRICAO,
  },
  { name: 'Ordem de serviço ou de fornecimento', type: PROPOSTA, pipe: PIPE_SUBSCRICAO, required: false },
  { name: 'Demonstrações financeiras do último exercício', type: TOMADOR, pipe: CREDITO },
];

const judicialDocs: StandardDocument[] = [
  {
    name: 'Petição inicial ou decisão judicial',
    description: 'Peça que determina a garantia.',
    type: PROPOSTA,
    pipe: PIPE_SUBSCRICAO,
  },
  { name: 'Certidão de objeto e pé', type: PROPOSTA, pipe: PIPE_SUBSCRICAO },
  { name: 'Demonstrações financeiras do último exercício', type: TOMADOR, pipe: CREDITO },
];

const retroClause = {
  title: 'Cláusula de Retroatividade',
  text: '<p>Fica entendido e acordado que esta apólice cobre os prejuízos decorrentes de fatos ocorridos a partir de [INI_VIGENCIA], ainda que a emissão seja posterior, desde que o tomador [TOMADOR] não tenha conhecimento de inadimplemento até a data da emissão.</p>',
};

const noticeClause = {
  title: 'Cláusula de Expectativa de Sinistro',
  text: '<p>O segurado [SEGURADO] deverá comunicar à seguradora [SEGURADORA], em até 30 dias, qualquer fato que possa caracterizar expectativa de sinistro relativo ao tomador [TOMADOR].</p>',
};

const renewalClause = {
  title: 'Cláusula de Renovação Automática',
  text: '<p>A garantia será renovada automaticamente enquanto perdurar a obrigação judicial garantida, nos termos da regulamentação, mantida a importância segurada de [VALOR_IS] devidamente atualizada.</p>',
};

const performance = (
  name: string,
  what: string,
  limits: Pick<StandardModality, 'maxIs' | 'autoLimit' | 'minPremium' | 'rate' | 'minDays' | 'maxDays'>,
  group: string,
): StandardModality => ({
  name,
  group,
  description: `Garante o fiel cumprimento das obrigações do tomador como ${what}.`,
  ...limits,
  retroactiveDays: 30,
  futureDays: 60,
  automaticCancel: true,
  daysAfterDueDate: 30,
  installment: 'PARC6',
  objectText: objectOf(`no contrato em que atua como ${what}`),
  specialText: special(
    name,
    'A garantia vigora até a extinção das obrigações do tomador no contrato garantido.',
  ),
  coverages: [basic(name), laborCoverage, finesCoverage],
  clauses: [retroClause, noticeClause],
  documents: contractDocs,
  complementary: ['Adiantamento de Pagamento', 'Retenção de Pagamentos'],
});

const complementaryModality = (
  name: string,
  what: string,
  limits: Pick<StandardModality, 'maxIs' | 'autoLimit' | 'minPremium' | 'rate' | 'minDays' | 'maxDays'>,
  group: string,
): StandardModality => ({
  name,
  group,
  description: what,
  ...limits,
  retroactiveDays: 15,
  futureDays: 30,
  isComplementary: true,
  automaticCancel: true,
  daysAfterDueDate: 30,
  installment: 'PARC6',
  objectText: objectOf(what.charAt(0).toLowerCase() + what.slice(1).replace(/\.$/, '')),
  coverages: [basic(name)],
  clauses: [noticeClause],
  documents: contractDocs.slice(0, 1),
});

const contractGroup = 'Contratos';
const suretyContracts = (publicSector: boolean): StandardModality[] => [
  performance(
    'Executante Construtor',
    'executante construtor de obras',
    {
      maxIs: '50000000.00',
      autoLimit: '5000000.00',
      minPremium: '300.00',
      rate: '1.200000',
      minDays: 90,
      maxDays: 1825,
    },
    contractGroup,
  ),
  performance(
    'Fornecedor',
    'fornecedor de bens',
    {
      maxIs: '20000000.00',
      autoLimit: '3000000.00',
      minPremium: '250.00',
      rate: '1.000000',
      minDays: 30,
      maxDays: 1095,
    },
    contractGroup,
  ),
  performance(
    'Prestador de Serviços',
    'prestador de serviços',
    {
      maxIs: '20000000.00',
      autoLimit: '3000000.00',
      minPremium: '250.00',
      rate: '1.000000',
      minDays: 30,
      maxDays: 1825,
    },
    contractGroup,
  ),
  complementaryModality(
    'Adiantamento de Pagamento',
    'Garante a devolução dos valores adiantados pelo segurado caso o tomador não cumpra o contrato.',
    {
      maxIs: '10000000.00',
      autoLimit: '1000000.00',
      minPremium: '400.00',
      rate: '2.000000',
      minDays: 30,
      maxDays: 730,
    },
    contractGroup,
  ),
  complementaryModality(
    'Retenção de Pagamentos',
    'Substitui a retenção de parte dos pagamentos devidos ao tomador prevista no contrato.',
    {
      maxIs: '10000000.00',
      autoLimit: '2000000.00',
      minPremium: '300.00',
      rate: '1.500000',
      minDays: 30,
      maxDays: 1825,
    },
    contractGroup,
  ),
  ...(publicSector
    ? []
    : [
        {
          name: 'Imobiliário',
          group: 'Imobiliário',
          description: 'Garante a entrega do empreendimento imobiliário aos adquirentes das unidades.',
          maxIs: '30000000.00',
          autoLimit: '3000000.00',
          minPremium: '500.00',
          rate: '1.500000',
          retroactiveDays: 30,
          futureDays: 60,
          minDays: 180,
          maxDays: 1825,
          canHaveBeneficiaryPf: true,
          installment: 'PARC12' as const,
          objectText: objectOf('na incorporação e entrega do empreendimento imobiliário'),
          specialText: special('Imobiliário', 'Os adquirentes das unidades são beneficiários da garantia.'),
          coverages: [basic('Imobiliário')],
          clauses: [noticeClause],
          documents: [
            { name: 'Memorial de incorporação registrado', type: PROPOSTA, pipe: PIPE_SUBSCRICAO },
            { name: 'Cronograma físico-financeiro da obra', type: SUBSCRICAO, pipe: PIPE_SUBSCRICAO },
            { name: 'Demonstrações financeiras do último exercício', type: TOMADOR, pipe: CREDITO },
          ],
        },
      ]),
];

const judicial = (
  name: string,
  what: string,
  limits: Pick<StandardModality, 'maxIs' | 'autoLimit' | 'minPremium' | 'rate' | 'minDays' | 'maxDays'>,
): StandardModality => ({
  name,
  group: 'Judicial',
  description: `Garante ${what}.`,
  ...limits,
  retroactiveDays: 0,
  futureDays: 30,
  installment: 'PARC12',
  // "no pagamento", not "em o pagamento": the preposition contracts with the article.
  objectText: objectOf(what.replace(/^o /, 'no ').replace(/^a /, 'na ')),
  specialText: special(name, 'A garantia não pode ser cancelada enquanto perdurar a obrigação judicial.'),
  coverages: [basic(name)],
  clauses: [renewalClause],
  documents: judicialDocs,
});

export const standardCatalogue: StandardBranch[] = [
  {
    code: '0775',
    name: 'Garantia Segurado - Setor Público',
    kind: 'surety',
    isPublic: true,
    iofRate: '0',
    generalConditions:
      '<p><strong>Condições Gerais - Seguro Garantia: Segurado Setor Público</strong></p><p>Este seguro, regido pela Circular SUSEP nº 662/2022, garante o fiel cumprimento das obrigações assumidas pelo tomador [TOMADOR] perante o segurado [SEGURADO], órgão ou entidade da Administração Pública, até o valor de [VALOR_IS].</p><p>A seguradora [SEGURADORA], CNPJ [CNPJ_SEGURADORA], indenizará o segurado nos termos destas condições gerais, das condições especiais da modalidade e das cláusulas particulares da apólice.</p>',
    modalities: [
      {
        name: 'Licitante',
        group: 'Licitações',
        description: 'Garante a assinatura do contrato pelo tomador vencedor da licitação.',
        maxIs: '5000000.00',
        autoLimit: '1000000.00',
        minPremium: '150.00',
        rate: '0.500000',
        retroactiveDays: 0,
        futureDays: 30,
        minDays: 30,
        maxDays: 365,
        installment: 'AVISTA',
        objectText: objectOf(
          'na licitação promovida pelo segurado, caso, vencedor, se recuse a assinar o contrato',
        ),
        specialText: special(
          'Licitante',
          'A garantia cobre a recusa do adjudicatário em assinar o contrato.',
        ),
        coverages: [basic('Licitante')],
        clauses: [noticeClause],
        documents: [
          { name: 'Edital da licitação', type: PROPOSTA, pipe: PIPE_SUBSCRICAO },
          { name: 'Contrato social consolidado', type: TOMADOR, pipe: CADASTRO },
        ],
      },
      ...suretyContracts(true),
      judicial('Judicial Cível', 'o pagamento de débito discutido em processo judicial cível', {
        maxIs: '30000000.00',
        autoLimit: '2000000.00',
        minPremium: '500.00',
        rate: '1.800000',
        minDays: 365,
        maxDays: 1825,
      }),
      judicial(
        'Judicial Trabalhista',
        'o pagamento de débito em reclamação trabalhista (IS mínima do débito + 30%)',
        {
          maxIs: '5000000.00',
          autoLimit: '500000.00',
          minPremium: '200.00',
          rate: '1.500000',
          minDays: 1095,
          maxDays: 1825,
        },
      ),
      judicial('Judicial Depósito Recursal', 'o depósito recursal em processo trabalhista', {
        maxIs: '1000000.00',
        autoLimit: '300000.00',
        minPremium: '150.00',
        rate: '1.200000',
        minDays: 1095,
        maxDays: 1825,
      }),
      judicial('Judicial Fiscal', 'o débito fiscal inscrito em dívida ativa discutido em execução fiscal', {
        maxIs: '50000000.00',
        autoLimit: '3000000.00',
        minPremium: '600.00',
        rate: '2.000000',
        minDays: 1825,
        maxDays: 3650,
      }),
      {
        name: 'Aduaneiro',
        group: 'Aduaneiro',
        description:
          'Garante obrigações do tomador perante a Receita Federal em regimes aduaneiros especiais.',
        maxIs: '20000000.00',
        autoLimit: '2000000.00',
        minPremium: '400.00',
        rate: '1.000000',
        retroactiveDays: 0,
        futureDays: 30,
        minDays: 30,
        maxDays: 1095,
        installment: 'PARC6',
        objectText: objectOf('em regime aduaneiro especial perante a Receita Federal do Brasil'),
        coverages: [basic('Aduaneiro')],
        clauses: [noticeClause],
        documents: [
          {
            name: 'Termo de responsabilidade ou declaração de admissão',
            type: PROPOSTA,
            pipe: PIPE_SUBSCRICAO,
          },
          { name: 'Demonstrações financeiras do último exercício', type: TOMADOR, pipe: CREDITO },
        ],
      },
    ],
  },
  {
    code: '0776',
    name: 'Garantia Segurado - Setor Privado',
    kind: 'surety',
    isPublic: false,
    iofRate: '0',
    generalConditions:
      '<p><strong>Condições Gerais - Seguro Garantia: Segurado Setor Privado</strong></p><p>Este seguro, regido pela Circular SUSEP nº 662/2022, garante o fiel cumprimento das obrigações assumidas pelo tomador [TOMADOR] perante o segurado [SEGURADO], pessoa jurídica de direito privado ou pessoa física, até o valor de [VALOR_IS].</p><p>A seguradora [SEGURADORA] indenizará o segurado nos termos destas condições gerais e das condições especiais da modalidade.</p>',
    modalities: [
      ...suretyContracts(false),
      judicial(
        'Judicial Cível',
        'o pagamento de débito discutido em processo judicial cível entre particulares',
        {
          maxIs: '20000000.00',
          autoLimit: '2000000.00',
          minPremium: '500.00',
          rate: '1.800000',
          minDays: 365,
          maxDays: 1825,
        },
      ),
    ],
  },
  {
    code: 'NamedRisk',
    name: 'Riscos Nomeados',
    kind: 'property',
    isPublic: false,
    iofRate: '7.38',
    modalities: [
      {
        name: 'Riscos Nomeados Empresarial',
        group: 'Patrimonial',
        description:
          'Seguro patrimonial de riscos nomeados: incêndio, explosão, danos elétricos, vendaval e roubo.',
        maxIs: '100000000.00',
        autoLimit: '10000000.00',
        minPremium: '500.00',
        rate: '0.250000',
        retroactiveDays: 0,
        futureDays: 30,
        minDays: 30,
        maxDays: 365,
        installment: 'PARC12',
        objectText:
          '<p>Seguro de riscos nomeados do segurado [SEGURADO], localizado em [LOGRADOURO_SEGURADO], [NUMERO_SEGURADO] - [CIDADE_SEGURADO]/[UF_SEGURADO], com limite máximo de indenização de [VALOR_IS], vigente de [INI_VIGENCIA] a [FIM_VIGENCIA].</p>',
        coverages: [
          { name: 'Incêndio, Raio e Explosão', description: 'Cobertura básica.' },
          {
            name: 'Danos Elétricos',
            description: 'Danos a equipamentos por variação de tensão.',
            isAdditional: true,
            insuredAmountPercentage: '20',
            rate: '0.05',
          },
          {
            name: 'Vendaval e Granizo',
            description: 'Danos por ventos fortes e granizo.',
            isAdditional: true,
            insuredAmountPercentage: '30',
            rate: '0.04',
          },
          {
            name: 'Roubo de Bens',
            description: 'Roubo ou furto qualificado de bens.',
            isAdditional: true,
            insuredAmountPercentage: '10',
            rate: '0.08',
          },
          {
            name: 'Lucros Cessantes',
            description: 'Perda de lucro bruto após sinistro coberto.',
            isAdditional: true,
            insuredAmountPercentage: '50',
            rate: '0.06',
          },
        ],
        clauses: [
          {
            title: 'Cláusula de Inspeção de Risco',
            text: '<p>A seguradora [SEGURADORA] poderá inspecionar o local de risco antes da emissão; a aceitação fica condicionada ao resultado da inspeção.</p>',
          },
        ],
        documents: [
          { name: 'Questionário de avaliação de risco', type: PROPOSTA, pipe: PIPE_INSPECAO },
          { name: 'Fotos do local de risco', type: PROPOSTA, pipe: PIPE_INSPECAO, required: false },
        ],
        cnaeRates: [
          {
            cnae: '4711-3/02',
            description: 'Comércio varejista de mercadorias em geral (supermercados)',
            rate: '0.180000',
          },
          {
            cnae: '1091-1/02',
            description: 'Fabricação de produtos de padaria e confeitaria',
            rate: '0.350000',
          },
          { cnae: '2512-8/00', description: 'Fabricação de esquadrias de metal', rate: '0.280000' },
          { cnae: '4120-4/00', description: 'Construção de edifícios', rate: '0.250000' },
          {
            cnae: '4930-2/02',
            description: 'Transporte rodoviário de carga intermunicipal',
            rate: '0.220000',
          },
          { cnae: '5611-2/01', description: 'Restaurantes e similares', rate: '0.320000' },
          {
            cnae: '6201-5/01',
            description: 'Desenvolvimento de programas de computador sob encomenda',
            rate: '0.090000',
          },
          { cnae: '8610-1/01', description: 'Atividades de atendimento hospitalar', rate: '0.150000' },
        ],
      },
    ],
  },
  {
    code: 'RC',
    name: 'Compreensivo Empresarial',
    kind: 'property',
    isPublic: false,
    iofRate: '7.38',
    modalities: [
      {
        name: 'Compreensivo Empresarial',
        group: 'Patrimonial',
        description: 'Seguro compreensivo empresarial com responsabilidade civil do estabelecimento.',
        maxIs: '50000000.00',
        autoLimit: '5000000.00',
        minPremium: '400.00',
        rate: '0.200000',
        retroactiveDays: 0,
        futureDays: 30,
        minDays: 30,
        maxDays: 365,
        installment: 'PARC12',
        objectText:
          '<p>Seguro compreensivo empresarial do segurado [SEGURADO] com limite máximo de garantia de [VALOR_IS], vigente de [INI_VIGENCIA] a [FIM_VIGENCIA].</p>',
        coverages: [
          { name: 'Incêndio, Raio e Explosão', description: 'Cobertura básica.' },
          {
            name: 'Responsabilidade Civil do Estabelecimento',
            description: 'Danos causados a terceiros no estabelecimento.',
            isAdditional: true,
            insuredAmountPercentage: '20',
            rate: '0.07',
          },
          {
            name: 'Quebra de Vidros',
            description: 'Quebra acidental de vidros e letreiros.',
            isAdditional: true,
            insuredAmountPercentage: '5',
            rate: '0.03',
          },
        ],
        clauses: [
          {
            title: 'Cláusula de Rateio',
            text: '<p>Se o valor em risco for superior à importância segurada de [VALOR_IS], o segurado [SEGURADO] participará proporcionalmente dos prejuízos.</p>',
          },
        ],
        documents: [{ name: 'Questionário de avaliação de risco', type: PROPOSTA, pipe: PIPE_INSPECAO }],
        cnaeRates: [
          {
            cnae: '4711-3/02',
            description: 'Comércio varejista de mercadorias em geral (supermercados)',
            rate: '0.150000',
          },
          {
            cnae: '4781-4/00',
            description: 'Comércio varejista de artigos do vestuário e acessórios',
            rate: '0.170000',
          },
          { cnae: '5611-2/01', description: 'Restaurantes e similares', rate: '0.280000' },
          { cnae: '6911-7/01', description: 'Serviços advocatícios', rate: '0.080000' },
          {
            cnae: '8630-5/03',
            description: 'Atividade médica ambulatorial restrita a consultas',
            rate: '0.100000',
          },
          { cnae: '9602-5/01', description: 'Cabeleireiros, manicure e pedicure', rate: '0.160000' },
        ],
      },
    ],
  },
];

export const standardInstallmentParameters = [
  {
    code: 'AVISTA',
    name: 'À vista',
    minimumInstallmentValue: '0.00',
    maximumInstallments: 1,
    gracePeriodsInDays: [0],
    paymentMethods: ['boleto', 'pix'],
    firstDueDays: 5,
  },
  {
    code: 'PARC6',
    name: 'Até 6 parcelas',
    minimumInstallmentValue: '200.00',
    maximumInstallments: 6,
    gracePeriodsInDays: [0, 15, 30],
    paymentMethods: ['boleto', 'pix'],
    firstDueDays: 5,
  },
  {
    code: 'PARC12',
    name: 'Até 12 parcelas',
    minimumInstallmentValue: '300.00',
    maximumInstallments: 12,
    gracePeriodsInDays: [0, 30],
    paymentMethods: ['boleto', 'pix', 'debito'],
    firstDueDays: 10,
  },
] as const;
