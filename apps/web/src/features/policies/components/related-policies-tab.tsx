import {
  Permission,
  searchPoliciesRelatedToInsured,
  searchPoliciesRelatedToPolicyHolder,
} from '@aval/contracts';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { permissionsOf } from '../../../app/session/user-info.js';
import { policyKeys } from '../api/policies-api.js';
import { PoliciesTable } from './policies-table.js';

/** Whether the signed-in user may list policies (the tab appears only then). */
export const useCanSeePolicies = () => {
  const held = permissionsOf(useUserInfo());
  return [
    Permission.VISUALIZAR_APOLICES,
    Permission.CANCELAR_APOLICE_MANUALMENTE,
    Permission.SOLICITAR_ENDOSSO,
  ].some((p) => held.has(p));
};

/** The "Apólices" tab of /tomador/{id} and /segurado/{id}. */
export const RelatedPoliciesTab = (props: { policyHolderUniqueId: string } | { insuredUniqueId: string }) =>
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
