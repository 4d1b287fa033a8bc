import type { AgentSessionsTables } from './tables/agent-sessions.js';
import type { BudgetsTables } from './tables/budgets.js';
import type { ComputeTables } from './tables/compute.js';
import type { ControlsTables } from './tables/controls.js';
import type { CreditUsageTables } from './tables/credit-usage.js';
import type { EnterpriseIdentityTables } from './tables/enterprise-identity.js';
import type { IdentityTables } from './tables/identity.js';
import type { PricesTables } from './tables/prices.js';
import type { ScimTables } from './tables/scim.js';
import type { TelemetryTables } from './tables/telemetry.js';
import type { WebhooksTables } from './tables/webhooks.js';
import type { OutcomesTables } from './tables/outcomes.js';
import type { ReadinessTables } from './tables/readiness.js';

// The database as Kysely sees it: each area declares its tables in db/tables/.
export interface Database extends IdentityTables, CreditUsageTables, ControlsTables, ComputeTables, TelemetryTables, PricesTables, WebhooksTables, BudgetsTables, EnterpriseIdentityTables, ScimTables, OutcomesTables, AgentSessionsTables, ReadinessTables {}
