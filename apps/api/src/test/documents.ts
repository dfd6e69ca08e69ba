import type { InsurerProfile } from '../lib/insurer-profile.js';

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
  `Processo SUSEP nº ${insurer.susepProcess(branchCode)}`,
  'Circular SUSEP nº 662/2022',
  'horário de Brasília',
];
