import { Permission } from '@aval/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { hasAnyPermission } from '../../../app/session/user-info.js';
import { ProposalsList } from '../components/proposals-list.js';

/** /propostas: the broker side's proposals (own and co-brokered; a policy holder user its own). */
export const ProposalsPage = () => {
  const user = useUserInfo();
  const canQuote = hasAnyPermission(user, [Permission.GERENCIAR_PROPOSTAS]);
  return (
    <Stack>
      {canQuote && (
        <Group justify="flex-end">
          <Button
            component={Link}
            to="/propostas/proposta/criar"
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Nova cotação
          </Button>
        </Group>
      )}
      <ProposalsList side="broker" />
    </Stack>
  );
};
