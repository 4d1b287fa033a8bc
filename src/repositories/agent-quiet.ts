import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { recordEvent } from './webhook-events.js';

// Connections gone quiet (docs/otel.md, "Connected agents"; webhook agent.quiet): an agent and
// sender that sent data on each of the DAILY_STREAK UTC days up to its last sighting, and nothing
// since for the configured time. Read from the live tallies (telemetry_connections); each quiet
// spell is announced once (agent_quiet_notices), whatever the replicas.

/** Days in a row of data that make a connection a daily one. */
export const DAILY_STREAK = 3;
/** How far back a pass looks past the quiet time: a connection silent longer was announced before or never was daily within it. */
const LOOKBACK_DAYS = 14;

export interface QuietConnection {
  organizationId: string;
  agent: string;
  sender: string;
  userId: string | null;
  identityId: string | null;
  version: string | null;
  lastSeenAt: Date;
}

/**
 * Records agent.quiet for each daily connection silent since `quietBefore` and not yet announced
 * for this spell; answers how many. A connection heard again after its announcement and silent
 * again is a new spell. Only data counts as hearing from it: refusals and exports refused unread
 * (`unreadAgent`) do not.
 */
export async function recordQuietConnections(db: Db, now: Date, quietAfterMs: number, unreadAgent: string): Promise<number> {
  const quietBefore = new Date(now.getTime() - quietAfterMs);
  const since = new Date(quietBefore.getTime() - LOOKBACK_DAYS * 86_400_000).toISOString().slice(0, 10);
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ organization_id: string; agent: string; sender: string; user_id: string | null; identity_id: string | null; agent_version: string | null; last_seen_at: Date }>`
      WITH heard AS (
        SELECT organization_id, agent, sender, day, max(last_seen_at) AS last_seen_at
        FROM telemetry_connections
        WHERE day >= ${since}::date AND agent <> ${unreadAgent} AND accepted + duplicates + unattributed > 0
        GROUP BY organization_id, agent, sender, day
      ),
      latest AS (
        SELECT organization_id, agent, sender, max(day) AS last_day, max(last_seen_at) AS last_seen_at
        FROM heard GROUP BY organization_id, agent, sender
      ),
      daily AS (
        SELECT l.* FROM latest l
        WHERE l.last_seen_at <= ${quietBefore}
          AND (SELECT count(*) FROM heard h WHERE h.organization_id = l.organization_id AND h.agent = l.agent AND h.sender = l.sender
               AND h.day > l.last_day - ${DAILY_STREAK}::int) = ${DAILY_STREAK}
      ),
      announced AS (
        INSERT INTO agent_quiet_notices (organization_id, agent, sender, last_seen_at, notified_at)
        SELECT organization_id, agent, sender, last_seen_at, ${now} FROM daily
        ON CONFLICT (organization_id, agent, sender) DO UPDATE SET last_seen_at = excluded.last_seen_at, notified_at = excluded.notified_at
          WHERE agent_quiet_notices.last_seen_at < excluded.last_seen_at
        RETURNING organization_id, agent, sender, last_seen_at
      )
      SELECT a.organization_id, a.agent, a.sender, a.last_seen_at, c.user_id, c.identity_id,
        (SELECT v.agent_version FROM telemetry_connections v WHERE v.organization_id = a.organization_id AND v.agent = a.agent AND v.sender = a.sender
           AND v.agent_version IS NOT NULL ORDER BY v.last_seen_at DESC LIMIT 1) AS agent_version
      FROM announced a
      JOIN LATERAL (SELECT user_id, identity_id FROM telemetry_connections c WHERE c.organization_id = a.organization_id AND c.agent = a.agent AND c.sender = a.sender
        ORDER BY c.last_seen_at DESC LIMIT 1) c ON true
      ORDER BY a.organization_id, a.agent, a.sender`.execute(trx);
    for (const row of rows) {
      await recordEvent(
        trx,
        row.organization_id,
        'agent.quiet',
        {
          agent: row.agent,
          sender: row.sender,
          userId: row.user_id,
          identityId: row.identity_id,
          version: row.agent_version,
          lastSeenAt: new Date(row.last_seen_at).toISOString(),
          quietForHours: Math.floor((now.getTime() - new Date(row.last_seen_at).getTime()) / 3_600_000),
        },
        now,
      );
    }
    return rows.length;
  });
}
