import type { BarChartProps } from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

const BarChart = lazy(() => import('./bar-chart-module.js').then((m) => ({ default: m.BarChart })));

/**
 * Mantine's BarChart loaded when drawn: a screen whose figures come first (the home) shows them
 * without waiting for the chart library (~120 KB gzip); its place is held at the chart's height.
 */
export const LazyBarChart = (props: BarChartProps) => (
  <Suspense fallback={<Skeleton h={props.h ?? 200} radius="sm" aria-hidden />}>
    <BarChart {...props} />
  </Suspense>
);
