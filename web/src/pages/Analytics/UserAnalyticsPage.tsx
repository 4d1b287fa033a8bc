import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { isManager } from '../../api/client';
import { useAnalyticsUsers, useAnalyticsUsersPage, useTokensByModel, type AnalyticsUserRow } from '../../api/useAnalytics';
import { useMembers } from '../../api/useMembers';
import { RecentAgentSessions, agentSessionsLink } from '../../components/AgentSessionTable';
import { DailyLines, RankedBars, StackedDailyBars, modelSeries } from '../../components/Charts';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { useSignedInSession } from '../../components/SessionContext';
import { formatCompact, formatDay, formatExact, formatMoney } from '../../format';
import { byId, median, usageByMember, usageOf, type MemberUsage } from './memberUsage';
import { ModelShares } from './ModelShares';
import { useModelColors } from './useModelColors';
import { PanelActions } from './Panel';
import { RangePicker } from './RangePicker';
import { formatPeriod, previousPeriod, useDayRange } from './range';
import { timeSeries, useTimeAxis } from './timeAxis';
import { sumBy } from './totals';
import { usePageTitle } from '../../components/usePageTitle';
import { MemberOutcomes } from '../Impact/OutcomeSummary';

/** /analytics/users/:userId — one member's days: credits, model mix, tools, sessions. */
export default function UserAnalyticsPage() {
  const { user } = useSignedInSession();
  if (!isManager(user.role)) return <Alert color="blue" title="Analytics are for owners and managers" />;
  return <UserAnalytics />;
}

function UserAnalytics() {
  const { userId = '' } = useParams();
  const { range, choice, setPreset, setCustom, search } = useDayRange();
  const members = useMembers();
  const sorted = members.data ? [...members.data].sort(byId) : [];
  const index = sorted.findIndex((member) => member.id === userId);
  const member = sorted[index];
  // /users answers the users after the cursor: the member before this one in id order.
  const cursor = index > 0 ? sorted[index - 1]!.id : undefined;
  const usage = useAnalyticsUsersPage(range, cursor, 1, member !== undefined);
  const rows = (usage.data ?? []).filter((row) => row.user_id === userId);
  const figures = usageOf(rows);
  // The same member over the period before, and every member over this range for the median.
  const before = useAnalyticsUsersPage(previousPeriod(range), cursor, 1, member !== undefined);
  const figuresBefore = before.data && usageOf(before.data.filter((row) => row.user_id === userId));
  const everyone = useAnalyticsUsers(range, member !== undefined);
  const activeMembers = everyone.data && [...usageByMember(everyone.data).values()];
  // The currency of the costs, named by the organization's tokens answer.
  const currency = useTokensByModel(range).data?.currency ?? 'USD';
  const colorOf = useModelColors(range);
  const { axis } = useTimeAxis(range);
  usePageTitle(member ? (member.name ?? member.email) : 'Member');

  return (
    <Stack>
      <Anchor component={Link} to={`/analytics?${search}`} size="sm">
        ← Analytics
      </Anchor>
      <div>
        <Title order={1} size="h2">
          {member ? (member.name ?? member.email) : 'Member'}
        </Title>
        {member?.name && (
          <Text size="sm" c="dimmed">
            {member.email} · {member.role}
          </Text>
        )}
        {member && (
          <Group gap="md" mt={4} component="nav" aria-label="The member elsewhere">
            <Anchor component={Link} to={agentSessionsLink({ user: member.id })} size="sm">
              Agent sessions
            </Anchor>
            <Anchor component={Link} to={`/sessions?owner=${member.id}`} size="sm">
              Sessions
            </Anchor>
            <Anchor component={Link} to={`/settings/limits?member=${member.id}`} size="sm">
              Credit limit
            </Anchor>
            <Anchor component={Link} to={`/settings/api-keys?user=${member.id}`} size="sm">
              API keys
            </Anchor>
          </Group>
        )}
      </div>
      <RangePicker key={`${range.startDate}/${range.endDate}`} range={range} choice={choice} onPreset={setPreset} onCustom={setCustom} />
      {members.isPending ? (
        <LoadingState label="Loading the member's usage" />
      ) : members.isError ? (
        <ErrorState error={members.error} />
      ) : !member ? (
        // Before the usage: its query waits for a member and, for an unknown id, never runs.
        <EmptyState title="No such member">This organization has no member with that id.</EmptyState>
      ) : usage.isPending ? (
        <LoadingState label="Loading the member's usage" />
      ) : usage.isError ? (
        <ErrorState error={usage.error} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 5 }} component="section" aria-label="Key figures">
            {MEMBER_FIGURES.map(({ key, label }) => (
              <Card withBorder padding="sm" key={key}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fz={24} fw={700} title={formatExact(figures[key])} data-testid={`member-${key}`}>
                  {key === 'spend' ? formatMoney(figures.spend, currency) : formatCompact(figures[key])}
                </Text>
                {key === 'spend' && figures.unpricedModels.length > 0 && <Text size="xs">without {figures.unpricedModels.join(', ')} (no price)</Text>}
                <Text size="xs" c="dimmed" data-testid={`member-${key}-compared`}>
                  {compared(key, figuresBefore, activeMembers, key === 'spend' ? (value) => formatMoney(value, currency) : formatCompact, formatPeriod(previousPeriod(range)))}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <MemberOutcomes range={range} userId={member.id} />
          <Card withBorder>
            <RecentAgentSessions filters={{ user: member.id }} title="Recent agent sessions" />
          </Card>
          <Card withBorder component="section" aria-label="Daily usage">
            <SimpleGridHeader title="Daily usage" range={range} cursor={cursor} withCsv={rows.length > 0} />
            {rows.length === 0 ? (
              <EmptyState title="Inactive in this range">{member.email} used no agent between these days.</EmptyState>
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <div>
                  <Text size="sm" fw={600}>
                    Standard Credits {axis.per}, by model
                  </Text>
                  <StackedDailyBars
                    label={`Standard Credits ${axis.per}`}
                    xFormat={axis}
                    data={timeSeries(axis, rows, creditsByModel, {}, 'sum')}
                    series={modelSeries([...new Set(rows.flatMap((row) => Object.keys(creditsByModel(row))))].sort(), colorOf)}
                  />
                </div>
                <div>
                  <Text size="sm" fw={600}>
                    Sessions and messages
                  </Text>
                  <DailyLines
                    label={`Sessions and messages ${axis.per}`}
                    xFormat={axis}
                    data={timeSeries(axis, rows, (row) => ({ sessions: row.sessions, messages: row.messages }), { sessions: 0, messages: 0 }, 'sum')}
                    series={[
                      { key: 'sessions', label: 'Sessions' },
                      { key: 'messages', label: 'Messages' },
                    ]}
                  />
                </div>
                <div>
                  <Text size="sm" fw={600} mb={4}>
                    Models, most spend first
                  </Text>
                  <ModelShares models={figures.models} currency={currency} colorOf={colorOf} label="The member's models" />
                </div>
                <div>
                  <Text size="sm" fw={600}>
                    Tools, MCP, skills, slash commands, hooks
                  </Text>
                  <RankedBars
                    label="Tools, MCP, skills, slash commands and hooks"
                    valueLabel="Count"
                    items={sumBy(rows, (row) => [
                      { name: 'Tool calls', value: row.tool_calls },
                      { name: 'MCP calls', value: row.mcp_calls },
                      { name: 'Skills', value: row.skill_calls },
                      { name: 'Slash commands', value: row.slash_commands },
                      { name: 'Hooks', value: row.hooks },
                    ])}
                  />
                </div>
              </SimpleGrid>
            )}
            <Text size="xs" c="dimmed" mt="sm">
              Last active: {figures.lastActiveDay ? `${formatDay(figures.lastActiveDay)} (UTC)` : 'not in this range'} · usual delegation: {figures.delegationLevel ?? '—'}
            </Text>
          </Card>
        </>
      )}
    </Stack>
  );
}

// The CSV is the /users page of exactly this member: only when it has rows (else the page would
// hold the next active member).
function SimpleGridHeader({ title, range, cursor, withCsv }: { title: string; range: { startDate: string; endDate: string }; cursor: string | undefined; withCsv: boolean }) {
  return (
    <Stack gap={4} mb="sm">
      <Title order={2} size="h4">
        {title}
      </Title>
      {withCsv && <PanelActions title={title} source={{ resource: 'users', range, page: { limit: 1, cursor } }} />}
    </Stack>
  );
}

/** A day's credits by model; a day aggregated before the split (no `by_model`) under its primary model. */
function creditsByModel(row: AnalyticsUserRow): Record<string, number> {
  if (!row.by_model) return { [row.primary_model]: row.billable_tokens };
  return Object.fromEntries(row.by_model.map((model) => [model.model_id, model.billable_tokens]));
}

type Figure = 'spend' | 'credits' | 'sessions' | 'toolCalls' | 'pullRequests';
const MEMBER_FIGURES: { key: Figure; label: string }[] = [
  { key: 'spend', label: 'Spend' },
  { key: 'credits', label: 'Standard Credits' },
  { key: 'sessions', label: 'Sessions' },
  { key: 'toolCalls', label: 'Tool calls' },
  { key: 'pullRequests', label: 'Pull requests' },
];

/** The member's figure over the period before, and the median of the members active in the range. */
function compared(key: Figure, before: MemberUsage | undefined, activeMembers: MemberUsage[] | undefined, format: (value: number) => string, period: string): string {
  const previous = before ? `${format(before[key])} in ${period}` : '…';
  const middle = activeMembers ? `median member ${format(median(activeMembers.map((usage) => usage[key])))}` : '…';
  return `${previous} · ${middle}`;
}
