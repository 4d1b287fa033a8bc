import { Type, type Static, type TBoolean, type TOptional, type TSchema } from '@sinclair/typebox';
import { DomainError, invalidInput } from './errors.js';
import { freeForm } from './json-limits.js';
import { isManager, type Role } from './roles.js';

// Enterprise control settings (api.md, decisions.md §6): their schema, and the policies the rest
// of the server enforces from them. Every policy rule lives here, as a pure function of the
// settings; callers read the settings with currentSettings() (repositories/enterprise-controls.ts).

/** The longest session retention a setting may ask for: 100 years. */
export const MAX_SESSION_RETENTION_DAYS = 36_500;

/** Agent session content (`agentSessionContent`): how long kept content lives by default, and at most. */
export const DEFAULT_CONTENT_RETENTION_DAYS = 30;
export const MAX_CONTENT_RETENTION_DAYS = 365;

/** The longest API-key lifetime cap (`apiKeyMaxLifetimeDays`) and audit retention a setting may ask for: 10 years. */
export const MAX_API_KEY_LIFETIME_DAYS = 3650;
export const MAX_AUDIT_RETENTION_DAYS = 3650;
/** The shortest audit retention: a change stays readable to the other owners for at least this long. */
export const MIN_AUDIT_RETENTION_DAYS = 30;

/** Settings of the audit log itself: owners only, as reading the log is (docs/audit-log.md). */
const OWNER_ONLY_SETTINGS = ['auditLogRetentionDays'] as const;

const Strings = Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 10_000 });
const StringMap = Type.Record(Type.String(), Type.Unknown(), freeForm);
const Booleans = ['cloudSessionSync', 'wikiCloudSync', 'includeCoAuthoredByAgent', 'enableAgentShield', 'ideAutoConnect', 'restrictMemberVisibility', 'restrictApiKeyCreationToManagers', 'managedComputersEnabled', 'byomComputersEnabled', 'telemetryCreatesMembers', 'creditLimitsExcludeIngestKeyTelemetry'] as const;

const CustomModel = Type.Object({
  model: Type.Optional(Type.String()),
  id: Type.Optional(Type.String()),
  index: Type.Optional(Type.Integer()),
  baseUrl: Type.Optional(Type.String()),
  apiKey: Type.Optional(Type.String({ description: 'Secret: stored encrypted, shown as **** plus its last 4 characters. Send the shown value back to keep it.' })),
  displayName: Type.Optional(Type.String()),
  maxContextLimit: Type.Optional(Type.Integer()),
  enableThinking: Type.Optional(Type.Boolean()),
  thinkingMaxTokens: Type.Optional(Type.Integer()),
  maxOutputTokens: Type.Optional(Type.Integer()),
  extraHeaders: Type.Optional(StringMap),
  extraArgs: Type.Optional(StringMap),
  noImageSupport: Type.Optional(Type.Boolean()),
  bedrock: Type.Optional(
    Type.Object({
      awsProfile: Type.Optional(Type.String()),
      awsRegion: Type.Optional(Type.String()),
      bedrockBaseUrl: Type.Optional(Type.String()),
      awsAuthRefresh: Type.Optional(Type.String()),
      awsCredentialExport: Type.Optional(Type.String()),
    }),
  ),
});

/** The known settings, typed; any other property is kept as given (additionalProperties). */
export const EnterpriseSettingsSchema = Type.Object(
  {
    sessionDefaultSettings: Type.Optional(
      Type.Object({ model: Type.Optional(Type.String()), specModeModel: Type.Optional(Type.String()), runInWorktree: Type.Optional(Type.Boolean()) }),
    ),
    mcpAutonomyOverrides: Type.Optional(StringMap),
    ...(Object.fromEntries(Booleans.map((name) => [name, Type.Optional(Type.Boolean())])) as Record<(typeof Booleans)[number], TOptional<TBoolean>>),
    commandAllowlist: Type.Optional(Strings),
    commandDenylist: Type.Optional(Strings),
    customModels: Type.Optional(Type.Array(CustomModel, { maxItems: 1000 })),
    modelPolicy: Type.Optional(
      Type.Object({
        allowedModelIds: Type.Optional(Strings),
        blockedModelIds: Type.Optional(Strings),
        allowCustomModels: Type.Optional(Type.Boolean()),
        allowedBaseUrls: Type.Optional(Strings),
        allowAllServiceModels: Type.Optional(Type.Boolean()),
        isFastModelsAllowed: Type.Optional(Type.Boolean()),
      }),
    ),
    mcpPolicy: Type.Optional(Type.Object({ enabled: Type.Optional(Type.Boolean()), allowlist: Type.Optional(Strings) })),
    missionPolicy: Type.Optional(Type.Object({ restrictedAccess: Type.Optional(Type.Boolean()), allowedUserIds: Type.Optional(Strings) })),
    userModelPolicies: Type.Optional(StringMap),
    enabledPlugins: Type.Optional(StringMap),
    extraKnownMarketplaces: Type.Optional(StringMap),
    strictKnownMarketplaces: Type.Optional(Type.Array(Type.Object({ repo: Type.String() }), { maxItems: 10_000 })),
    networkPolicy: Type.Optional(Type.Object({ allowedIps: Type.Optional(Strings) })),
    sandbox: Type.Optional(
      Type.Object({
        enabled: Type.Optional(Type.Boolean()),
        filesystem: Type.Optional(
          Type.Object({ allowWrite: Type.Optional(Strings), allowRead: Type.Optional(Strings), denyWrite: Type.Optional(Strings), denyRead: Type.Optional(Strings) }),
        ),
        network: Type.Optional(
          Type.Object({
            allowedDomains: Type.Optional(Strings),
            allowUnixSockets: Type.Optional(Strings),
            allowAllUnixSockets: Type.Optional(Type.Boolean()),
            allowLocalBinding: Type.Optional(Type.Boolean()),
            httpProxyPort: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
            socksProxyPort: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
          }),
        ),
      }),
    ),
    managedComputersAllowedEmails: Type.Optional(Type.Array(Type.String({ format: 'email' }), { maxItems: 10_000 })),
    byomComputersAllowedEmails: Type.Optional(Type.Array(Type.String({ format: 'email' }), { maxItems: 10_000 })),
    sessionRetentionDays: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SESSION_RETENTION_DAYS })),
    apiKeyMaxLifetimeDays: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_API_KEY_LIFETIME_DAYS, description: 'New API keys expire within this many days (docs/controls.md)' })),
    auditLogRetentionDays: Type.Optional(Type.Integer({ minimum: MIN_AUDIT_RETENTION_DAYS, maximum: MAX_AUDIT_RETENTION_DAYS, description: 'Audit log entries older than this many days are deleted (docs/audit-log.md)' })),
    agentSessionTimelineRetentionDays: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_SESSION_RETENTION_DAYS, description: 'Agent sessions that ended longer ago lose their timeline; their figures stay (docs/agent-sessions.md)' }),
    ),
    agentSessionContent: Type.Optional(
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean({ description: 'Keep prompts and tool input/output of agent sessions, redacted (default false)' })),
          retentionDays: Type.Optional(
            Type.Integer({ minimum: 1, maximum: MAX_CONTENT_RETENTION_DAYS, description: `Kept content expires this many days after its step (default ${DEFAULT_CONTENT_RETENTION_DAYS})` }),
          ),
        },
        { description: 'Agent session content (docs/agent-sessions.md "Content"): off unless enabled' },
      ),
    ),
    routerGuidance: Type.Optional(Type.String()),
  },
  // Unknown properties are kept as given, each bounded like any free-form value.
  { additionalProperties: Type.Unknown(freeForm) },
);

export type EnterpriseSettings = Static<typeof EnterpriseSettingsSchema> & Record<string, unknown>;

/**
 * The schema of a JSON Merge Patch (RFC 7386) of a schema: every object property becomes
 * optional and may be null (null removes it). Arrays and scalars are replaced whole, so their
 * items keep the original schema.
 */
export function mergePatchSchema(schema: TSchema): TSchema {
  const copy: Record<string, unknown> = { ...schema };
  if (schema.type === 'object' && schema.properties) {
    copy.properties = Object.fromEntries(Object.entries(schema.properties as Record<string, TSchema>).map(([name, property]) => [name, mergePatchSchema(property)]));
    delete copy.required;
  }
  if (typeof schema.type === 'string') copy.type = [schema.type, 'null'];
  return copy as TSchema;
}

export interface SessionDefaults {
  model?: string;
  specModeModel?: string;
  runInWorktree?: boolean;
}

const DAY_MS = 86_400_000;

/**
 * The expiry of a new API key under `apiKeyMaxLifetimeDays`: none asked for gets the cap, one
 * beyond the cap is refused (400). Without the setting (or with a stored value outside its
 * bounds, written before they existed) the asked expiry stands.
 */
export function cappedKeyExpiry(settings: EnterpriseSettings, asked: Date | null, now: Date = new Date()): Date | null {
  const days = settings.apiKeyMaxLifetimeDays;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > MAX_API_KEY_LIFETIME_DAYS) return asked;
  const latest = new Date(now.getTime() + days * DAY_MS);
  if (asked === null) return latest;
  if (asked.getTime() > latest.getTime()) {
    throw invalidInput(`expiresAt is beyond the organization's API-key lifetime cap of ${days} days (apiKeyMaxLifetimeDays): choose ${latest.toISOString()} or earlier`, [
      { path: 'body/expiresAt', message: `at most ${days} days from now` },
    ]);
  }
  return asked;
}

/**
 * 403 when someone other than an owner changes, sets or removes a setting of the audit log: a
 * manager, who may not read the log, must not be able to shorten it either.
 */
export function assertSettingsChangeAllowed(before: Record<string, unknown>, after: Record<string, unknown>, role: Role): void {
  if (role === 'owner') return;
  for (const name of OWNER_ONLY_SETTINGS) {
    if (JSON.stringify(before[name]) !== JSON.stringify(after[name])) throw new DomainError('role_not_permitted', `only an owner may change ${name}`);
  }
}

/** What new sessions start with (`sessionDefaultSettings`). */
export function sessionDefaults(settings: EnterpriseSettings): SessionDefaults {
  const defaults = settings.sessionDefaultSettings ?? {};
  return {
    ...(defaults.model !== undefined ? { model: defaults.model } : {}),
    ...(defaults.specModeModel !== undefined ? { specModeModel: defaults.specModeModel } : {}),
    ...(defaults.runInWorktree !== undefined ? { runInWorktree: defaults.runInWorktree } : {}),
  };
}

/** 403 when `modelPolicy` blocks the model: listed as blocked, or an allow list that omits it. */
export function assertModelAllowed(settings: EnterpriseSettings, modelId: string): void {
  const policy = settings.modelPolicy ?? {};
  if (policy.blockedModelIds?.includes(modelId)) throw new DomainError('policy_refused', `model ${modelId} is blocked by the organization's model policy`);
  const allowed = policy.allowedModelIds ?? [];
  if (allowed.length > 0 && !allowed.includes(modelId)) throw new DomainError('policy_refused', `model ${modelId} is not in the organization's allowed models`);
}

const COMPUTER_GATES = {
  hosted: { enabled: 'managedComputersEnabled', allowedEmails: 'managedComputersAllowedEmails' },
  byom: { enabled: 'byomComputersEnabled', allowedEmails: 'byomComputersAllowedEmails' },
} as const;

/** 403 unless the provider type is enabled (default: yes) and its e-mail list (empty: everyone) names the caller. */
export function assertComputerCreationAllowed(settings: EnterpriseSettings, providerType: 'byom' | 'hosted', email: string): void {
  const gate = COMPUTER_GATES[providerType];
  if (settings[gate.enabled] === false) throw new DomainError('policy_refused', `${providerType} computers are disabled for this organization (${gate.enabled})`);
  const allowed = settings[gate.allowedEmails] ?? [];
  const wanted = email.toLowerCase();
  if (allowed.length > 0 && !allowed.some((entry) => entry.toLowerCase() === wanted)) {
    throw new DomainError('policy_refused', `${email} may not create ${providerType} computers (${gate.allowedEmails})`);
  }
}

/** 403 for members and guests when key creation is restricted to managers. */
export function assertApiKeyCreationAllowed(settings: EnterpriseSettings, role: Role): void {
  if (settings.restrictApiKeyCreationToManagers === true && !isManager(role)) {
    throw new DomainError('policy_refused', 'API key creation is restricted to owners and managers (restrictApiKeyCreationToManagers)');
  }
}

/**
 * Whether telemetry sent with an ingest key, naming an e-mail no member has, creates that member
 * (telemetryCreatesMembers; off unless set): otherwise it waits, unattributed, for an admin.
 */
export function telemetryCreatesMembers(settings: EnterpriseSettings): boolean {
  return settings.telemetryCreatesMembers === true;
}

/**
 * Whether credit limits count the credits of telemetry sent with an ingest key
 * (creditLimitsExcludeIngestKeyTelemetry; counted unless set to true). A fleet key speaks for
 * every member: an organization that does not trust its senders keeps their word out of the
 * limits that refuse a member's next message, while analytics and budgets still show it.
 */
export function creditLimitsCountIngestKeyTelemetry(settings: EnterpriseSettings): boolean {
  return settings.creditLimitsExcludeIngestKeyTelemetry !== true;
}

/**
 * The content control of agent sessions as the server applies it: off unless `enabled` is true,
 * and the retention of kept content, the default when unset or out of range (a value written
 * before the bound existed).
 */
export function contentControl(settings: EnterpriseSettings): { enabled: boolean; retentionDays: number } {
  const control = settings.agentSessionContent;
  const days = control?.retentionDays;
  const retentionDays = typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= MAX_CONTENT_RETENTION_DAYS ? days : DEFAULT_CONTENT_RETENTION_DAYS;
  return { enabled: control?.enabled === true, retentionDays };
}
