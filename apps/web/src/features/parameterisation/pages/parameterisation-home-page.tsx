import {
  Anchor,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCash, IconFileText, IconGavel, IconLayoutList, IconMenu2, IconUsers } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { DetailTabs } from '../../../shared/ui/detail-page.js';
import { LoadingState } from '../../../shared/ui/states.js';
import { useDocumentCards } from '../api/parameterisation-api.js';
import { InsurerRecordPanel } from '../components/insurer-record-form.js';
import { modalityPath } from './modalities-page.js';

const items: { to: string; title: string; description: string; icon: ComponentType<{ size?: number }> }[] = [
  {
    to: '/parametrizacao/modalidades',
    title: 'Modalidades',
    description: 'Ramos, grupos, limites, coberturas, modalidades complementares, documentos e histórico.',
    icon: IconLayoutList,
  },
  {
    to: '/parametrizacao/clausulados',
    title: 'Clausulados',
    description: 'Termos contratuais e cláusulas particulares com tags.',
    icon: IconFileText,
  },
  {
    to: '/parametrizacao/condicoes-gerais',
    title: 'Condições gerais',
    description: 'Condições gerais do setor público e do setor privado, com histórico.',
    icon: IconGavel,
  },
  {
    to: '/parametrizacao/pagamentos',
    title: 'Pagamentos',
    description: 'Parâmetros de parcelamento e formas de pagamento por modalidade.',
    icon: IconCash,
  },
  {
    to: '/parametrizacao/menu',
    title: 'Menu',
    description: 'Ordem do menu e funcionalidades.',
    icon: IconMenu2,
  },
  {
    to: '/parametrizacao/broker-profile',
    title: 'Perfil de corretor',
    description: 'Faixas de comissão e perfis padrão dos corretores.',
    icon: IconUsers,
  },
];

/** Requested documents per modality, one card each (GetCardProposalParameterRequestDocuments). */
const DocumentCards = () => {
  const cards = useDocumentCards();
  if (cards.isPending) return <LoadingState />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {(cards.data ?? []).map((c) => (
        <Card key={c.ModalityId} withBorder padding="md">
          <Group justify="space-between" wrap="nowrap" mb={4}>
            <Anchor
              component={Link}
              to={modalityPath({
                BranchId: c.BranchId,
                ModalityGroupId: c.ModalityGroupId,
                Id: c.ModalityId,
                UniqueId: c.ModalityUniqueId,
              })}
              fw={600}
            >
              {c.ModalityName}
            </Anchor>
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {c.BranchCode}
            </Badge>
          </Group>
          <Text size="sm" c="gray.7">
            {c.Total} documento(s), {c.RequiredCount} obrigatório(s)
          </Text>
          <Text size="sm" lineClamp={2}>
            {c.Documents.filter((d) => !d.IsDeleted)
              .map((d) => d.Name)
              .join(' · ') || 'Nenhum documento solicitado.'}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
};

/** The parameterisation areas and the documents each modality asks for. */
const AreasPanel = () => (
  <Stack gap="xl">
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {items.map(({ to, title, description, icon: Icon }) => (
        <UnstyledButton key={to} component={Link} to={to}>
          <Card withBorder padding="lg" h="100%">
            <ThemeIcon variant="light" size={44} radius="md" mb="sm" aria-hidden>
              <Icon size={26} />
            </ThemeIcon>
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="gray.7">
              {description}
            </Text>
          </Card>
        </UnstyledButton>
      ))}
    </SimpleGrid>
    <Stack gap="sm">
      <Title order={2} size="h4">
        Documentos solicitados por modalidade
      </Title>
      <DocumentCards />
    </Stack>
  </Stack>
);

/**
 * /parametrizacao: the parameterisation areas (tab Áreas) and the insurer's own record (tab Dados da
 * seguradora, `?aba=dados-da-seguradora`: what its documents print about it).
 */
export const ParameterisationHomePage = () => (
  <DetailTabs
    defaultTab="areas"
    tabs={[
      { value: 'areas', label: 'Áreas', panel: <AreasPanel /> },
      { value: 'dados-da-seguradora', label: 'Dados da seguradora', panel: <InsurerRecordPanel /> },
    ]}
  />
);
