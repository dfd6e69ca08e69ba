import type { TagAddress } from '@aval/domain';
import type { UserContext } from '../../context.js';
import * as insureds from '../insureds/index.js';
import * as policyHolders from '../policy-holders/index.js';
import type * as repo from './proposals.repository.js';

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

/** What the documents and the terms' tags read of a proposal's parties beyond its row: addresses. */
export type ProposalParties = {
  holderAddress: TagAddress | null;
  insured: ReturnType<typeof insuredParty> | null;
};

/** The holder's address and the insured with the proposal's location (else its first), read once. */
export const partiesOfProposal = async (
  ctx: UserContext,
  row: Pick<repo.ProposalRow, 'insuredId' | 'insuredLocationId' | 'policyHolderId'>,
): Promise<ProposalParties> => {
  const insured = row.insuredId ? await insureds.getInsuredById(ctx, row.insuredId) : undefined;
  const location = insured?.Locations.find((l) => l.Id === row.insuredLocationId) ?? insured?.Locations[0];
  return {
    holderAddress: await policyHolders.holderAddress(ctx, row.policyHolderId),
    insured: insured ? insuredParty(insured, location) : null,
  };
};
