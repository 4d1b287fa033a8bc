import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { StringEnum } from '../schemas/common.js';
import { AUTONOMY_MODES, MODEL_TIERS } from '../telemetry/events.js';

// The analytics rows of api.md, as TypeBox schemas (response validation and OpenAPI) and types.

const Num = Type.Number();
const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD (UTC)' });

// Costs (docs/prices.md): `cost` at the organization's prices, in the currency of the answer's
// `meta.currency`; `reported_cost_usd` what the agents reported themselves, in USD, null when none did.
// The cost fields are absent from a day aggregated before prices existed, until the rollup has
// computed it again (migration 0019 marks every such day pending).
const MaybeNum = (description: string) => Type.Optional(Type.Union([Num, Type.Null()], { description }));
const ReportedCost = { reported_cost_usd: MaybeNum('The cost the agents reported themselves (USD); null when none did') };
/** A group's cost: its priced models' costs summed, and the models without a price it leaves out. */
export const Cost = {
  cost: Type.Optional(Type.Number({ description: "At the organization's prices, in meta.currency; leaves out unpriced_models" })),
  unpriced_models: Type.Optional(Type.Array(Type.String(), { description: 'Models of this figure that have no price (their cost is not in `cost`)' })),
  ...ReportedCost,
};

const ModelUsage = Type.Object({
  model_id: Type.String(),
  model_tier: Type.String(),
  billable_tokens: Num,
  input_tokens: Num,
  output_tokens: Num,
  cost: MaybeNum("At the organization's prices, in meta.currency; null: the model has no price"),
  ...ReportedCost,
});

export const TokenRow = Type.Object(
  {
    date: Day,
    billable_tokens: Num,
    input_tokens: Num,
    output_tokens: Num,
    cache_read_tokens: Num,
    cache_write_tokens: Num,
    ...Cost,
    by_model: Type.Array(ModelUsage),
    by_user: Type.Array(Type.Object({ user_id: Type.String(), user_email: Type.String(), billable_tokens: Num, ...Cost, by_model: Type.Array(ModelUsage) })),
  }
);

const Counted = (name: string) => Type.Object({ [name]: Type.String(), count: Num });

export const ToolRow = Type.Object(
  {
    date: Day,
    tool_calls: Num,
    by_tool: Type.Array(Type.Object({ tool: Type.String(), invocations: Num })),
    mcp_users_with_mcp: Num,
    mcp_by_server: Type.Array(Type.Object({ server: Type.String(), invocations: Num })),
    skills_invocations: Num,
    skills_by_name: Type.Array(Counted('name')),
    slash_commands_invocations: Num,
    slash_commands_by_name: Type.Array(Counted('name')),
    hooks_invocations: Num,
    hooks_by_event: Type.Array(Type.Object({ event: Type.String(), matcher: Type.String(), command: Type.String(), count: Num })),
    web_users: Num,
    autonomy_ratio_avg: Num,
    autonomy_ratio_p50: Num,
    autonomy_ratio_p90: Num,
    tool_calls_per_session_avg: Num,
    user_turns_per_session_avg: Num,
    tool_autonomy_level_ratio: Type.Object({ auto_high: Num, auto_medium: Num, auto_low: Num, manual: Num }),
  }
);

export const ActivityRow = Type.Object(
  {
    date: Day,
    daily_active_users: Num,
    weekly_active_users: Num,
    monthly_active_users: Num,
    daily_active_users_by_client: Type.Object({ 'terminal-ui': Num, web: Num, 'non-interactive-cli': Num }),
    sessions: Num,
    messages: Num,
    user_messages: Num,
  }
);

export const ProductivityRow = Type.Object(
  {
    date: Day,
    files_created: Num,
    files_edited: Num,
    by_extension: Type.Array(Counted('extension')),
    by_language: Type.Array(Counted('language')),
    git_commits: Num,
    git_prs_created: Num,
  }
);

export const UserRow = Type.Object(
  {
    user_id: Type.String(),
    user_email: Type.Union([Type.String(), Type.Null()]),
    date: Day,
    tool_calls: Num,
    billable_tokens: Num,
    ...Cost,
    primary_model: Type.String(),
    primary_model_tier: StringEnum(MODEL_TIERS),
    // The user's day split by model, as /tokens' by_user[].by_model (an addition to api.md: the
    // console's members table shows each member's models without the whole ungrouped /tokens).
    // Absent from a day aggregated before it, until the rollup computes it again (migration 0034).
    by_model: Type.Optional(Type.Array(ModelUsage)),
    files_created: Num,
    files_edited: Num,
    git_commits: Num,
    git_prs_created: Num,
    mcp_calls: Num,
    skill_calls: Num,
    slash_commands: Num,
    hooks: Num,
    sessions: Num,
    messages: Num,
    user_messages: Num,
    assistant_messages: Num,
    autonomy_ratio: Num,
    delegation_level: StringEnum(AUTONOMY_MODES),
    languages: Type.Array(Type.String()),
  }
);

export type TokenRow = Static<typeof TokenRow>;
export type ToolRow = Static<typeof ToolRow>;
export type ActivityRow = Static<typeof ActivityRow>;
export type ProductivityRow = Static<typeof ProductivityRow>;
export type UserRow = Static<typeof UserRow>;

/** A grouped row: one breakdown flattened, keyed by `group_key`. */
export function GroupedRow<P extends Record<string, TSchema>>(metrics: P) {
  return Type.Object({ date: Day, group_key: Type.String(), ...metrics });
}

/**
 * The rows of group_by=agent: one per agent product present that day (any event), its group_key
 * the product (`(none)` for events that name none), with the endpoint's figures of that product.
 */
export const AgentTokenRow = GroupedRow({
  billable_tokens: Num,
  input_tokens: Num,
  output_tokens: Num,
  cache_read_tokens: Num,
  cache_write_tokens: Num,
  ...Cost,
});
export const AgentToolRow = GroupedRow({
  tool_calls: Num,
  mcp_calls: Num,
  skills_invocations: Num,
  slash_commands_invocations: Num,
  hooks_invocations: Num,
  decisions_accepted: Num,
  decisions_rejected: Num,
});
export const AgentActivityRow = GroupedRow({ daily_active_users: Num, sessions: Num, messages: Num, user_messages: Num });
export const AgentProductivityRow = GroupedRow({ files_created: Num, files_edited: Num, git_commits: Num, git_prs_created: Num, lines_added: Num, lines_removed: Num });

export type AgentTokenRow = Static<typeof AgentTokenRow>;
export type AgentToolRow = Static<typeof AgentToolRow>;
export type AgentActivityRow = Static<typeof AgentActivityRow>;
export type AgentProductivityRow = Static<typeof AgentProductivityRow>;

export const Meta = Type.Object({ org_id: Type.String(), start_date: Day, end_date: Day });
/** The envelope of answers with costs: the currency of their `cost` fields (docs/prices.md). */
export const MetaWithCurrency = Type.Object({ ...Meta.properties, currency: Type.String({ description: 'ISO 4217 code of the `cost` fields' }) });

/** group_by=model: a model's figures of the day. */
export const ModelTokenRow = GroupedRow({
  billable_tokens: Num,
  input_tokens: Num,
  output_tokens: Num,
  cost: ModelUsage.properties.cost,
  reported_cost_usd: ModelUsage.properties.reported_cost_usd,
});
