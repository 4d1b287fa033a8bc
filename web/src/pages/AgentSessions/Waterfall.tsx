import { Badge, Code, Group, Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import type { AgentSessionStep } from '../../api/client';
import { formatCompact, formatDuration, formatExact, formatMoneyPrecise } from '../../format';
import { ColumnHeads } from '../../components/ColumnHeads';
import { PATTERN_LABELS, barOf, type Waterfall as WaterfallModel, type WaterfallRow } from './waterfall';
import { ScrollTable } from '../../components/ScrollTable';

// The timeline drawn as a waterfall, in a table: the text columns say what the bars show (start
// and duration), so a screen reader reads the same timeline row by row; the bars themselves are
// decoration (aria-hidden). Nested steps are indented under their parent and say which it is.

const KIND_LABELS: Record<AgentSessionStep['kind'], string> = {
  prompt: 'Prompt',
  model_call: 'Model call',
  tool_call: 'Tool call',
  hook: 'Hook',
  error: 'Error',
  compaction: 'Compaction',
  file_change: 'File change',
  session_start: 'Session start',
  session_end: 'Session end',
};

/** The bar's colour: model calls blue, tool calls teal (red when they failed), the rest grey. */
function barColor(step: AgentSessionStep): string {
  if (step.outcome === 'failure' || step.kind === 'error') return 'var(--mantine-color-red-filled)';
  if (step.kind === 'model_call') return 'var(--mantine-color-blue-filled)';
  if (step.kind === 'tool_call') return 'var(--mantine-color-teal-filled)';
  return 'var(--mantine-color-gray-filled)';
}

export function stepName(step: AgentSessionStep): string {
  if (step.kind === 'model_call') return step.modelId ?? 'Model call';
  return step.name ?? KIND_LABELS[step.kind];
}

const tokensOf = (step: AgentSessionStep) => step.tokens.input + step.tokens.output + step.tokens.cacheRead + step.tokens.cacheWrite;

export function Waterfall({ waterfall, currency }: { waterfall: WaterfallModel; currency: string }) {
  const span = waterfall.to - waterfall.from;
  const heads = [
    'Step',
    'Kind',
    'Outcome',
    { label: 'Start', numeric: true },
    { label: 'Duration', numeric: true },
    { label: 'Tokens', numeric: true },
    { label: 'Cost', numeric: true },
    `Time (0 to ${formatDuration(span)})`,
  ];
  return (
    <ScrollTable minWidth={980}>
      <Table verticalSpacing={4} aria-label="Timeline: each step with its start, duration, outcome, tokens and cost">
        <ColumnHeads columns={heads} />
        <Table.Tbody>
          {waterfall.rows.map((row) => (
            <Fragment key={row.step.id}>
              <StepRow row={row} waterfall={waterfall} currency={currency} />
              {row.step.content && <ContentRow name={stepName(row.step)} content={row.step.content} columns={heads.length} />}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/**
 * A step's kept content (the organization's content control, docs/agent-sessions.md "Content"),
 * collapsed under its step and marked redacted: what the API answers, secrets and addresses
 * already replaced by `[REDACTED:…]` before it was stored.
 */
function ContentRow({ name, content, columns }: { name: string; content: NonNullable<AgentSessionStep['content']>; columns: number }) {
  const parts = [
    { label: 'Input', text: content.input },
    { label: 'Output', text: content.output },
  ].filter((part): part is { label: string; text: string } => part.text !== null);
  return (
    <Table.Tr data-testid="step-content">
      <Table.Td colSpan={columns}>
        {/* Held at the left of the scrolling table and no wider than the screen, so that a phone reads it without scrolling sideways. */}
        <details style={{ position: 'sticky', left: 0, maxWidth: 'calc(100vw - 5rem)' }}>
          <summary>
            <Text span size="xs">
              Content of {name} <Badge size="xs" variant="outline" color="gray">redacted</Badge>
            </Text>
          </summary>
          {parts.map((part) => (
            <div key={part.label}>
              <Text size="xs" fw={600}>
                {part.label}
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: '16rem', overflowY: 'auto' }}>
                {part.text}
              </Code>
            </div>
          ))}
        </details>
      </Table.Td>
    </Table.Tr>
  );
}

function StepRow({ row, waterfall, currency }: { row: WaterfallRow; waterfall: WaterfallModel; currency: string }) {
  const { step } = row;
  const bar = barOf(row, waterfall);
  const wasted = row.waste.length > 0;
  return (
    <Table.Tr data-testid="timeline-step" data-depth={row.depth} data-kind={step.kind} bg={wasted ? 'var(--mantine-color-orange-light)' : undefined}>
      <Table.Td style={{ paddingLeft: `calc(var(--mantine-spacing-xs) + ${row.depth * 1.25}rem)` }}>
        <Group gap={6} wrap="nowrap">
          {row.depth > 0 && <span aria-hidden>↳</span>}
          <Text size="sm" fw={step.kind === 'tool_call' ? 600 : undefined} data-testid="step-name">
            {row.parent && <span className="visually-hidden">Inside {stepName(row.parent)}: </span>}
            {stepName(step)}
          </Text>
          {row.waste.map((pattern) => (
            <Badge key={pattern} color="orange" variant="filled" size="xs">
              {PATTERN_LABELS[pattern]}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{KIND_LABELS[step.kind]}</Text>
      </Table.Td>
      <Table.Td>
        {step.outcome === null ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Badge color={step.outcome === 'failure' ? 'red' : 'teal'} variant="filled" size="sm">
            {step.outcome}
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        +{formatDuration(row.start - waterfall.from)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {step.durationMs === null ? '—' : formatDuration(step.durationMs)}
      </Table.Td>
      <Table.Td ta="right" title={tokensOf(step) > 0 ? `${formatExact(step.tokens.input)} in, ${formatExact(step.tokens.output)} out, ${formatExact(step.tokens.cacheRead)} cache read, ${formatExact(step.tokens.cacheWrite)} cache write` : undefined}>
        {tokensOf(step) > 0 ? formatCompact(tokensOf(step)) : '—'}
      </Table.Td>
      <Table.Td ta="right">{step.cost === null ? '—' : formatMoneyPrecise(step.cost, currency)}</Table.Td>
      <Table.Td>
        <div className="waterfall-track" aria-hidden>
          <div className="waterfall-bar" style={{ left: `${bar.left}%`, width: `${bar.width}%`, background: barColor(step) }} data-testid="waterfall-bar" />
        </div>
      </Table.Td>
    </Table.Tr>
  );
}
