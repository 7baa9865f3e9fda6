/**
 * One chart as a figure: a title, the apexcharts drawing (loaded on first use, so the library
 * ships only with the pages that draw charts), a one-sentence summary for screen readers, and
 * the same numbers as a table for anyone who prefers to read them.
 */
import { Suspense, useId } from 'react';
import { retryingLazy } from '../lib/retrying-lazy.js';
import { Card, Skeleton, Table, Text, Title } from '@mantine/core';
import type { ApexOptions } from 'apexcharts';
import { chartOptions } from './theme.js';
import classes from './chart-figure.module.css';

const ApexChart = retryingLazy(() => import('react-apexcharts'));

export interface ChartTable {
  /** Column headings; the first column names each row. */
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

export interface ChartFigureProps {
  title: string;
  /** What the chart shows, in one or two sentences (read out instead of the drawing). */
  summary: string;
  type: 'line' | 'area' | 'bar' | 'donut' | 'pie' | 'radialBar';
  series: ApexOptions['series'];
  options: ApexOptions;
  height?: number;
  table: ChartTable;
  /** Shown instead of the chart when there is nothing to draw yet. */
  empty?: string | null;
}

export function ChartFigure({ title, summary, type, series, options, height = 260, table, empty }: ChartFigureProps) {
  const titleID = useId();
  const summaryID = useId();
  return (
    <Card component="figure" m={0} withBorder radius="md" padding="md" bg="var(--mythos-night-veil)" aria-labelledby={titleID} aria-describedby={summaryID}>
      <Title order={3} size="h5" id={titleID} c="gold.3" mb={4}>
        {title}
      </Title>
      <Text id={summaryID} size="xs" c="night.1" mb="xs">
        {summary}
      </Text>
      {empty ? (
        <Text c="dimmed" size="sm" py="xl" ta="center">
          {empty}
        </Text>
      ) : (
        <>
          <div aria-hidden="true" style={{ minHeight: height }}>
            <Suspense fallback={<Skeleton height={height} radius="md" />}>
              <ApexChart type={type} series={series} options={chartOptions(summary, options)} height={height} width="100%" />
            </Suspense>
          </div>
          <details>
            <Text component="summary" size="xs" c="gold.4" className={classes.summary}>
              Show the numbers
            </Text>
            <Table mt="xs" fz="xs" withTableBorder={false} verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  {table.columns.map((column) => (
                    <Table.Th key={column} scope="col">
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {table.rows.map((row, rowIndex) => (
                  <Table.Tr key={rowIndex}>
                    {row.map((cell, index) =>
                      index === 0 ? (
                        <Table.Th key={index} scope="row" fw={500}>
                          {cell}
                        </Table.Th>
                      ) : (
                        <Table.Td key={index}>{cell}</Table.Td>
                      ),
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </details>
        </>
      )}
    </Card>
  );
}
