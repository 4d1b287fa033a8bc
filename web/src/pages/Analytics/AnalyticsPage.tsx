import { Alert, Stack } from '@mantine/core';
import { isManager } from '../../api/client';
import { useActivity, useProductivity, useTokensByModel, useTools } from '../../api/useAnalytics';
import { useSignedInSession } from '../../components/SessionContext';
import { useRenderedMark } from '../../perf';
import { ActivityPanelBody } from './ActivityPanel';
import { AttributedCostsPanel } from './AttributedCostsPanel';
import { BudgetPanel } from './BudgetPanel';
import { KpiCards } from './KpiCards';
import { MembersPanel } from './MembersPanel';
import { Panel } from './Panel';
import { ProductivityPanelBody } from './ProductivityPanel';
import { RangePicker } from './RangePicker';
import { TokensPanelBody } from './TokensPanel';
import { TeamsPanel } from './TeamsPanel';
import { ToolsPanelBody } from './ToolsPanel';
import { TodayCard } from './TodayCard';
import { WastePanel } from './WastePanel';
import { useDayRange } from './range';
import { GranularityPicker } from './GranularityPicker';
import { useTimeAxis } from './timeAxis';
import { PageHeader } from '../../components/PageHeader';

/** /analytics — owner and manager: how the organization uses its agents over a range of days. */
export default function AnalyticsPage() {
  const { user, organization } = useSignedInSession();
  if (!isManager(user.role)) {
    return (
      <Alert color="blue" title="Analytics are for owners and managers">
        The organization's usage figures are shown to owners and managers of {organization.name} only (the analytics API answers them alone). Ask one of them for a report or a CSV.
      </Alert>
    );
  }
  return <Dashboard />;
}

function Dashboard() {
  const { range, choice, setPreset, setCustom, search } = useDayRange();
  const { axis, setGranularity } = useTimeAxis(range);
  const tokens = useTokensByModel(range);
  const activity = useActivity(range);
  const tools = useTools(range);
  const productivity = useProductivity(range);
  // The first answer drawn (a panel with its figures), then every panel drawn.
  useRenderedMark('analytics:first', tokens.isSuccess || activity.isSuccess || tools.isSuccess || productivity.isSuccess);
  useRenderedMark('analytics', tokens.isSuccess && activity.isSuccess && tools.isSuccess && productivity.isSuccess && !tokens.isPlaceholderData && !tools.isPlaceholderData);
  return (
    <Stack>
      <PageHeader title="Analytics" description="Usage of the organization's agents, per UTC day." />
      <TodayCard />
      <RangePicker key={`${range.startDate}/${range.endDate}`} range={range} choice={choice} onPreset={setPreset} onCustom={setCustom} />
      <GranularityPicker value={axis.granularity} onChange={setGranularity} />
      <KpiCards range={range} />
      <BudgetPanel />
      <WastePanel />
      <TeamsPanel />
      <Panel title="Spend, credits and tokens" description="Spend by model at your prices, Standard Credits per day stacked by model, and tokens in and out." source={{ resource: 'tokens', range, groupBy: 'model' }} query={tokens}>
        {() => <TokensPanelBody axis={axis} answer={tokens.data!} />}
      </Panel>
      <AttributedCostsPanel range={range} />
      <Panel title="Activity" description="Active users (DAU, WAU, MAU), DAU by client, sessions and messages." source={{ resource: 'activity', range }} query={activity}>
        {() => <ActivityPanelBody axis={axis} rows={activity.data!} />}
      </Panel>
      <Panel title="Tools" description="Calls by tool, MCP servers, skills, slash commands, hooks and autonomy; totals over the range." source={{ resource: 'tools', range }} query={tools}>
        {() => <ToolsPanelBody axis={axis} rows={tools.data!} />}
      </Panel>
      <Panel title="Productivity" description="Files created and edited, by language and extension; commits and pull requests." source={{ resource: 'productivity', range }} query={productivity}>
        {() => <ProductivityPanelBody axis={axis} rows={productivity.data!} />}
      </Panel>
      <MembersPanel range={range} search={search} />
    </Stack>
  );
}
