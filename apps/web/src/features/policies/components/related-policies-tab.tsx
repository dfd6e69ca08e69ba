import {
  Permission,
  searchPoliciesRelatedToInsured,
  searchPoliciesRelatedToPolicyHolder,
} from '@aval/contracts';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { hasAnyPermission } from '../../../app/session/user-info.js';
import type { DetailTab } from '../../../shared/ui/detail-page.js';
import { policyKeys } from '../api/policies-api.js';
import { PoliciesTable } from './policies-table.js';

/** Whether the signed-in user may list policies (the tab appears only then). */
const useCanSeePolicies = () => {
  return hasAnyPermission(useUserInfo(), [
    Permission.VISUALIZAR_APOLICES,
    Permission.CANCELAR_APOLICE_MANUALMENTE,
    Permission.SOLICITAR_ENDOSSO,
  ]);
};

type RelatedTo = { policyHolderUniqueId: string } | { insuredUniqueId: string };

/** The policies of a policy holder or of an insured. */
const RelatedPolicies = (props: RelatedTo) =>
  'policyHolderUniqueId' in props ? (
    <PoliciesTable
      endpoint={searchPoliciesRelatedToPolicyHolder}
      queryKey={policyKeys.ofHolder(props.policyHolderUniqueId)}
      query={{ PolicyHolderUniqueId: props.policyHolderUniqueId }}
    />
  ) : (
    <PoliciesTable
      endpoint={searchPoliciesRelatedToInsured}
      queryKey={policyKeys.ofInsured(props.insuredUniqueId)}
      query={{ UniqueId: props.insuredUniqueId }}
    />
  );

/**
 * The "Apólices" tab of /tomador/{id} and /segurado/{id}: `tab({ insuredUniqueId })`, or false for
 * a user who may not list policies.
 */
export const useRelatedPoliciesTab = () => {
  const canSee = useCanSeePolicies();
  return (of: RelatedTo): DetailTab | false =>
    canSee && { value: 'apolices', label: 'Apólices', panel: <RelatedPolicies {...of} /> };
};
