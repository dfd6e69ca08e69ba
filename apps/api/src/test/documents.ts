import {
  type InsurerProfile,
  insurerForDocuments,
  susepProcessOf,
} from '../modules/parameterisation/index.js';
import { asInsurer } from './factories.js';
import type { TestApp } from './harness.js';

/** The bytes behind a signed link (the API's own storage route), as a person's download gets them. */
export const fetchSignedFile = async (t: TestApp, url: string) => {
  const res = await t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });
  if (res.statusCode !== 200) throw new Error(`download of ${url}: ${res.statusCode} ${res.body}`);
  return res.rawPayload;
};

/**
 * What every contractual document (policy, endorsement, minuta) must print for the consumer
 * (Circular SUSEP 642/2021; 662/2022 for surety), as pdf.js reads it: the tests look for each.
 */
export const consumerElements = (insurer: InsurerProfile, branchCode: string) => [
  'INFORMAÇÕES AO CONSUMIDOR',
  `código SUSEP ${insurer.susepCode}`,
  'www.susep.gov.br',
  `SAC: ${insurer.consumer.sac}`,
  `Ouvidoria: ${insurer.consumer.ouvidoria}`,
  '0800 021 8484',
  'não implica, por parte da Autarquia, incentivo ou recomendação à sua comercialização',
  `Processo SUSEP nº ${susepProcessOf(insurer, branchCode)}`,
  'Circular SUSEP nº 662/2022',
  'horário de Brasília',
];

/** The insurer as its documents print it, read from its stored record (the demo's: the seed's). */
export const insurerOf = (t: TestApp, companyId = 54) =>
  asInsurer(t, (ctx) => insurerForDocuments(ctx), { companyId });

/** A complete insurer for the renderers' tests that run without a database. */
export const sampleInsurer: InsurerProfile = {
  name: 'Seguradora Exemplo S.A.',
  cnpj: '11222333000181',
  susepCode: '05886',
  address: {
    street: 'Avenida Brigadeiro Faria Lima',
    number: '1054',
    district: 'Itaim Bibi',
    city: 'São Paulo',
    state: 'SP',
    zipCode: '01452002',
  },
  susepProcesses: { '0775': '15414.602449/2024-53', '0776': '15414.602450/2024-54' },
  bank: { code: '341', name: 'Itaú Unibanco S.A.', agency: '0912', account: '45127', wallet: '109' },
  pixKey: '11222333000181',
  consumer: {
    sac: '0800 754 1054',
    ouvidoria: '0800 654 2054',
    email: 'ouvidoria@exemplo.com.br',
    site: 'www.exemplo.com.br',
  },
};
