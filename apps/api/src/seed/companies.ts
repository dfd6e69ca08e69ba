/**
 * The four insurer tenants of the spec (company ids 54, 325, 159161, 158614). Each has its own
 * host under `.localhost` (Chromium and curl resolve `*.localhost` to loopback without editing
 * /etc/hosts); plain `localhost` and `127.0.0.1` open the first one. CompanyKeys are public
 * identifiers sent by the browser, not secrets.
 */
export const demoCompanies = [
  {
    id: 54,
    name: 'Aurora Seguros Garantia',
    companyKey: 'ck-aurora-54-3f9a1c7e',
    hosts: ['aurora.localhost', 'localhost', '127.0.0.1'],
    primaryColor: '#0e65a5',
    font: 'Montserrat',
  },
  {
    id: 325,
    name: 'Fiança Brasil Seguradora',
    companyKey: 'ck-fianca-325-8b2d4e61',
    hosts: ['fianca.localhost'],
    primaryColor: '#1b7f5c',
    font: 'Montserrat',
  },
  {
    id: 159161,
    name: 'Pilar Garantias S.A.',
    companyKey: 'ck-pilar-159161-c4e07a93',
    hosts: ['pilar.localhost'],
    primaryColor: '#6a3fa0',
    font: 'Montserrat',
  },
  {
    id: 158614,
    name: 'Horizonte Seguros',
    companyKey: 'ck-horizonte-158614-5d71b2f0',
    hosts: ['horizonte.localhost'],
    primaryColor: '#b5472c',
    font: 'Montserrat',
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
