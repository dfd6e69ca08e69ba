import { limits } from '@aval/contracts';
import { ActionIcon, Group, Stack, Title } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { AppBreadcrumb } from '../../shared/ui/app-breadcrumb.js';
import { AppTooltip } from '../../shared/ui/app-tooltip.js';
import { notifyWarning } from '../../shared/ui/notify.js';
import type { RouteMeta } from '../routing/route-types.js';
import { useStarredPages } from './starred-pages.js';

/** Breadcrumb, title and the star that keeps the page among the favourites. */
export const PageHeader = ({ meta, userId }: { meta: RouteMeta; userId: number | string }) => {
  const { pathname } = useLocation();
  const { pages, toggle } = useStarredPages(userId);
  const starred = pages.some((p) => p.path === pathname);
  const onStar = () => {
    if (toggle({ path: pathname, title: meta.title }) === 'full')
      notifyWarning(`Você pode marcar no máximo ${limits.starredPagesLimit} páginas como favoritas.`);
  };
  const label = starred ? 'Remover dos favoritos' : 'Adicionar aos favoritos';
  return (
    <Stack gap={6} mb="lg">
      <AppBreadcrumb items={meta.crumbs} current={meta.title} active />
      <Group justify="space-between" wrap="nowrap" align="center">
        <Title order={1} size="h2">
          {meta.title}
        </Title>
        <AppTooltip label={label}>
          <ActionIcon variant="subtle" size="lg" onClick={onStar} aria-label={label} aria-pressed={starred}>
            {starred ? <IconStarFilled size={22} /> : <IconStar size={22} />}
          </ActionIcon>
        </AppTooltip>
      </Group>
    </Stack>
  );
};
