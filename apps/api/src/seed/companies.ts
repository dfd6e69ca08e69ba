/**
 * What the demo insurers' documents print about them (their records, filled by the installer as an
 * operator gives them): a head office on Avenida Brigadeiro Faria Lima, the Itaú collecting account
 * of the local boleto generator's wallet 109, the CNPJ as Pix key.
 */
const demoRecord = (r: {
  cnpj: string;
  susepCode: string;
  number: string;
  processes: readonly [string, string, string, string];
  sac: string;
  ouvidoria: string;
  domain: string;
}) => ({
  Cnpj: r.cnpj,
  SusepCode: r.susepCode,
  ZipCode: '01452002',
  AddressName: 'Avenida Brigadeiro Faria Lima',
  Number: r.number,
  Neighborhood: 'Itaim Bibi',
  StateProvinceId: 35,
  CityId: 3550308,
  SusepProcesses: (['0775', '0776', 'NamedRisk', 'RC'] as const).map((BranchCode, i) => ({
    BranchCode,
    Number: r.processes[i]!,
  })),
  BankCode: '341',
  BankName: 'Itaú Unibanco S.A.',
  BankAgency: '0912',
  BankAccount: '45127',
  BankWallet: '109',
  PixKey: r.cnpj,
  SacPhone: r.sac,
  OuvidoriaPhone: r.ouvidoria,
  OuvidoriaEmail: `ouvidoria@${r.domain}.com.br`,
  Site: `www.${r.domain}.com.br`,
});

/**
 * The four insurer tenants of the spec (company ids 54, 325, 159161, 158614). Each has its own
 * host under `.localhost` (Chromium and curl resolve `*.localhost` to loopback without editing
 * /etc/hosts); plain `localhost` and `127.0.0.1` open the first one. CompanyKeys are public
 * identifiers sent by the browser, not secrets. `record`: what their documents print about them
 * (the values they printed before the record existed, so every seeded document still agrees).
 */
export const demoCompanies = [
  {
    id: 54,
    name: 'Aurora Seguros Garantia',
    companyKey: 'ck-aurora-54-3f9a1c7e',
    hosts: ['aurora.localhost', 'localhost', '127.0.0.1'],
    primaryColor: '#0e65a5',
    font: 'Montserrat',
    record: demoRecord({
      cnpj: '75686462000103',
      susepCode: '10054',
      number: '1054',
      processes: [
        '15414.602449/2024-53',
        '15414.602450/2024-54',
        '15414.602451/2024-55',
        '15414.602452/2024-56',
      ],
      sac: '0800 754 1054',
      ouvidoria: '0800 654 2054',
      domain: 'auroraseguros',
    }),
  },
  {
    id: 325,
    name: 'Fiança Brasil Seguradora',
    companyKey: 'ck-fianca-325-8b2d4e61',
    hosts: ['fianca.localhost'],
    primaryColor: '#1b7f5c',
    font: 'Montserrat',
    record: demoRecord({
      cnpj: '91559016000194',
      susepCode: '10325',
      number: '1325',
      processes: [
        '15414.610850/2020-33',
        '15414.610851/2020-34',
        '15414.610852/2020-35',
        '15414.610853/2020-36',
      ],
      sac: '0800 725 1325',
      ouvidoria: '0800 625 2325',
      domain: 'fiancabrasil',
    }),
  },
  {
    id: 159161,
    name: 'Pilar Garantias S.A.',
    companyKey: 'ck-pilar-159161-c4e07a93',
    hosts: ['pilar.localhost'],
    primaryColor: '#6a3fa0',
    font: 'Montserrat',
    record: demoRecord({
      cnpj: '32148402000124',
      susepCode: '79162',
      number: '1761',
      processes: [
        '15414.734778/2021-80',
        '15414.734779/2021-81',
        '15414.734780/2021-82',
        '15414.734781/2021-83',
      ],
      sac: '0800 861 7161',
      ouvidoria: '0800 661 9161',
      domain: 'pilargarantias',
    }),
  },
  {
    id: 158614,
    name: 'Horizonte Seguros',
    companyKey: 'ck-horizonte-158614-5d71b2f0',
    hosts: ['horizonte.localhost'],
    primaryColor: '#b5472c',
    font: 'Montserrat',
    record: demoRecord({
      cnpj: '75753502000192',
      susepCode: '78615',
      number: '1214',
      processes: [
        '15414.717821/2024-18',
        '15414.717822/2024-19',
        '15414.717823/2024-20',
        '15414.717824/2024-21',
      ],
      sac: '0800 914 6614',
      ouvidoria: '0800 614 8614',
      domain: 'horizonteseguros',
    }),
  },
] as const;

/**
 * Holders the browser journeys work on (their limits, branch activity and policies are read or
 * changed there): the demo's analysis, policies and endorsements leave them alone.
 */
export const journeyHolders = [
  'Construtora Horizonte Azul Ltda.',
  'Engenharia Vale do Paraíba S.A.',
  'Tecnologia Vigia Sistemas Ltda.',
];
