import type { ColumnType } from 'kysely';

// Prices (migrations/0019_prices.sql).

export interface OrganizationPricesTable {
  organization_id: string;
  currency: string;
  discount: number;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ModelPricesTable {
  organization_id: string;
  model_id: string;
  input_per_million: number;
  output_per_million: number;
  cache_read_per_million: number;
  cache_write_per_million: number;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface AnalyticsModelsTable {
  organization_id: string;
  model_id: string;
  last_day: string;
}

export interface PricesTables {
  organization_prices: OrganizationPricesTable;
  model_prices: ModelPricesTable;
  analytics_models: AnalyticsModelsTable;
}
