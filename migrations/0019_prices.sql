-- Prices (docs/prices.md): what an organization pays for a model's tokens, so that analytics show a
-- cost beside the Standard Credits. An organization without a row here prices in USD at the
-- dataset's list prices with no discount.
CREATE TABLE organization_prices (
  organization_id  text PRIMARY KEY REFERENCES organizations (id),
  -- ISO 4217 code; the dataset's defaults are in USD and apply only when this is USD.
  currency         text NOT NULL DEFAULT 'USD',
  -- Applied to every price (negotiated contracts): 0.8 is 20 % off the list prices.
  discount         double precision NOT NULL DEFAULT 1,
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- Per-model prices set by the organization, in its currency per million tokens: they replace the
-- dataset's price of that model id (as stored on the events) or price a model the dataset lacks.
CREATE TABLE model_prices (
  organization_id        text NOT NULL REFERENCES organizations (id),
  model_id               text COLLATE "C" NOT NULL,
  input_per_million      double precision NOT NULL,
  output_per_million     double precision NOT NULL,
  cache_read_per_million double precision NOT NULL,
  cache_write_per_million double precision NOT NULL,
  updated_at             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, model_id)
);

-- The models each organization's agents called, with the last day they did: the price table lists
-- them (a model without a price is shown to the admin). The rollup adds each day's models.
CREATE TABLE analytics_models (
  organization_id  text NOT NULL REFERENCES organizations (id),
  model_id         text COLLATE "C" NOT NULL,
  last_day         date NOT NULL,
  PRIMARY KEY (organization_id, model_id)
);

-- Days aggregated before have no cost yet: marked pending, so the rollup computes them again (their
-- other figures come out the same) and fills analytics_models.
INSERT INTO analytics_pending_days (organization_id, day)
  SELECT organization_id, day FROM analytics_daily
  ON CONFLICT (organization_id, day) DO UPDATE SET version = nextval('analytics_pending_version');
