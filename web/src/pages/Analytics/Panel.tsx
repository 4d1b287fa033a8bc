import { Button, Card, Code, CopyButton, Group, Popover, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { fetchCsv, type AnalyticsResource, type DayRange } from '../../api/useAnalytics';
import { ErrorState, LoadingState } from '../../components/QueryState';
import { ActionError } from '../../components/QueryState';
import { saveFile } from '../../components/saveFile';

// One analytics panel: title, its data's state, a CSV download of exactly what the server
// answers with `Accept: text/csv`, and the CLI command that prints the same.

export interface PanelSource {
  resource: AnalyticsResource;
  range: DayRange;
  groupBy?: string;
  /** With groupBy 'team': that team only. */
  teamId?: string | undefined;
  /** /users pages: its page size and cursor. */
  page?: { limit: number; cursor?: string | undefined };
}

/** Resources the CLI has no command for yet: their panels offer the CSV only. */
const WITHOUT_CLI: ReadonlySet<AnalyticsResource> = new Set(['attributed-costs']);

export function cliCommand(source: PanelSource): string {
  const groupBy = `${source.groupBy ? ` --group-by ${source.groupBy}` : ''}${source.teamId ? ` --team ${source.teamId}` : ''}`;
  const all = source.page ? ` --limit ${source.page.limit}${source.page.cursor ? ` --cursor ${source.page.cursor}` : ''}` : '';
  return `quarterdeck analytics ${source.resource} --start ${source.range.startDate} --end ${source.range.endDate}${groupBy}${all} --format csv`;
}

function csvFileName(source: PanelSource): string {
  return `quarterdeck-${source.resource}${source.groupBy ? `-by-${source.groupBy}` : ''}-${source.range.startDate}-${source.range.endDate}.csv`;
}

/** `csv`, when given, makes the file from what the panel shows instead of asking the server. */
export function PanelActions({ source, title, csv }: { source: PanelSource; title: string; csv?: () => string }) {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const command = cliCommand(source);
  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      saveFile(csvFileName(source), csv ? csv() : await fetchCsv(source.resource, { ...source.range, ...(source.groupBy ? { group_by: source.groupBy } : {}), ...(source.teamId ? { team_id: source.teamId } : {}), ...(source.page?.limit ? { limit: source.page.limit } : {}), ...(source.page?.cursor ? { cursor: source.page.cursor } : {}) }));
    } catch (failure) {
      setError(failure);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs">
        <Button size="xs" variant="default" loading={downloading} onClick={() => void download()} aria-label={`Download CSV: ${title}`}>
          CSV
        </Button>
        {!WITHOUT_CLI.has(source.resource) && (
        <Popover width={360} position="bottom-end" shadow="md">
          <Popover.Target>
            <Button size="xs" variant="default" aria-label={`CLI command: ${title}`}>
              CLI
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="xs">
              <Text size="xs">The same figures from the command line:</Text>
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} aria-label={`Command for ${title}`}>
                {command}
              </Code>
              <CopyButton value={command}>
                {({ copied, copy }) => (
                  <Button size="xs" onClick={copy} color={copied ? 'teal' : undefined}>
                    {copied ? 'Copied' : 'Copy command'}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          </Popover.Dropdown>
        </Popover>
        )}
      </Group>
      <ActionError error={error} />
    </Stack>
  );
}

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export function Panel({ title, description, source, query, children }: { title: string; description?: string; source: PanelSource; query: QueryLike; children: () => ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        <PanelActions source={source} title={title} />
      </Group>
      {query.isPending ? <LoadingState label={`Loading ${title.toLowerCase()}`} /> : query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : children()}
    </Card>
  );
}
