import { Type } from '@sinclair/typebox';

/** A monthly limit in Standard Credits; null means none. */
export const CreditLimit = Type.Union([Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }), Type.Null()], {
  description: 'Standard Credits per UTC calendar month; null: no limit',
});
