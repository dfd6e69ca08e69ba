import { insertContractualTerm } from '@aval/contracts';
import { Badge, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { ChangeHistoryTable } from '../../../shared/ui/change-history-table.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { paramWrites, useGeneralConditions } from '../api/parameterisation-api.js';
import { TermEditor } from '../components/term-editor.js';

type Condition = NonNullable<ReturnType<typeof useGeneralConditions>['data']>[number];

const ConditionPanel = ({ condition }: { condition: Condition }) => {
  const [text, setText] = useState(condition.Term?.Text ?? '');
  const save = useContractMutation(insertContractualTerm, {
    ...paramWrites,
    success: 'Condições gerais salvas.',
  });
  return (
    <Stack>
      <Card withBorder>
        <Stack>
          <Group justify="space-between">
            <Text fw={600}>
              {condition.Branch.Code} · {condition.Branch.Name}
            </Text>
            {condition.Term && <Badge variant="light">Versão {condition.Term.Version}</Badge>}
          </Group>
          <TermEditor label="Texto das condições gerais" value={text} onChange={setText} minHeight={320} />
          <Group justify="flex-end">
            <Button
              loading={save.isPending}
              onClick={() =>
                save.mutate({ body: { TermType: 1, BranchId: condition.Branch.Id, Text: text } })
              }
            >
              Salvar condições gerais
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Histórico de alterações
        </Title>
        <ChangeHistoryTable entries={condition.History} />
      </Card>
    </Stack>
  );
};

/** /parametrizacao/condicoes-gerais: public and private tabs with a real change history. */
export const GeneralConditionsPage = () => {
  const conditions = useGeneralConditions();
  if (conditions.isPending) return <LoadingState />;
  const list = conditions.data ?? [];
  if (list.length === 0) return <EmptyState title="Nenhum ramo de seguro garantia cadastrado" />;
  const pub = list.find((c) => c.IsPublic);
  const priv = list.find((c) => !c.IsPublic);
  return (
    <Tabs defaultValue={pub ? 'publico' : 'privado'} keepMounted={false}>
      <Tabs.List>
        {pub && <Tabs.Tab value="publico">Público</Tabs.Tab>}
        {priv && <Tabs.Tab value="privado">Privado</Tabs.Tab>}
      </Tabs.List>
      {pub && (
        <Tabs.Panel value="publico" pt="md">
          <ConditionPanel key={`${pub.Branch.Id}-${pub.Term?.Version}`} condition={pub} />
        </Tabs.Panel>
      )}
      {priv && (
        <Tabs.Panel value="privado" pt="md">
          <ConditionPanel key={`${priv.Branch.Id}-${priv.Term?.Version}`} condition={priv} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
};
