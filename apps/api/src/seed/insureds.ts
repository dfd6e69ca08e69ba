import * as calls from '@aval/contracts';
import { createSeededRandom, generateCnpj } from '@aval/domain';
import type { Db } from '../db/client.js';
import * as beneficiaries from '../modules/beneficiaries/index.js';
import * as insureds from '../modules/insureds/index.js';
import { cityByName, stateByCode } from '../modules/locations/ibge.js';
import { demoCompanies } from './companies.js';
import { demoActors, perform } from './context.js';

type DemoInsured = {
  name: string;
  isPrivate: boolean;
  city: string;
  uf: string;
  cep: string;
  street: string;
  blocked?: string;
};

/** Obligees: public bodies (branch 0775) and private companies (0776). */
const demoInsureds: DemoInsured[] = [
  {
    name: 'Prefeitura Municipal de São Paulo',
    isPrivate: false,
    city: 'São Paulo',
    uf: 'SP',
    cep: '01002900',
    street: 'Viaduto do Chá',
  },
  {
    name: 'Departamento Nacional de Infraestrutura de Transportes - DNIT',
    isPrivate: false,
    city: 'Brasília',
    uf: 'DF',
    cep: '70040902',
    street: 'Setor de Autarquias Norte',
  },
  {
    name: 'Companhia de Saneamento Básico do Estado de São Paulo - SABESP',
    isPrivate: false,
    city: 'São Paulo',
    uf: 'SP',
    cep: '05429000',
    street: 'Rua Costa Carvalho',
  },
  {
    name: 'Tribunal Regional do Trabalho da 2ª Região',
    isPrivate: false,
    city: 'São Paulo',
    uf: 'SP',
    cep: '01139001',
    street: 'Rua Boa Vista',
  },
  {
    name: 'Prefeitura Municipal de Belo Horizonte',
    isPrivate: false,
    city: 'Belo Horizonte',
    uf: 'MG',
    cep: '30130003',
    street: 'Avenida Afonso Pena',
  },
  {
    name: 'Secretaria de Estado de Infraestrutura do Paraná',
    isPrivate: false,
    city: 'Curitiba',
    uf: 'PR',
    cep: '80530140',
    street: 'Avenida Iguaçu',
  },
  {
    name: 'Companhia Docas do Estado da Bahia - CODEBA',
    isPrivate: false,
    city: 'Salvador',
    uf: 'BA',
    cep: '40015160',
    street: 'Avenida da França',
  },
  {
    name: 'Procuradoria-Geral da Fazenda Nacional',
    isPrivate: false,
    city: 'Brasília',
    uf: 'DF',
    cep: '70048900',
    street: 'Esplanada dos Ministérios',
  },
  {
    name: 'Prefeitura Municipal de Porto Alegre',
    isPrivate: false,
    city: 'Porto Alegre',
    uf: 'RS',
    cep: '90010170',
    street: 'Praça Montevidéu',
    blocked: 'Pendência cadastral: endereço de cobrança desatualizado.',
  },
  {
    name: 'Petrobras Transporte S.A. - Transpetro',
    isPrivate: true,
    city: 'Rio de Janeiro',
    uf: 'RJ',
    cep: '20091060',
    street: 'Avenida Presidente Vargas',
  },
  {
    name: 'Vale Logística Integrada S.A.',
    isPrivate: true,
    city: 'Belo Horizonte',
    uf: 'MG',
    cep: '30190131',
    street: 'Praia de Botafogo',
  },
  {
    name: 'Shopping Centers Reunidos do Brasil Ltda.',
    isPrivate: true,
    city: 'Campinas',
    uf: 'SP',
    cep: '13015904',
    street: 'Avenida Francisco Glicério',
  },
  {
    name: 'Energia Limpa Geração S.A.',
    isPrivate: true,
    city: 'Recife',
    uf: 'PE',
    cep: '50030230',
    street: 'Avenida Rio Branco',
  },
  {
    name: 'Hospital Santa Clara Ltda.',
    isPrivate: true,
    city: 'Florianópolis',
    uf: 'SC',
    cep: '88010400',
    street: 'Rua Felipe Schmidt',
  },
  {
    name: 'Incorporadora Horizonte Residencial SPE Ltda.',
    isPrivate: true,
    city: 'Manaus',
    uf: 'AM',
    cep: '69005070',
    street: 'Avenida Eduardo Ribeiro',
    blocked: 'Insolvência comunicada pelo departamento jurídico.',
  },
];

const demoBeneficiaries = [
  'Banco Regional de Desenvolvimento do Extremo Sul',
  'Fundo de Garantia de Operações de Crédito',
  'Caixa Econômica Federal',
];

/**
 * Insureds with locations and beneficiaries per company, registered by the demo analyst through the
 * services a person uses: the insured by its document and name (as on a new proposal), marked
 * private, given its address and, for two, blocked with the reason; the beneficiaries the same way.
 * Idempotent by the natural key, the document (users rename insureds; the document never changes):
 * an existing one is left as it is.
 */
export const seedInsureds = async (db: Db) => {
  for (const c of demoCompanies) {
    const actors = await demoActors(db, c);
    if (!actors) continue;
    // The insured registry is the administrator's (the analyst's profile only reads insureds).
    const ctx = actors.admin;
    // Its own stream: the policy holders' seed draws from c.id * 7919, and the same stream gave
    // insureds the holders' CNPJs (one company both 'Construtora' and 'Prefeitura').
    const random = createSeededRandom(c.id * 7919 + 0x1a5);
    for (const [i, d] of demoInsureds.entries()) {
      const document = generateCnpj({ random, alphanumeric: i === 12 });
      const { IsNew, Insured } = await perform(ctx, calls.validateInsuredByDocumentToNewProposal, () =>
        insureds.validateForProposal(ctx, { Document: document, Name: d.name }),
      );
      if (!IsNew || !Insured) continue;
      if (d.isPrivate)
        await perform(ctx, calls.updateInsuredBranch, () => insureds.setPrivate(ctx, Insured.Id, true));
      const main = {
        InsuredId: Insured.Id,
        ZipCode: d.cep,
        AddressName: d.street,
        Number: String(100 + i * 17),
        Complement: undefined,
        Neighborhood: 'Centro',
        StateProvinceId: stateByCode(d.uf)!.Id,
        CityId: cityByName(d.uf, d.city)!.Id,
        IsMain: true,
      };
      await perform(ctx, calls.saveInsuredLocation, () => insureds.addLocation(ctx, main));
      const blocked = d.blocked;
      if (blocked)
        await perform(ctx, calls.setInsuredBlocked, () =>
          insureds.setBlocked(ctx, Insured.Id, true, blocked),
        );
    }
    for (const name of demoBeneficiaries) {
      const beneficiary = { Document: generateCnpj({ random }), Name: name };
      await perform(ctx, calls.validateBeneficiaryByDocument, () =>
        beneficiaries.validateByDocument(ctx, beneficiary),
      );
    }
  }
};
