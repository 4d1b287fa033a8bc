-- Budgets (docs/budgets.md): a monthly amount of money or Standard Credits for the organization
-- or for a team, with the percentages at which the owners want to hear of it.

-- At most one budget per scope: one for the organization (team_id null), one per team. The
-- expression index makes the organization's null team one value. A team's budget goes with it.
CREATE TABLE budgets (
  id               text COLLATE "C" PRIMARY KEY,
  organization_id  text NOT NULL REFERENCES organizations (id),
  team_id          text COLLATE "C" REFERENCES teams (id) ON DELETE CASCADE,
  unit             text NOT NULL,
  amount           numeric(24,6) NOT NULL,
  thresholds       jsonb NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX budgets_scope ON budgets (organization_id, coalesce(team_id, ''));

-- Each threshold of a budget crossed in a UTC month: the primary key lets exactly one check
-- insert the row (and, in its transaction, the budget.threshold_crossed event), whatever the
-- number of concurrent checks and replicas.
CREATE TABLE budget_crossings (
  budget_id        text COLLATE "C" NOT NULL REFERENCES budgets (id) ON DELETE CASCADE,
  month            date NOT NULL,
  threshold        integer NOT NULL,
  organization_id  text NOT NULL REFERENCES organizations (id),
  spent            numeric(24,6) NOT NULL,
  crossed_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (budget_id, month, threshold)
);

-- A member's used credits reaching their effective limit in a UTC month: once per member and
-- month (and its member.limit_reached event), the same way as member_limit_refusals.
CREATE TABLE member_limits_reached (
  organization_id  text NOT NULL REFERENCES organizations (id),
  user_id          text NOT NULL REFERENCES users (id),
  month            date NOT NULL,
  reached_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id, month)
);
