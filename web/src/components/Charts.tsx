import { Paper, Text } from '@mantine/core';
import type { NameType, ValueType } from 'recharts/types/component/DefaultTooltipContent';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { formatCompact, formatDay, formatDayOfYear, formatExact } from '../format';
import { modelColors } from './modelColors';

// The console's charts over recharts: days on the x axis (UTC), compact numbers on the y axis,
// exact numbers in the tooltip. Each chart is a labelled image for screen readers; the same
// figures are in the panel's CSV.

export const SERIES_COLORS = ['#1c7ed6', '#e8590c', '#2b8a3e', '#ae3ec9', '#c92a2a', '#0b7285', '#5f3dc4', '#862e9c', '#a61e4d', '#364fc7'];

export interface Series {
  key: string;
  label: string;
  /** Its own colour (a model's, see modelSeries); else the palette's in order. */
  color?: string;
}

/** Series of models, each in its own colour. */
export function modelSeries(models: readonly string[], colorOf: (model: string) => string = modelColors(models)): Series[] {
  return models.map((model) => ({ key: model, label: model, color: colorOf(model) }));
}

const colorOf = (item: Series, index: number) => item.color ?? SERIES_COLORS[index % SERIES_COLORS.length];

type Row = Record<string, string | number>;

function ExactTooltip({ active, payload, label, title = DAYS.title }: TooltipContentProps<ValueType, NameType> & { title?: (value: string) => string }) {
  if (!active || !payload?.length) return null;
  return (
    <Paper shadow="sm" p="xs" withBorder>
      <Text size="xs" fw={600}>
        {typeof label === 'string' ? title(label) : label}
      </Text>
      {payload.map((item) => (
        <Text size="xs" key={String(item.dataKey)} c={item.color}>
          {item.name}: {formatExact(Number(item.value))}
        </Text>
      ))}
    </Paper>
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** How a chart writes its x values: on the axis, and atop the tooltip. */
export interface XFormat {
  tick: (value: string) => string;
  title: (value: string) => string;
}

/** Days of one year: Nov 3 on the axis, Nov 3, 2026 (UTC) in the tooltip. */
const DAYS: XFormat = {
  tick: (value) => (DAY.test(value) ? formatDayOfYear(value) : value),
  title: (value) => (DAY.test(value) ? `${formatDay(value)} (UTC)` : value),
};

interface ChartProps {
  label: string;
  data: Row[];
  series: Series[];
  /** The x axis key; `date` by default. */
  x?: string;
  /** How x values read; days by default. */
  xFormat?: XFormat;
  height?: number;
}

function Frame({ label, height, children }: { label: string; height: number; children: React.ReactElement }) {
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/** Grid, day axis, value axis, tooltip and legend of every chart per day (an array: charts read their direct children). */
function dailyAxes(x: string, format: XFormat) {
  return [
    <CartesianGrid key="grid" strokeDasharray="3 3" vertical={false} />,
    <XAxis key="x" dataKey={x} tickFormatter={format.tick} fontSize={12} minTickGap={24} />,
    <YAxis key="y" tickFormatter={formatCompact} fontSize={12} width={48} />,
    <Tooltip key="tooltip" content={(props) => <ExactTooltip {...props} title={format.title} />} />,
    <Legend key="legend" wrapperStyle={{ fontSize: 12 }} />,
  ];
}

/** Values per day, stacked (credits by model). */
export function StackedDailyBars({ label, data, series, x = 'date', xFormat = DAYS, height = 260 }: ChartProps) {
  return (
    <Frame label={label} height={height}>
      <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        {dailyAxes(x, xFormat)}
        {series.map((item, index) => (
          <Bar key={item.key} dataKey={item.key} name={item.label} stackId="stack" fill={colorOf(item, index)} isAnimationActive={false} />
        ))}
      </BarChart>
    </Frame>
  );
}

/** Stacked areas per day (tokens in and out, DAU by client). */
export function StackedDailyAreas({ label, data, series, x = 'date', xFormat = DAYS, height = 260 }: ChartProps) {
  return (
    <Frame label={label} height={height}>
      <AreaChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        {dailyAxes(x, xFormat)}
        {series.map((item, index) => (
          <Area key={item.key} type="monotone" dataKey={item.key} name={item.label} stackId="stack" stroke={colorOf(item, index)} fill={colorOf(item, index)} fillOpacity={0.35} isAnimationActive={false} />
        ))}
      </AreaChart>
    </Frame>
  );
}

/** Lines per day, not stacked (DAU / WAU / MAU, sessions and messages). */
export function DailyLines({ label, data, series, x = 'date', xFormat = DAYS, height = 260 }: ChartProps) {
  return (
    <Frame label={label} height={height}>
      <LineChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        {dailyAxes(x, xFormat)}
        {series.map((item, index) => (
          <Line key={item.key} type="monotone" dataKey={item.key} name={item.label} stroke={colorOf(item, index)} dot={data.length <= 31} strokeWidth={2} isAnimationActive={false} />
        ))}
      </LineChart>
    </Frame>
  );
}

/** Totals per item (calls by tool, files by language), largest first, as horizontal bars. */
export function RankedBars({ label, items, valueLabel, height }: { label: string; items: { name: string; value: number }[]; valueLabel: string; height?: number }) {
  const data = items.map((item) => ({ name: item.name, value: item.value }));
  return (
    <Frame label={label} height={height ?? Math.max(120, 28 * data.length + 40)}>
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, left: 8, bottom: 4 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tickFormatter={formatCompact} fontSize={12} />
        <YAxis type="category" dataKey="name" fontSize={12} width={120} interval={0} />
        <Tooltip content={ExactTooltip} />
        <Bar dataKey="value" name={valueLabel} fill={SERIES_COLORS[0]} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}
