/**
 * Branch activities (CNAE 2.3 subclasses) offered on the RAMO_ATIVIDADE card (GetBranchActivities):
 * the activities surety clients of this portal usually have. `restricted`: the insurer's
 * underwriting treats it as an activity to look at closely (the card shows it; accepting is still
 * the analyst's decision). Codes without mask.
 */
export type BranchActivity = { code: string; description: string; restricted: boolean };

export const branchActivities: readonly BranchActivity[] = [
  { code: '2511000', description: 'Fabricação de estruturas metálicas', restricted: false },
  { code: '3811400', description: 'Coleta de resíduos não perigosos', restricted: false },
  { code: '4120400', description: 'Construção de edifícios', restricted: false },
  { code: '4211101', description: 'Construção de rodovias e ferrovias', restricted: false },
  {
    code: '4211102',
    description: 'Pintura para sinalização em pistas rodoviárias e aeroportos',
    restricted: false,
  },
  { code: '4212000', description: 'Construção de obras de arte especiais', restricted: false },
  { code: '4213800', description: 'Obras de urbanização - ruas, praças e calçadas', restricted: false },
  {
    code: '4221902',
    description: 'Construção de estações e redes de distribuição de energia elétrica',
    restricted: false,
  },
  {
    code: '4222701',
    description: 'Construção de redes de abastecimento de água e coleta de esgoto',
    restricted: false,
  },
  { code: '4291000', description: 'Obras portuárias, marítimas e fluviais', restricted: true },
  { code: '4313400', description: 'Obras de terraplenagem', restricted: false },
  { code: '4321500', description: 'Instalação e manutenção elétrica', restricted: false },
  { code: '4322301', description: 'Instalações hidráulicas, sanitárias e de gás', restricted: false },
  { code: '4399103', description: 'Obras de alvenaria', restricted: false },
  { code: '5231102', description: 'Atividades do operador portuário', restricted: true },
  { code: '6204000', description: 'Consultoria em tecnologia da informação', restricted: false },
  { code: '8111700', description: 'Serviços combinados para apoio a edifícios', restricted: false },
  { code: '0710301', description: 'Extração de minério de ferro', restricted: true },
  { code: '1931400', description: 'Fabricação de álcool', restricted: true },
  { code: '6422100', description: 'Bancos múltiplos, com carteira comercial', restricted: true },
];

/** '4120-4/00' for '4120400' (other lengths unchanged). */
export const maskCnae = (code: string) => {
  const d = code.replace(/\D/g, '');
  return d.length === 7 ? `${d.slice(0, 4)}-${d.slice(4, 5)}/${d.slice(5)}` : code;
};

export const findBranchActivity = (code: string) => {
  const d = code.replace(/\D/g, '');
  return branchActivities.find((a) => a.code === d);
};
