import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';

export type BreadcrumbItem = { title: string; url?: string };

export type AppBreadcrumbProps = {
  /** Middle crumbs, each with an optional url. */
  items?: BreadcrumbItem[];
  /** The last crumb (current page). */
  current?: string;
  /** The last crumb is shown only when active (spec §2). */
  active?: boolean;
  homeUrl?: string;
};

/** Breadcrumb: home link, middle crumbs with optional url, last crumb only when active. */
export const AppBreadcrumb = ({
  items = [],
  current,
  active = true,
  homeUrl = '/redirect-to-home',
}: AppBreadcrumbProps) => (
  <nav aria-label="Trilha de navegação">
    <Breadcrumbs separator="›" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
      <Anchor component={Link} to={homeUrl} aria-label="Início" size="sm" style={{ display: 'inline-flex' }}>
        <IconHome size={16} aria-hidden />
      </Anchor>
      {items.map((c) =>
        c.url ? (
          <Anchor key={c.title} component={Link} to={c.url} size="sm">
            {c.title}
          </Anchor>
        ) : (
          <Text key={c.title} size="sm" c="gray.7">
            {c.title}
          </Text>
        ),
      )}
      {active && current && (
        <Text size="sm" fw={600} aria-current="page">
          {current}
        </Text>
      )}
    </Breadcrumbs>
  </nav>
);
