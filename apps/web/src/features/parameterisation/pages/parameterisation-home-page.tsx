import { Card, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCash, IconFileText, IconGavel, IconLayoutList, IconMenu2, IconUsers } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';

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

/** /parametrizacao: the parameterisation areas. */
export const ParameterisationHomePage = () => (
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
);
