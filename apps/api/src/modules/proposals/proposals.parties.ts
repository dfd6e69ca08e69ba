import type * as insureds from '../insureds/index.js';

type Insured = NonNullable<Awaited<ReturnType<typeof insureds.getInsuredById>>>;
type InsuredLocation = Insured['Locations'][number];

/** The insured as the contract documents and the terms' tags name it: name, document and address. */
export const insuredParty = (insured: Insured, location: InsuredLocation | undefined) => ({
  name: insured.Name,
  document: insured.InsuredDocument,
  address: location
    ? {
        street: location.AddressName,
        number: location.Number,
        district: location.Neighborhood,
        city: location.CityName,
        state: location.StateCode,
        zipCode: location.ZipCode,
      }
    : null,
});
