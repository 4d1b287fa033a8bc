
// Credits used per user and calendar month (migrations/0002_credit_usage.sql).
export interface CreditUsageTables {
  monthly_credit_usage: {
    organization_id: string;
    user_id: string;
    /** First day of the UTC month. */
    month: string;
    credits: number;
    /** The part of `credits` sent with ingest keys (migrations/0051). */
    ingest_key_credits: number;
  };
}
