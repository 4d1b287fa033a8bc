import type { RequestQuery } from '../../sdk/client.js';
import { UsageError } from '../command.js';
import { apiCommand, integerOption, type ApiContext } from './api-command.js';

// `quarterdeck analytics tokens|tools|activity|productivity|users|repositories|attributed-costs|model-latency|premium-requests|today`:
// the analytics API, one row per item. Dates default to the last seven days with data (yesterday
// and the six before, UTC); `today` has none (the day in progress).

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function dates(context: ApiContext): { startDate: string; endDate: string } {
  const endDate = context.option('end') ?? utcDay(Date.now() - DAY_MS);
  const startDate = context.option('start') ?? utcDay(Date.parse(`${endDate}T00:00:00Z`) - 6 * DAY_MS);
  for (const [name, value] of [['start', startDate], ['end', endDate]] as const) {
    if (!DATE.test(value)) throw new UsageError(`--${name} must be a date YYYY-MM-DD, got "${value}"`);
  }
  return { startDate, endDate };
}

const DATES = {
  start: { type: 'string', description: 'First day, YYYY-MM-DD (default: 6 days before --end)' },
  end: { type: 'string', description: 'Last day, YYYY-MM-DD (default: yesterday, UTC)' },
} as const;

const TEAM = { team: { type: 'string', description: 'With --group-by team: that team only (its id)' } } as const;

/**
 * Every per-day endpoint can group by agent product, repository and team (`--team` keeps one);
 * `breakdown` is its other group_by, if any.
 */
const daily = (kind: 'tokens' | 'tools' | 'activity' | 'productivity', breakdown?: string) => {
  const groupBys = [...(breakdown ? [breakdown] : []), 'agent', 'repository', 'team'].join('|');
  return apiCommand({
    name: ['analytics', kind],
    usage: `[--start YYYY-MM-DD] [--end YYYY-MM-DD] [--group-by ${groupBys}] [--team TEAM_ID]`,
    summary: `Analytics: ${kind} per day, or per day and ${groupBys.replaceAll('|', ' or ')}`,
    options: { ...DATES, 'group-by': { type: 'string', description: `Rows per day and group: ${groupBys}` }, ...TEAM },
    async call(context) {
      const groupByValue = context.option('group-by');
      const teamId = context.option('team');
      const query = { ...dates(context), ...(groupByValue ? { group_by: groupByValue } : {}), ...(teamId ? { team_id: teamId } : {}) };
      const answer = await context.client.request('get', `/api/v1/analytics/${kind}`, { query: query as RequestQuery<`/api/v1/analytics/${typeof kind}`, 'get'> });
      return { items: answer.data as unknown[] };
    },
  });
};

export const analyticsTokens = daily('tokens', 'model');
export const analyticsTools = daily('tools', 'tool_name|tool_source');
export const analyticsActivity = daily('activity', 'client');
export const analyticsProductivity = daily('productivity');

export const analyticsUsers = apiCommand({
  name: ['analytics', 'users'],
  usage: '[--start YYYY-MM-DD] [--end YYYY-MM-DD]',
  summary: 'Analytics: per-user rows per day, paged by user',
  options: DATES,
  list: true,
  async call(context) {
    const limit = integerOption(context, 'limit');
    const cursor = context.option('cursor');
    const query = { ...dates(context), limit: limit ?? 20, ...(cursor ? { cursor } : {}) };
    if (context.args.values.all) return { items: context.client.paginateAnalyticsUsers({ query }) };
    const page = await context.client.request('get', '/api/v1/analytics/users', { query });
    return { items: page.data, next: page.meta.has_more ? page.meta.next_cursor : null };
  },
});

export const analyticsRepositories = apiCommand({
  name: ['analytics', 'repositories'],
  usage: '[--start YYYY-MM-DD] [--end YYYY-MM-DD]',
  summary: 'Analytics: each repository over the range, with its latest readiness result',
  options: DATES,
  async call(context) {
    const answer = await context.client.request('get', '/api/v1/analytics/repositories', { query: dates(context) });
    return { items: answer.data };
  },
});

export const analyticsAttributedCosts = apiCommand({
  name: ['analytics', 'attributed-costs'],
  usage: '[--start YYYY-MM-DD] [--end YYYY-MM-DD] [--group-by skill|subagent|plugin|mcp_server]',
  summary: 'Analytics: tokens and cost per day by skill, sub-agent, plugin or MCP server, where the agent attributes its usage',
  options: { ...DATES, 'group-by': { type: 'string', description: 'One kind only: skill, subagent, plugin or mcp_server' } },
  async call(context) {
    const kind = context.option('group-by');
    const query = { ...dates(context), ...(kind ? { group_by: kind } : {}) } as RequestQuery<'/api/v1/analytics/attributed-costs', 'get'>;
    return { items: (await context.client.request('get', '/api/v1/analytics/attributed-costs', { query })).data };
  },
});

export const analyticsModelLatency = apiCommand({
  name: ['analytics', 'model-latency'],
  usage: '[--start YYYY-MM-DD] [--end YYYY-MM-DD]',
  summary: 'Analytics: time to first token per day and model (median, 90th percentile), where the agent reports it',
  options: DATES,
  async call(context) {
    return { items: (await context.client.request('get', '/api/v1/analytics/model-latency', { query: dates(context) })).data };
  },
});

export const analyticsPremiumRequests = apiCommand({
  name: ['analytics', 'premium-requests'],
  usage: '[--start YYYY-MM-DD] [--end YYYY-MM-DD]',
  summary: "Analytics: Copilot's premium requests per day, person, agent product and model (a count, never money)",
  options: DATES,
  async call(context) {
    return { items: (await context.client.request('get', '/api/v1/analytics/premium-requests', { query: dates(context) })).data };
  },
});

export const analyticsToday = apiCommand({
  name: ['analytics', 'today'],
  usage: '[--group-by user|model|agent]',
  summary: 'Analytics: today so far (UTC), live and partial: a total row, then per person, model and agent product',
  options: { 'group-by': { type: 'string', description: 'One breakdown only (without the total): user, model or agent' } },
  async call(context) {
    const dimension = context.option('group-by');
    const query = (dimension ? { group_by: dimension } : {}) as RequestQuery<'/api/v1/analytics/today', 'get'>;
    return { items: (await context.client.request('get', '/api/v1/analytics/today', { query })).data };
  },
});
