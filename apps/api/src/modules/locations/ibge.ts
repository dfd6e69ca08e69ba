import { getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils';

/** States and municipalities with IBGE codes, served locally (maintained by @brazilian-utils). */
export const states = getStates()
  .map((s) => ({ Id: s.ibgeCode, Code: s.code, Name: s.name }))
  .sort((a, b) => a.Name.localeCompare(b.Name, 'pt-BR'));

export const stateById = (id: number) => states.find((s) => s.Id === id);
export const stateByCode = (code: string) => states.find((s) => s.Code === code.toUpperCase());

export const citiesOf = (stateProvinceId: number) => {
  const state = stateById(stateProvinceId);
  if (!state) return [];
  return getMunicipalities(state.Code as Parameters<typeof getMunicipalities>[0]).map((m) => ({
    Id: Number(m.code),
    Name: m.name,
    StateProvinceId: state.Id,
  }));
};

type City = { Id: number; Name: string; StateProvinceId: number; StateCode: string };
let cityIndex: Map<number, City> | undefined;

/** A municipality by IBGE code, from an index built on first use (lists format a city per row). */
export const cityById = (id: number): City | undefined => {
  if (!cityIndex) {
    cityIndex = new Map();
    for (const m of getMunicipalities()) {
      const state = stateByCode(m.stateCode);
      const id = Number(m.code);
      if (state)
        cityIndex.set(id, { Id: id, Name: m.name, StateProvinceId: state.Id, StateCode: state.Code });
    }
  }
  return cityIndex.get(id);
};

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export const cityByName = (stateCode: string, name: string) => {
  const state = stateByCode(stateCode);
  if (!state) return undefined;
  return citiesOf(state.Id).find((c) => fold(c.Name) === fold(name));
};

/** Checks that the city belongs to the state; returns the pt-BR problem or undefined. */
export const checkCityInState = (stateProvinceId: number, cityId: number) => {
  const c = cityById(cityId);
  if (!stateById(stateProvinceId)) return 'UF inválida.';
  if (!c) return 'Município inválido.';
  if (c.StateProvinceId !== stateProvinceId) return 'O município não pertence à UF informada.';
  return undefined;
};
