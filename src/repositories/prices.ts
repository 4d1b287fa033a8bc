import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { AuditActor } from '../domain/audit.js';
import { DEFAULT_PRICE_SETTINGS, priceBook, type ModelPrice, type PriceBook, type PriceSettings } from '../domain/prices.js';
import { appendAudit } from './audit-log.js';
import { listPrice } from './list-prices.js';

// An organization's prices (docs/prices.md): its currency and discount, and its own per-model
// prices. Every change re-marks the organization's days with model calls pending, in the same
// transaction, so the rollup recomputes their costs at the new prices, and is audited in it.

const PRICES_TARGET = { type: 'prices', id: 'prices', label: 'organization prices' } as const;

/**
 * Marks pending every aggregated day of the organization with model calls: a change of its prices
 * changes their costs (docs/prices.md). The days' other figures come out the same.
 */
async function markModelCallDaysPending(db: Db, organizationId: string): Promise<void> {
  await sql`INSERT INTO analytics_pending_days (organization_id, day)
    SELECT organization_id, day FROM analytics_daily
    WHERE organization_id = ${organizationId} AND json_array_length(tokens -> 'by_model') > 0
      -- Not the days whose events telemetry retention dropped: their rollups stay as they are.
      AND day >= coalesce((SELECT closed_before FROM telemetry_retention), '-infinity'::date)
    ORDER BY day
    ON CONFLICT (organization_id, day) DO UPDATE SET version = nextval('analytics_pending_version')`.execute(db);
}

export async function priceSettings(db: Db, organizationId: string): Promise<PriceSettings> {
  const row = await db.selectFrom('organization_prices').select(['currency', 'discount']).where('organization_id', '=', organizationId).executeTakeFirst();
  return row ?? DEFAULT_PRICE_SETTINGS;
}

/** The organization's own prices, by model id. */
export async function ownPrices(db: Db, organizationId: string): Promise<Map<string, ModelPrice>> {
  const rows = await db
    .selectFrom('model_prices')
    .select(['model_id', 'input_per_million', 'output_per_million', 'cache_read_per_million', 'cache_write_per_million'])
    .where('organization_id', '=', organizationId)
    .orderBy('model_id')
    .execute();
  return new Map(
    rows.map((row) => [row.model_id, { input: row.input_per_million, output: row.output_per_million, cacheRead: row.cache_read_per_million, cacheWrite: row.cache_write_per_million }]),
  );
}

export async function priceBookOf(db: Db, organizationId: string): Promise<PriceBook> {
  const [settings, own] = await Promise.all([priceSettings(db, organizationId), ownPrices(db, organizationId)]);
  return priceBook(settings, own, listPrice);
}

/** The models the organization's agents called (analytics_models), each with the last day they did, by model id. */
export async function modelsUsed(db: Db, organizationId: string): Promise<{ modelId: string; lastDay: string }[]> {
  const rows = await db.selectFrom('analytics_models').select(['model_id', 'last_day']).where('organization_id', '=', organizationId).orderBy('model_id').execute();
  return rows.map((row) => ({ modelId: row.model_id, lastDay: row.last_day }));
}

export async function setPriceSettings(db: Db, organizationId: string, change: Partial<PriceSettings>, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await priceSettings(trx, organizationId);
    const settings = { ...before, ...change };
    await trx
      .insertInto('organization_prices')
      .values({ organization_id: organizationId, ...settings })
      .onConflict((oc) => oc.column('organization_id').doUpdateSet({ ...settings, updated_at: sql`now()` }))
      .execute();
    await markModelCallDaysPending(trx, organizationId);
    await appendAudit(trx, organizationId, {
      actor,
      action: 'prices.settings_changed',
      target: PRICES_TARGET,
      details: { from: { currency: before.currency, discount: before.discount }, to: { currency: settings.currency, discount: settings.discount } },
    });
  });
}

/** Sets (a price) or removes (null: back to the dataset's) the organization's price of each model, all at once. */
export async function setModelPrices(db: Db, organizationId: string, entries: readonly { modelId: string; price: ModelPrice | null }[], actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { modelId, price } of entries) {
      if (price === null) {
        await trx.deleteFrom('model_prices').where('organization_id', '=', organizationId).where('model_id', '=', modelId).execute();
        continue;
      }
      const columns = { input_per_million: price.input, output_per_million: price.output, cache_read_per_million: price.cacheRead, cache_write_per_million: price.cacheWrite };
      await trx
        .insertInto('model_prices')
        .values({ organization_id: organizationId, model_id: modelId, ...columns })
        .onConflict((oc) => oc.columns(['organization_id', 'model_id']).doUpdateSet({ ...columns, updated_at: sql`now()` }))
        .execute();
    }
    await markModelCallDaysPending(trx, organizationId);
    await appendAudit(trx, organizationId, { actor, action: 'prices.models_changed', target: PRICES_TARGET, details: { models: entries.map(({ modelId, price }) => ({ modelId, price })) } });
  });
}
