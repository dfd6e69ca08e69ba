import '@mantine/charts/styles.css';

/** The chart library and its styles: loaded by `LazyBarChart` only when a chart is drawn. */
export { BarChart } from '@mantine/charts';
