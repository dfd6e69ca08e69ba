import { Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTabInUrl } from './use-tab-in-url.js';

/**
 * The card atop a detail page (a policy holder, an insured, a brokerage, a policy): the title, a
 * line under it (its parts given, joined by " · "), its badges, the page's actions on the right and, below, what the record must say
 * (e.g. why it was cancelled).
 */
export const DetailHeader = ({
  title,
  subtitle,
  badges,
  actions,
  children,
}: {
  title: ReactNode;
  subtitle?: (string | null | undefined | false)[];
  badges?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) => (
  <Card withBorder>
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {title}
        </Title>
        {subtitle && (
          <Text size="sm" c="gray.7">
            {subtitle.filter(Boolean).join(' · ')}
          </Text>
        )}
        {badges}
      </Stack>
      {actions}
    </Group>
    {children}
  </Card>
);

/** A tab of a detail page: its value in the URL (`?aba=`), its label and what it shows. */
export type DetailTab = { value: string; label: string; panel: ReactNode };

/**
 * The tabs of a detail page, the open one in the URL (`useTabInUrl`: a reload or a shared link
 * opens the same tab); a panel mounts when its tab opens. A tab the user may not see is given as
 * `false` and left out, its panel too. A page that opens a tab itself (a button) calls
 * `useTabInUrl` with the same default: both read the URL.
 */
export const DetailTabs = ({ tabs, defaultTab }: { tabs: (DetailTab | false)[]; defaultTab: string }) => {
  const [tab, setTab] = useTabInUrl(defaultTab);
  const shown = tabs.filter((t): t is DetailTab => t !== false);
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List>
        {shown.map((t) => (
          <Tabs.Tab key={t.value} value={t.value}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {shown.map((t) => (
        <Tabs.Panel key={t.value} value={t.value} pt="md">
          {t.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
};
