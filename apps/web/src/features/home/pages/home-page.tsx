import { UserType } from '@aval/contracts';
import { Stack, Text } from '@mantine/core';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { EmptyState } from '../../../shared/ui/states.js';
import { BrokerHome } from '../components/broker-home.js';
import { InsurerHome } from '../components/insurer-home.js';
import { PolicyHolderHome } from '../components/policy-holder-home.js';

/** /inicio: what waits for the signed-in user, by user type; every item opens where it is worked. */
export const HomePage = () => {
  const user = useUserInfo();
  if (!user) return <EmptyState title="Sessão não encontrada" />;
  const Home =
    user.UserTypeId === UserType.INSURANCE
      ? InsurerHome
      : user.UserTypeId === UserType.POLICY_HOLDER
        ? PolicyHolderHome
        : BrokerHome;
  return (
    <Stack gap="md">
      <Text c="gray.8">O que espera por você hoje.</Text>
      <Home user={user} />
    </Stack>
  );
};
