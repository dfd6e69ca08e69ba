import { generateCnpj, type TagParty } from '@aval/domain';

/**
 * What the issuance documents print about the insurer: legal data, SUSEP code, the SUSEP process
 * number of each branch's product, the collecting bank and the Pix key. Deterministic per company
 * (the demo insurers have no registry of their own yet); a real insurer's values belong in the
 * parameterisation and replace this function without touching the documents.
 */
export type InsurerProfile = {
  name: string;
  cnpj: string;
  susepCode: string;
  address: { street: string; number: string; district: string; city: string; state: string; zipCode: string };
  /** Processo SUSEP of the branch's product (0775 public, 0776 private insured). */
  susepProcess: (branchCode: string) => string;
  bank: { code: string; name: string; agency: string; account: string; wallet: string };
  pixKey: string;
  /** Consumer service (Circular SUSEP 642/2021): SAC and Ouvidoria, with the insurer's site. */
  consumer: { sac: string; ouvidoria: string; email: string; site: string };
};

/** A seeded pseudo-random sequence: the same company always gets the same numbers. */
const seeded = (seed: number) => {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
};

/** 'Aurora Seguros Garantia' → 'auroraseguros' (the demo insurer's domain). */
const slugOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z ]/g, '')
    .toLowerCase()
    .split(' ')
    .filter(Boolean)
    .slice(0, 2)
    .join('');

export const insurerProfile = (company: { id: number; name: string }): InsurerProfile => {
  const cnpj = generateCnpj({ random: seeded(company.id * 7919) });
  const susepCode = String(10000 + (company.id % 89999)).padStart(5, '0');
  const year = 2020 + (company.id % 5);
  return {
    name: company.name,
    cnpj,
    susepCode,
    address: {
      street: 'Avenida Brigadeiro Faria Lima',
      number: String(1000 + (company.id % 900)),
      district: 'Itaim Bibi',
      city: 'São Paulo',
      state: 'SP',
      zipCode: '01452002',
    },
    susepProcess: (branchCode) =>
      `15414.${String(600000 + ((company.id * 31 + Number(branchCode)) % 399999)).padStart(6, '0')}/${year}-${String((company.id + Number(branchCode)) % 97).padStart(2, '0')}`,
    bank: { code: '341', name: 'Itaú Unibanco S.A.', agency: '0912', account: '45127', wallet: '109' },
    pixKey: cnpj,
    consumer: {
      sac: `0800 ${String(700 + (company.id % 300)).padStart(3, '0')} ${String(1000 + (company.id % 9000)).padStart(4, '0')}`,
      ouvidoria: `0800 ${String(600 + (company.id % 100)).padStart(3, '0')} ${String(2000 + (company.id % 8000)).padStart(4, '0')}`,
      email: `ouvidoria@${slugOf(company.name)}.com.br`,
      site: `www.${slugOf(company.name)}.com.br`,
    },
  };
};

/** The insurer as a tag party (name, CNPJ, address): what `[SEGURADORA]`, `[CNPJ_SEGURADORA]`… print. */
export const insurerTagParty = (company: { id: number; name: string }): TagParty => {
  const i = insurerProfile(company);
  return { name: i.name, document: i.cnpj, address: i.address };
};
