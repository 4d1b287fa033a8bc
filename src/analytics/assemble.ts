import { sumCredits } from '../domain/micro-credits.js';
import type { PriceBook } from '../domain/prices.js';
import { AUTONOMY_LEVELS, AUTONOMY_MODES, CLIENTS } from '../telemetry/events.js';
import { dayCosts, reportedCostUsd, type DayCosts } from './cost.js';
import { byCountThenNames, byteOrder, mostFrequent, tally } from './order.js';
import type { Cell } from './cell.js';
import type { ActivityRow, AgentActivityRow, AgentProductivityRow, AgentTokenRow, AgentToolRow, ProductivityRow, TokenRow, ToolRow, UserRow } from './schemas.js';

// One organization-day's rows, built from the day's event counts grouped by every dimension a
// user's row or a distinct-user count needs (cells), the day's tool calls counted per tool, MCP
// server and autonomy level (their per-user split is never shown, and would make most of the
// cells), and the few statistics that need more than that (distinct sessions, WAU/MAU windows).
// Every definition of decisions.md §4 lives here, once. A day without events is the same
// computation over no cells: zeros, except the windows. Fields an agent's exporter did not send
// (client, autonomy) count in no client and no autonomy: never guessed (docs/analytics.md).

/** The day's tool calls with one value of one dimension (an MCP server as spelled). */
export interface ToolCallTotal {
  dimension: 'tool' | 'mcp_server' | 'autonomy_level' | 'tool_source';
  value: string;
  events: number;
}

export interface DayStats {
  /** Distinct sessions with any event that day. */
  activeSessions: number;
  weeklyActiveUsers: number;
  monthlyActiveUsers: number;
}

export const NO_STATS: DayStats = { activeSessions: 0, weeklyActiveUsers: 0, monthlyActiveUsers: 0 };

/** The rows of each endpoint grouped by one dimension, ordered by group_key. */
export interface GroupedDayRows {
  tokens: AgentTokenRow[];
  tools: AgentToolRow[];
  activity: AgentActivityRow[];
  productivity: AgentProductivityRow[];
}

/** The members with any event in one repository that day, in byte order. */
export interface RepositoryMembers {
  group_key: string;
  user_ids: string[];
}

export interface DayRollup {
  tokens: TokenRow;
  tools: ToolRow;
  activity: ActivityRow;
  productivity: ProductivityRow;
  users: UserRow[];
  /** Each endpoint's group_by=agent rows of the day. */
  byAgent: GroupedDayRows;
  /** Each endpoint's group_by=repository rows of the day, and the members of each repository. */
  byRepository: GroupedDayRows;
  /** Each endpoint's figures of each user of the day (group_key the user id): what team rows sum. */
  byUser: GroupedDayRows;
  repositoryMembers: RepositoryMembers[];
}

const count = (cells: Cell[], type: string) => cells.reduce((sum, cell) => sum + (cell.type === type ? cell.events : 0), 0);
const ofType = (cells: Cell[], ...types: string[]) => cells.filter((cell) => types.includes(cell.type));
/**
 * Ratios and averages carry at most RATIO_DECIMALS decimals: binary floating point would otherwise
 * answer 0.30000000000000004 for 0.3, which clients validating against a decimal schema reject
 * and people misread (docs/analytics.md, "Ratios").
 */
export const RATIO_DECIMALS = 6;
const SCALE = 10 ** RATIO_DECIMALS;
export const roundRatio = (value: number) => Math.round(value * SCALE) / SCALE;
const ratio = (numerator: number, denominator: number) => (denominator === 0 ? 0 : roundRatio(numerator / denominator));

/** Counts per key, as `{[field]: key, [countField]: n}` ordered by count, then key. */
function breakdown<T extends { events: number }, F extends string, C extends string>(counted: T[], key: (item: T) => string, field: F, countField: C) {
  const totals = new Map<string, number>();
  for (const item of counted) tally(totals, key(item), item.events);
  const items = [...totals].map(([name, n]) => ({ [field]: name, [countField]: n }) as Record<F, string> & Record<C, number>);
  return byCountThenNames(items, (item) => item[countField], (item) => [item[field]]);
}

/** A model's tier that day: the tier most of its calls report (ties: `standard`). */
function tiersByModel(calls: Cell[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const cell of calls) {
    const model = cell.model_id!;
    if (!counts.has(model)) counts.set(model, new Map());
    tally(counts.get(model)!, cell.model_tier!, cell.events);
  }
  return new Map([...counts].map(([model, tiers]) => [model, mostFrequent(tiers)!]));
}

function modelUsage(calls: Cell[], tiers: Map<string, string>, costs: DayCosts): TokenRow['by_model'] {
  const byModel = [...cellsBy(calls, (cell) => cell.model_id!)].map(([model, own]) => ({
    model_id: model,
    model_tier: tiers.get(model)!,
    billable_tokens: sumOfCredits(own),
    input_tokens: sum(own, 'input_tokens'),
    output_tokens: sum(own, 'output_tokens'),
    cost: costs.ofModel(own),
    reported_cost_usd: reportedCostUsd(own),
  }));
  return byCountThenNames(byModel, (usage) => usage.billable_tokens, (usage) => [usage.model_id]);
}

type Summed = 'input_tokens' | 'output_tokens' | 'cache_read_tokens' | 'cache_write_tokens' | 'lines_added' | 'lines_removed';
const sum = (cells: Cell[], field: Summed) =>
  cells.reduce((total, cell) => total + (cell[field] ?? 0), 0);

/** Credits add up exactly, in fixed point (src/domain/micro-credits.ts). */
const sumOfCredits = (cells: Cell[]) => sumCredits(cells.map((cell) => cell.credits));

function cellsBy(cells: Cell[], key: (cell: Cell) => string): Map<string, Cell[]> {
  const groups = new Map<string, Cell[]>();
  for (const cell of cells) {
    const value = key(cell);
    const own = groups.get(value);
    if (own) own.push(cell);
    else groups.set(value, [cell]);
  }
  return groups;
}

const usersOf = (cells: Cell[]) => cellsBy(cells, (cell) => cell.user_id);

function tokensRow(date: string, cells: Cell[], emails: Map<string, string | null>, costs: DayCosts): TokenRow {
  const calls = ofType(cells, 'model_call');
  const tiers = tiersByModel(calls);
  const byUser = [...usersOf(calls)].map(([userId, own]) => {
    const { cost, unpriced_models } = costs.of(own);
    return {
      user_id: userId,
      user_email: emails.get(userId) ?? '',
      billable_tokens: sumOfCredits(own),
      cost,
      unpriced_models,
      reported_cost_usd: reportedCostUsd(own),
      by_model: modelUsage(own, tiers, costs),
    };
  });
  const { cost, unpriced_models } = costs.of(calls);
  return {
    date,
    billable_tokens: sumOfCredits(calls),
    input_tokens: sum(calls, 'input_tokens'),
    output_tokens: sum(calls, 'output_tokens'),
    cache_read_tokens: sum(calls, 'cache_read_tokens'),
    cache_write_tokens: sum(calls, 'cache_write_tokens'),
    cost,
    unpriced_models,
    reported_cost_usd: reportedCostUsd(calls),
    by_model: modelUsage(calls, tiers, costs),
    by_user: byCountThenNames(byUser, (user) => user.billable_tokens, (user) => [user.user_id]),
  };
}

/** MCP server names are grouped case-insensitively and shown in the day's most frequent spelling. */
function mcpServers(servers: ToolCallTotal[]): ToolRow['mcp_by_server'] {
  const spellings = new Map<string, Map<string, number>>();
  for (const { value, events } of servers) {
    const group = value.toLowerCase();
    if (!spellings.has(group)) spellings.set(group, new Map());
    tally(spellings.get(group)!, value, events);
  }
  const grouped = [...spellings.values()].map((names) => ({ server: mostFrequent(names)!, invocations: [...names.values()].reduce((a, b) => a + b, 0) }));
  return byCountThenNames(grouped, (server) => server.invocations, (server) => [server.server]);
}

const distinctUsers = (cells: Cell[]) => new Set(cells.map((cell) => cell.user_id)).size;

/** The p-th percentile, interpolated between the two nearest values (PostgreSQL's percentile_cont); 0 for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const [below, above] = [sorted[Math.floor(rank)]!, sorted[Math.ceil(rank)]!];
  return roundRatio(below + (rank - Math.floor(rank)) * (above - below));
}

/** `autonomyRatios`: the autonomy ratio of each user with at least one user message that day. */
function toolsRow(date: string, cells: Cell[], toolCalls: ToolCallTotal[], stats: DayStats, autonomyRatios: number[]): ToolRow {
  const total = count(cells, 'tool_call');
  const of = (dimension: ToolCallTotal['dimension']) => toolCalls.filter((item) => item.dimension === dimension);
  const levels = new Map<string, number>();
  for (const { value, events } of of('autonomy_level')) tally(levels, value, events);
  // Over the calls that say their level: a call without one is at no level, not at `manual`.
  const withLevel = [...levels.values()].reduce((a, b) => a + b, 0);
  const hooks = ofType(cells, 'hook');
  return {
    date,
    tool_calls: total,
    by_tool: breakdown(of('tool'), (item) => item.value, 'tool', 'invocations'),
    mcp_users_with_mcp: distinctUsers(ofType(cells, 'tool_call').filter((cell) => cell.mcp)),
    mcp_by_server: mcpServers(of('mcp_server')),
    skills_invocations: count(cells, 'skill'),
    skills_by_name: breakdown(ofType(cells, 'skill'), (cell) => cell.name!, 'name', 'count'),
    slash_commands_invocations: count(cells, 'slash_command'),
    slash_commands_by_name: breakdown(ofType(cells, 'slash_command'), (cell) => cell.name!, 'name', 'count'),
    hooks_invocations: count(cells, 'hook'),
    hooks_by_event: hookBreakdown(hooks),
    web_users: distinctUsers(cells.filter((cell) => cell.client === 'web')),
    autonomy_ratio_avg: ratio(autonomyRatios.reduce((a, b) => a + b, 0), autonomyRatios.length),
    autonomy_ratio_p50: percentile(autonomyRatios, 0.5),
    autonomy_ratio_p90: percentile(autonomyRatios, 0.9),
    tool_calls_per_session_avg: ratio(total, stats.activeSessions),
    user_turns_per_session_avg: ratio(count(cells, 'user_message'), stats.activeSessions),
    tool_autonomy_level_ratio: Object.fromEntries(AUTONOMY_LEVELS.map((level) => [level, ratio(levels.get(level) ?? 0, withLevel)])) as ToolRow['tool_autonomy_level_ratio'],
  };
}

function hookBreakdown(hooks: Cell[]): ToolRow['hooks_by_event'] {
  const totals = new Map<string, number>();
  for (const cell of hooks) tally(totals, JSON.stringify([cell.hook_event, cell.hook_matcher, cell.hook_command]), cell.events);
  const items = [...totals].map(([key, n]) => {
    const [event, matcher, command] = JSON.parse(key) as [string, string, string];
    return { event, matcher, command, count: n };
  });
  return byCountThenNames(items, (item) => item.count, (item) => [item.event, item.matcher, item.command]);
}

function activityRow(date: string, cells: Cell[], stats: DayStats): ActivityRow {
  return {
    date,
    daily_active_users: distinctUsers(cells),
    weekly_active_users: stats.weeklyActiveUsers,
    monthly_active_users: stats.monthlyActiveUsers,
    daily_active_users_by_client: Object.fromEntries(CLIENTS.map((client) => [client, distinctUsers(cells.filter((cell) => cell.client === client))])) as ActivityRow['daily_active_users_by_client'],
    sessions: count(cells, 'session_start'),
    messages: count(cells, 'user_message') + count(cells, 'assistant_message'),
    user_messages: count(cells, 'user_message'),
  };
}

function productivityRow(date: string, cells: Cell[]): ProductivityRow {
  const files = ofType(cells, 'file_created', 'file_edited');
  return {
    date,
    files_created: count(cells, 'file_created'),
    files_edited: count(cells, 'file_edited'),
    by_extension: breakdown(files, (cell) => cell.extension!, 'extension', 'count'),
    // Files some exporters report without a language count in no language.
    by_language: breakdown(files.filter((cell) => cell.language !== null), (cell) => cell.language!, 'language', 'count'),
    git_commits: count(cells, 'git_commit'),
    git_prs_created: count(cells, 'pr_created'),
  };
}

/** The user's most frequent autonomy mode; ties in api.md's order; `manual` without messages that say one. */
function delegationLevel(messages: Cell[]): UserRow['delegation_level'] {
  const modes = new Map<string, number>();
  for (const cell of messages) if (cell.autonomy_mode !== null) tally(modes, cell.autonomy_mode, cell.events);
  let best: UserRow['delegation_level'] = 'manual';
  let bestCount = 0;
  for (const mode of AUTONOMY_MODES) {
    const n = modes.get(mode) ?? 0;
    if (n > bestCount) [best, bestCount] = [mode, n];
  }
  return best;
}

function userRow(date: string, userId: string, cells: Cell[], email: string | null, tiers: Map<string, string>, costs: DayCosts): UserRow {
  const calls = ofType(cells, 'model_call');
  const credits = new Map<string, number>();
  for (const cell of calls) credits.set(cell.model_id!, sumCredits([credits.get(cell.model_id!), cell.credits]));
  const primary = mostFrequent(credits);
  const toolCalls = count(cells, 'tool_call');
  const userMessages = count(cells, 'user_message');
  const assistantMessages = count(cells, 'assistant_message');
  const { cost, unpriced_models } = costs.of(calls);
  return {
    user_id: userId,
    user_email: email,
    date,
    tool_calls: toolCalls,
    billable_tokens: sumOfCredits(calls),
    cost,
    unpriced_models,
    reported_cost_usd: reportedCostUsd(calls),
    primary_model: primary ?? '',
    primary_model_tier: (primary === undefined ? 'standard' : tiers.get(primary)) as UserRow['primary_model_tier'],
    by_model: modelUsage(calls, tiers, costs),
    files_created: count(cells, 'file_created'),
    files_edited: count(cells, 'file_edited'),
    git_commits: count(cells, 'git_commit'),
    git_prs_created: count(cells, 'pr_created'),
    mcp_calls: ofType(cells, 'tool_call').reduce((n, cell) => n + (cell.mcp ? cell.events : 0), 0),
    skill_calls: count(cells, 'skill'),
    slash_commands: count(cells, 'slash_command'),
    hooks: count(cells, 'hook'),
    sessions: count(cells, 'session_start'),
    messages: userMessages + assistantMessages,
    user_messages: userMessages,
    assistant_messages: assistantMessages,
    autonomy_ratio: ratio(toolCalls, userMessages),
    delegation_level: delegationLevel(ofType(cells, 'user_message')),
    languages: [...new Set(ofType(cells, 'file_created', 'file_edited').flatMap((cell) => (cell.language === null ? [] : [cell.language])))].sort(byteOrder),
  };
}

/**
 * The group_key of events that name no agent product, or no repository (an agent's name never has
 * parentheses; a repository's id always has a slash).
 */
export const NO_GROUP = '(none)';

/** The day's cells per value of one dimension (NO_GROUP for none), in byte order of the value. */
const cellsByGroup = (cells: Cell[], valueOf: (cell: Cell) => string | null) =>
  [...cellsBy(cells, (cell) => valueOf(cell) ?? NO_GROUP)].sort(([a], [b]) => byteOrder(a, b));

/** A group's cells in one pass: its events per type, its model calls, and the other sums its rows need. */
function tallyGroup(cells: Cell[]) {
  const events = new Map<string, number>();
  const calls: Cell[] = [];
  const users = new Set<string>();
  const sums = { mcp: 0, accepted: 0, rejected: 0, linesAdded: 0, linesRemoved: 0 };
  for (const cell of cells) {
    events.set(cell.type, (events.get(cell.type) ?? 0) + cell.events);
    users.add(cell.user_id);
    if (cell.type === 'model_call') calls.push(cell);
    else if (cell.type === 'tool_call' && cell.mcp) sums.mcp += cell.events;
    else if (cell.type === 'tool_decision' && cell.decision === 'accept') sums.accepted += cell.events;
    else if (cell.type === 'tool_decision' && cell.decision === 'reject') sums.rejected += cell.events;
    else if (cell.type === 'lines_changed') {
      sums.linesAdded += cell.lines_added ?? 0;
      sums.linesRemoved += cell.lines_removed ?? 0;
    }
  }
  return { count: (type: string) => events.get(type) ?? 0, calls, users: users.size, ...sums };
}

/**
 * Each endpoint's figures per value of one dimension present that day (any event), by group_key,
 * from the day's cells grouped by that dimension (cellsByGroup). Called for three dimensions a day
 * (agent, repository, user): each group's cells are read once.
 */
function groupRows(date: string, groups: [string, Cell[]][], costs: DayCosts): GroupedDayRows {
  const rows: GroupedDayRows = { tokens: [], tools: [], activity: [], productivity: [] };
  // Written out, not spread: a spread in the middle of an object literal takes V8's slow path,
  // and these rows are made thousands of times a day.
  for (const [group_key, own] of groups) {
    const { count, calls, users, mcp, accepted, rejected, linesAdded, linesRemoved } = tallyGroup(own);
    const { cost, unpriced_models } = costs.of(calls);
    rows.tokens.push({
      date,
      group_key,
      billable_tokens: sumOfCredits(calls),
      input_tokens: sum(calls, 'input_tokens'),
      output_tokens: sum(calls, 'output_tokens'),
      cache_read_tokens: sum(calls, 'cache_read_tokens'),
      cache_write_tokens: sum(calls, 'cache_write_tokens'),
      cost,
      unpriced_models,
      reported_cost_usd: reportedCostUsd(calls),
    });
    rows.tools.push({
      date,
      group_key,
      tool_calls: count('tool_call'),
      mcp_calls: mcp,
      skills_invocations: count('skill'),
      slash_commands_invocations: count('slash_command'),
      hooks_invocations: count('hook'),
      decisions_accepted: accepted,
      decisions_rejected: rejected,
    });
    rows.activity.push({
      date,
      group_key,
      daily_active_users: users,
      sessions: count('session_start'),
      messages: count('user_message') + count('assistant_message'),
      user_messages: count('user_message'),
    });
    rows.productivity.push({
      date,
      group_key,
      files_created: count('file_created'),
      files_edited: count('file_edited'),
      git_commits: count('git_commit'),
      git_prs_created: count('pr_created'),
      lines_added: linesAdded,
      lines_removed: linesRemoved,
    });
  }
  return rows;
}

/** `prices`: the organization's, for the cost of the day's model calls (cost.ts). */
export function assembleDay(date: string, cells: Cell[], toolCalls: ToolCallTotal[], stats: DayStats, emails: Map<string, string | null>, prices: PriceBook): DayRollup {
  const calls = ofType(cells, 'model_call');
  const tiers = tiersByModel(calls);
  const costs = dayCosts(calls, prices);
  // Each grouping once: the users' rows and their group_by rows, the repositories' rows and their members.
  const byUser = cellsByGroup(cells, (cell) => cell.user_id);
  const byRepository = cellsByGroup(cells, (cell) => cell.repository);
  const users = byUser.map(([userId, own]) => userRow(date, userId, own, emails.get(userId) ?? null, tiers, costs));
  return {
    tokens: tokensRow(date, cells, emails, costs),
    tools: toolsRow(date, cells, toolCalls, stats, users.filter((user) => user.user_messages > 0).map((user) => user.autonomy_ratio)),
    activity: activityRow(date, cells, stats),
    productivity: productivityRow(date, cells),
    users,
    byAgent: groupRows(date, cellsByGroup(cells, (cell) => cell.agent), costs),
    byRepository: groupRows(date, byRepository, costs),
    byUser: groupRows(date, byUser, costs),
    repositoryMembers: byRepository.map(([repository, own]) => ({ group_key: repository, user_ids: [...usersOf(own).keys()].sort(byteOrder) })),
  };
}
