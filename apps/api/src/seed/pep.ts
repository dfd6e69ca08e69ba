import { parsePepCsv } from '@aval/domain';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { replaceList } from '../modules/pep/pep.repository.js';
import { pepListEntries } from '../modules/pep/pep.table.js';
import { demoCompanies } from './companies.js';

/**
 * A demo PEP list in the federal list's format (Portal da Transparência CSV, CPF showing its six
 * middle digits): fictitious people in office and within the 5 years after it, and one whose
 * window has passed. No demo partner is on it, so the demo's proposals pass the PEP validation.
 */
const demoPepCsv = [
  'CPF;Nome_PEP;Sigla_Função;Descrição_Função;Nível_Função;Nome_Órgão;Data_Início_Exercício;Data_Fim_Exercício;Data_Fim_Carência',
  '***.417.208-**;ANTÔNIO CARLOS DEMONSTRAÇÃO;PREF;PREFEITO;-;PREFEITURA MUNICIPAL DE VILA DEMO;01/01/2021;;',
  '***.552.963-**;BEATRIZ HELENA EXEMPLAR;SEC;SECRETÁRIA DE ESTADO;-;SECRETARIA DE ESTADO DE INFRAESTRUTURA;15/02/2019;31/12/2022;31/12/2027',
  '***.730.184-**;CLÁUDIO ROBERTO FICTÍCIO;DEP;DEPUTADO ESTADUAL;-;ASSEMBLEIA LEGISLATIVA;01/02/2023;;',
  '***.268.491-**;DENISE MARIA ILUSTRATIVA;DIR;DIRETORA;DAS-6;AGÊNCIA NACIONAL DE TRANSPORTES DEMO;10/03/2020;09/03/2024;09/03/2029',
  '***.905.317-**;EDUARDO LUÍS AMOSTRA;VER;VEREADOR;-;CÂMARA MUNICIPAL DE VILA DEMO;01/01/2013;31/12/2016;31/12/2021',
  '***.381.650-**;FERNANDA LÚCIA MODELO;MIN;MINISTRA;-;MINISTÉRIO DAS OBRAS DEMO;01/01/2023;;',
].join('\n');

/** Every demo company gets the demo list once (a company that has a list keeps its own). */
export const seedPepList = async (db: Db) => {
  const { entries } = parsePepCsv(demoPepCsv);
  for (const company of demoCompanies) {
    const [existing] = await db
      .select({ n: count() })
      .from(pepListEntries)
      .where(eq(pepListEntries.companyId, company.id));
    if ((existing?.n ?? 0) > 0) continue;
    const importId = crypto.randomUUID();
    await replaceList(
      db,
      company.id,
      entries.map((e) => ({ ...e, companyId: company.id, importId })),
    );
  }
};
