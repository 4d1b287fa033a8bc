import type { ColumnType } from 'kysely';

// Outbound webhooks: the events outbox, endpoints, deliveries and their log (migrations/0024_webhooks.sql);
// and the mails queued from the same outbox (migrations/0026_mail.sql).

/** jsonb: read as parsed JSON, written as a JSON string (pg would turn JS arrays into SQL arrays). */
type Json<T> = ColumnType<T, string, string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface WebhooksTables {
  mail_deliveries: {
    id: string;
    organization_id: string;
    event_id: string;
    user_id: string;
    address: string;
    status: Defaulted<string>;
    attempts: Defaulted<number>;
    next_attempt_at: Date;
    lease_until: Defaulted<Date | null>;
    last_error: Defaulted<string | null>;
    created_at: Date;
    sent_at: Defaulted<Date | null>;
  };
  webhook_events: {
    id: string;
    organization_id: string;
    type: string;
    payload: Json<Record<string, unknown>>;
    created_at: Defaulted<Date>;
    fanned_out_at: Defaulted<Date | null>;
    /** When the mail job queued the event's mails (migrations/0026_mail.sql). */
    mailed_at: Defaulted<Date | null>;
  };
  member_limit_refusals: {
    organization_id: string;
    user_id: string;
    month: string;
    refused_at: Defaulted<Date>;
  };
  /** One per organization and week that had its digest (migrations/0027_weekly_digests.sql). */
  weekly_digests: {
    organization_id: string;
    week_start: string;
    created_at: Defaulted<Date>;
  };
  webhook_endpoints: {
    id: string;
    organization_id: string;
    url: string;
    description: Defaulted<string>;
    event_types: ColumnType<string[] | null, string | null, string | null>;
    format: Defaulted<string>;
    secret_sealed: string;
    enabled: Defaulted<boolean>;
    disabled_at: Defaulted<Date | null>;
    disabled_reason: Defaulted<string | null>;
    created_at: Defaulted<Date>;
    updated_at: Defaulted<Date>;
  };
  webhook_deliveries: {
    id: string;
    organization_id: string;
    endpoint_id: string;
    event_id: string;
    status: Defaulted<string>;
    attempts: Defaulted<number>;
    next_attempt_at: Date;
    lease_until: Defaulted<Date | null>;
    retry_window_start: Date;
    created_at: Date;
    delivered_at: Defaulted<Date | null>;
  };
  webhook_attempts: {
    id: string;
    organization_id: string;
    endpoint_id: string;
    delivery_id: string;
    attempt: number;
    attempted_at: Date;
    status_code: number | null;
    latency_ms: number;
    response_excerpt: string;
    error: string | null;
    succeeded: boolean;
  };
}
