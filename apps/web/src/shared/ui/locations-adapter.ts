import type { AddressInput, LocationView } from '@aval/contracts';
import type { QueryKey } from '@tanstack/react-query';
import type { FieldOf } from '../forms/contract-form.js';

/**
 * How one owner (insured, policy holder, later beneficiaries) keeps its addresses, one of them
 * the main one. Build it in the owner's feature (`features/<x>/api/<x>-locations.ts`); the
 * owner's detail brings the locations.
 */
export type LocationsAdapter = {
  /** Keys refreshed after a change (the owner's detail, its history...). */
  invalidate: QueryKey[];
  /** Where the owner's calls put a field's message, when not at the address field itself (`Locations.0.ZipCode`). */
  fieldOf?: FieldOf;
  /** Removing the main location makes another one the main one (the server moves it). */
  mainMovesOnRemove: boolean;
  /** Adds a location (`isMain`: it becomes the main one; the first always is). */
  add: (address: AddressInput, isMain: boolean) => Promise<unknown>;
  /** Changes a location; `isMain` true makes it the main one (a main location stays main). */
  update: (location: LocationView, address: AddressInput, isMain: boolean) => Promise<unknown>;
  remove: (location: LocationView) => Promise<unknown>;
};
