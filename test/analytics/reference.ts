import { extname } from 'node:path';

// A plain TypeScript reference of every analytics definition of decisions.md §4, computed
// straight from the list of events (no SQL, no rollups). The property tests compare the API with it.

export type Client = 'terminal-ui' | 'web' | 'non-interactive-cli';

/** An event as sent (after attribution): `userId` is whose it is. */
export interface RefEvent {
  id: string;
  type: string;
  timestamp: number;
  userId: string;
  sessionId: string;
  /** Left out by exporters that do not say (counted in no client). */
  client?: Client;
  /** The agent product; left out by Quarterdeck's own clients. */
  agent?: string;
  autonomyMode?: string;
  modelId?: string;
  modelTier?: string;
  inputTokens?: number;
  outputTokens?: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
  billableTokens?: number;
  reportedCostUsd?: number;
  tool?: string;
  mcpServer?: string;
  autonomyLevel?: string;
  name?: string;
  event?: string;
  matcher?: string;
  command?: string;
  path?: string;
  /** Sent instead of a path by some exporters, as they send it (`.ts`). */
  extension?: string;
  language?: string;
  decision?: string;
  linesAdded?: number;
  linesRemoved?: number;
}

/** A price per million tokens of each kind. */
export interface RefPrice {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/**
 * The list prices of the price dataset (@pydantic/genai-prices) for the models the tests call,
 * read off its data by hand: OpenAI's models have no cache write price, which is charged as input.
 * Upgrading the dataset may change them (test/prices/prices.test.ts says so first).
 */
export const DATASET_PRICES: Record<string, RefPrice> = {
  'claude-sonnet-4-5': { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  'gpt-5': { input: 1.25, output: 10, cacheRead: 0.125, cacheWrite: 1.25 },
};

export interface RefOptions {
  historyStart: string;
  catalogue: Record<string, number>;
  emails: Record<string, string>;
  /** The organization's prices: its discount and every priced model; the dataset's without a discount by default. */
  prices?: { discount: number; models: Record<string, RefPrice> };
}

const CLIENTS: Client[] = ['terminal-ui', 'web', 'non-interactive-cli'];
const MODES = ['auto-high', 'auto-medium', 'auto-low', 'spec', 'manual'];
const LEVELS = ['auto_high', 'auto_medium', 'auto_low', 'manual'];

const bytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const shift = (day: string, n: number) => dayOf(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000);
/** Ratios and averages are rounded to 6 decimals (docs/analytics.md, "Ratios"). */
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const div = (a: number, b: number) => (b === 0 ? 0 : round6(a / b));

function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = shift(d, 1)) out.push(d);
  return out;
}

/** An event's credits in whole micro-credits (each event rounded once, as ingestion does). */
function micros(e: RefEvent, catalogue: Record<string, number>): number {
  if (e.billableTokens !== undefined) return Math.round(e.billableTokens * 1e6);
  return Math.round(((e.inputTokens! + e.outputTokens! + e.cacheWriteTokens!) * 1e6 + e.cacheReadTokens! * 1e5) * (catalogue[e.modelId!] ?? 1));
}

/** The exact credit sum of events: integers of micro-credits, divided once. */
function credits(events: RefEvent[], catalogue: Record<string, number>): number {
  return events.reduce((s, e) => s + micros(e, catalogue), 0) / 1e6;
}

function extension(path: string): string {
  return extname(path).slice(1).toLowerCase() || '(none)';
}

/** Counts by key, ordered by count descending then key (byte order). */
function counted(keys: string[]): [string, number][] {
  const m = new Map<string, number>();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1] || bytes(a[0], b[0]));
}

function winner(keys: string[]): string {
  return counted(keys)[0]![0];
}

function percentileCont(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const position = p * (sorted.length - 1);
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return round6(sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low));
}

/** What the agents reported, summed to the micro-dollar; null when none reported. */
function reported(calls: RefEvent[]): number | null {
  const costs = calls.filter((e) => e.reportedCostUsd !== undefined);
  return costs.length === 0 ? null : costs.reduce((s, e) => s + Math.round(e.reportedCostUsd! * 1e6), 0) / 1e6;
}

/**
 * The cost of one day's model calls (docs/prices.md): per user, agent product and model, the token sums
 * times the prices per million (micro-units per token) times the discount, rounded to a
 * micro-unit; then summed. Models without a price are left out and named.
 */
export function costOf(calls: RefEvent[], prices: RefOptions['prices'] = { discount: 1, models: DATASET_PRICES }) {
  const { discount, models } = prices;
  const groups = new Map<string, RefEvent[]>();
  for (const e of calls) {
    const key = JSON.stringify([e.userId, e.agent ?? null, e.modelId]);
    const group = groups.get(key);
    if (group) group.push(e);
    else groups.set(key, [e]);
  }
  let micros = 0;
  const unpriced = new Set<string>();
  for (const group of groups.values()) {
    const price = models[group[0]!.modelId!];
    if (!price) {
      unpriced.add(group[0]!.modelId!);
      continue;
    }
    const sum = (f: (e: RefEvent) => number) => group.reduce((s, e) => s + f(e), 0);
    const list = sum((e) => e.inputTokens!) * price.input + sum((e) => e.outputTokens!) * price.output + sum((e) => e.cacheReadTokens!) * price.cacheRead + sum((e) => e.cacheWriteTokens!) * price.cacheWrite;
    micros += Math.round(list * discount);
  }
  return { cost: micros / 1e6, unpriced_models: [...unpriced].sort(bytes), reported_cost_usd: reported(calls) };
}

export class Reference {
  private readonly events: RefEvent[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly options: RefOptions) {}

  private cost(calls: RefEvent[]) {
    return costOf(calls, this.options.prices);
  }

  /** Stores events the way the API does: the first event with an id wins. Returns [accepted, duplicates]. */
  add(events: RefEvent[]): [number, number] {
    let accepted = 0;
    for (const e of events) {
      if (this.seen.has(e.id)) continue;
      this.seen.add(e.id);
      this.events.push(e);
      accepted += 1;
    }
    return [accepted, events.length - accepted];
  }

  private on(day: string): RefEvent[] {
    return this.events.filter((e) => dayOf(e.timestamp) === day);
  }

  private rangeDays(start: string, end: string): string[] {
    return days(start > this.options.historyStart ? start : this.options.historyStart, end);
  }

  private tier(day: string, model: string): string {
    return winner(this.on(day).filter((e) => e.type === 'model_call' && e.modelId === model).map((e) => e.modelTier!));
  }

  private modelRows(day: string, calls: RefEvent[]) {
    const models = [...new Set(calls.map((e) => e.modelId!))];
    return models
      .map((model) => {
        const own = calls.filter((e) => e.modelId === model);
        const { cost, unpriced_models } = this.cost(own);
        return {
          model_id: model,
          model_tier: this.tier(day, model),
          billable_tokens: credits(own, this.options.catalogue),
          input_tokens: own.reduce((s, e) => s + e.inputTokens!, 0),
          output_tokens: own.reduce((s, e) => s + e.outputTokens!, 0),
          cost: unpriced_models.length > 0 ? null : cost,
          reported_cost_usd: reported(own),
        };
      })
      .sort((a, b) => b.billable_tokens - a.billable_tokens || bytes(a.model_id, b.model_id));
  }

  tokens(start: string, end: string) {
    return this.rangeDays(start, end).map((day) => {
      const calls = this.on(day).filter((e) => e.type === 'model_call');
      const users = [...new Set(calls.map((e) => e.userId))]
        .map((user) => {
          const own = calls.filter((e) => e.userId === user);
          return { user_id: user, user_email: this.options.emails[user]!, billable_tokens: credits(own, this.options.catalogue), ...this.cost(own), by_model: this.modelRows(day, own) };
        })
        .sort((a, b) => b.billable_tokens - a.billable_tokens || bytes(a.user_id, b.user_id));
      const total = (f: (e: RefEvent) => number) => calls.reduce((s, e) => s + f(e), 0);
      return {
        date: day,
        billable_tokens: credits(calls, this.options.catalogue),
        input_tokens: total((e) => e.inputTokens!),
        output_tokens: total((e) => e.outputTokens!),
        cache_read_tokens: total((e) => e.cacheReadTokens!),
        cache_write_tokens: total((e) => e.cacheWriteTokens!),
        ...this.cost(calls),
        by_model: this.modelRows(day, calls),
        by_user: users,
      };
    });
  }

  tools(start: string, end: string) {
    return this.rangeDays(start, end).map((day) => {
      const all = this.on(day);
      const of = (type: string) => all.filter((e) => e.type === type);
      const calls = of('tool_call');
      const mcp = calls.filter((e) => e.mcpServer !== undefined);
      const groups = new Map<string, string[]>();
      for (const e of mcp) groups.set(e.mcpServer!.toLowerCase(), [...(groups.get(e.mcpServer!.toLowerCase()) ?? []), e.mcpServer!]);
      const ratios = [...new Set(all.map((e) => e.userId))]
        .map((user) => [all.filter((e) => e.userId === user && e.type === 'tool_call').length, all.filter((e) => e.userId === user && e.type === 'user_message').length])
        .filter(([, messages]) => messages! > 0)
        .map(([tools, messages]) => div(tools!, messages!));
      const sessions = new Set(all.map((e) => e.sessionId)).size;
      const hooks = counted(of('hook').map((e) => JSON.stringify([e.event, e.matcher, e.command])))
        .map(([key, count]) => {
          const [event, matcher, command] = JSON.parse(key) as string[];
          return { event: event!, matcher: matcher!, command: command!, count };
        })
        .sort((a, b) => b.count - a.count || bytes(a.event, b.event) || bytes(a.matcher, b.matcher) || bytes(a.command, b.command));
      return {
        date: day,
        tool_calls: calls.length,
        by_tool: counted(calls.map((e) => e.tool!)).map(([tool, invocations]) => ({ tool, invocations })),
        mcp_users_with_mcp: new Set(mcp.map((e) => e.userId)).size,
        mcp_by_server: [...groups.values()]
          .map((spellings) => ({ server: winner(spellings), invocations: spellings.length }))
          .sort((a, b) => b.invocations - a.invocations || bytes(a.server, b.server)),
        skills_invocations: of('skill').length,
        skills_by_name: counted(of('skill').map((e) => e.name!)).map(([name, count]) => ({ name, count })),
        slash_commands_invocations: of('slash_command').length,
        slash_commands_by_name: counted(of('slash_command').map((e) => e.name!)).map(([name, count]) => ({ name, count })),
        hooks_invocations: of('hook').length,
        hooks_by_event: hooks,
        web_users: new Set(all.filter((e) => e.client === 'web').map((e) => e.userId)).size,
        autonomy_ratio_avg: div(ratios.reduce((s, r) => s + r, 0), ratios.length),
        autonomy_ratio_p50: percentileCont(ratios, 0.5),
        autonomy_ratio_p90: percentileCont(ratios, 0.9),
        tool_calls_per_session_avg: div(calls.length, sessions),
        user_turns_per_session_avg: div(of('user_message').length, sessions),
        // Over the calls that say a level.
        tool_autonomy_level_ratio: Object.fromEntries(
          LEVELS.map((level) => [level, div(calls.filter((e) => e.autonomyLevel === level).length, calls.filter((e) => e.autonomyLevel !== undefined).length)]),
        ),
      };
    });
  }

  private activeUsers(from: string, to: string): number {
    return new Set(this.events.filter((e) => dayOf(e.timestamp) >= from && dayOf(e.timestamp) <= to).map((e) => e.userId)).size;
  }

  activity(start: string, end: string) {
    return this.rangeDays(start, end).map((day) => {
      const all = this.on(day);
      const count = (type: string) => all.filter((e) => e.type === type).length;
      return {
        date: day,
        daily_active_users: new Set(all.map((e) => e.userId)).size,
        weekly_active_users: this.activeUsers(shift(day, -6), day),
        monthly_active_users: this.activeUsers(shift(day, -29), day),
        daily_active_users_by_client: Object.fromEntries(CLIENTS.map((c) => [c, new Set(all.filter((e) => e.client === c).map((e) => e.userId)).size])),
        sessions: count('session_start'),
        messages: count('user_message') + count('assistant_message'),
        user_messages: count('user_message'),
      };
    });
  }

  productivity(start: string, end: string) {
    return this.rangeDays(start, end).map((day) => {
      const all = this.on(day);
      const files = all.filter((e) => e.type === 'file_created' || e.type === 'file_edited');
      return {
        date: day,
        files_created: all.filter((e) => e.type === 'file_created').length,
        files_edited: all.filter((e) => e.type === 'file_edited').length,
        by_extension: counted(files.map((e) => (e.path === undefined ? (e.extension ?? '').replace(/^\./, '').toLowerCase() || '(none)' : extension(e.path)))).map(([ext, count]) => ({ extension: ext, count })),
        by_language: counted(files.filter((e) => e.language !== undefined).map((e) => e.language!)).map(([language, count]) => ({ language, count })),
        git_commits: all.filter((e) => e.type === 'git_commit').length,
        git_prs_created: all.filter((e) => e.type === 'pr_created').length,
      };
    });
  }

  /**
   * group_by=agent of an endpoint: per day, a row per agent product with any event that day
   * (`(none)` for events without one), ordered by date, then agent (byte order).
   */
  byAgent(endpoint: 'tokens' | 'tools' | 'activity' | 'productivity', start: string, end: string) {
    return this.rangeDays(start, end).flatMap((day) => {
      const all = this.on(day);
      const agents = [...new Set(all.map((e) => e.agent ?? '(none)'))].sort(bytes);
      return agents.map((agent) => {
        const own = all.filter((e) => (e.agent ?? '(none)') === agent);
        const of = (type: string) => own.filter((e) => e.type === type);
        const total = (events: RefEvent[], f: (e: RefEvent) => number) => events.reduce((sum, e) => sum + f(e), 0);
        const calls = of('model_call');
        const figures = {
          tokens: () => ({
            billable_tokens: credits(calls, this.options.catalogue),
            input_tokens: total(calls, (e) => e.inputTokens!),
            output_tokens: total(calls, (e) => e.outputTokens!),
            cache_read_tokens: total(calls, (e) => e.cacheReadTokens!),
            cache_write_tokens: total(calls, (e) => e.cacheWriteTokens!),
            ...this.cost(calls),
          }),
          tools: () => ({
            tool_calls: of('tool_call').length,
            mcp_calls: of('tool_call').filter((e) => e.mcpServer !== undefined).length,
            skills_invocations: of('skill').length,
            slash_commands_invocations: of('slash_command').length,
            hooks_invocations: of('hook').length,
            decisions_accepted: of('tool_decision').filter((e) => e.decision === 'accept').length,
            decisions_rejected: of('tool_decision').filter((e) => e.decision === 'reject').length,
          }),
          activity: () => ({
            daily_active_users: new Set(own.map((e) => e.userId)).size,
            sessions: of('session_start').length,
            messages: of('user_message').length + of('assistant_message').length,
            user_messages: of('user_message').length,
          }),
          productivity: () => ({
            files_created: of('file_created').length,
            files_edited: of('file_edited').length,
            git_commits: of('git_commit').length,
            git_prs_created: of('pr_created').length,
            lines_added: total(of('lines_changed'), (e) => e.linesAdded!),
            lines_removed: total(of('lines_changed'), (e) => e.linesRemoved!),
          }),
        };
        return { date: day, group_key: agent, ...figures[endpoint]() };
      });
    });
  }

  /** Every per-user row of the range, ordered by user id, then date. */
  users(start: string, end: string) {
    const rows = this.rangeDays(start, end).flatMap((day) => {
      const all = this.on(day);
      return [...new Set(all.map((e) => e.userId))].map((user) => {
        const own = all.filter((e) => e.userId === user);
        const count = (type: string) => own.filter((e) => e.type === type).length;
        const calls = own.filter((e) => e.type === 'model_call');
        const byModel = new Map<string, number>();
        for (const e of calls) byModel.set(e.modelId!, (byModel.get(e.modelId!) ?? 0) + micros(e, this.options.catalogue));
        const primary = [...byModel].sort((a, b) => b[1] - a[1] || bytes(a[0], b[0]))[0]?.[0];
        const modes = own.filter((e) => e.type === 'user_message' && e.autonomyMode !== undefined).map((e) => e.autonomyMode!);
        const best = MODES.reduce((top, mode) => (modes.filter((m) => m === mode).length > modes.filter((m) => m === top).length ? mode : top), MODES[0]!);
        return {
          user_id: user,
          user_email: this.options.emails[user] ?? null,
          date: day,
          tool_calls: count('tool_call'),
          billable_tokens: credits(calls, this.options.catalogue),
          ...this.cost(calls),
          primary_model: primary ?? '',
          primary_model_tier: primary === undefined ? 'standard' : this.tier(day, primary),
          by_model: this.modelRows(day, calls),
          files_created: count('file_created'),
          files_edited: count('file_edited'),
          git_commits: count('git_commit'),
          git_prs_created: count('pr_created'),
          mcp_calls: own.filter((e) => e.type === 'tool_call' && e.mcpServer !== undefined).length,
          skill_calls: count('skill'),
          slash_commands: count('slash_command'),
          hooks: count('hook'),
          sessions: count('session_start'),
          messages: count('user_message') + count('assistant_message'),
          user_messages: count('user_message'),
          assistant_messages: count('assistant_message'),
          autonomy_ratio: div(count('tool_call'), count('user_message')),
          delegation_level: modes.length === 0 ? 'manual' : best,
          languages: [...new Set(own.filter((e) => e.language !== undefined).map((e) => e.language!))].sort(bytes),
        };
      });
    });
    return rows.sort((a, b) => bytes(a.user_id, b.user_id) || bytes(a.date, b.date));
  }
}

/** Grouped rows: one breakdown flattened, ordered by date then group_key. */
export function grouped<R extends { date: string }>(rows: R[], groups: (row: R) => Record<string, unknown>[]) {
  return rows.flatMap((row) =>
    groups(row)
      .sort((a, b) => bytes(a.group_key as string, b.group_key as string))
      .map((g) => ({ date: row.date, ...g })),
  );
}
