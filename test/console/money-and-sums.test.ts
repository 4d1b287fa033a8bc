import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/sdk/csv.js';
import { formatMoney } from '../../web/src/format.js';
import { usageOf } from '../../web/src/pages/Analytics/memberUsage.js';
import type { AnalyticsUserRow } from '../../src/sdk/client.js';

// Figures without float noise (issue 52): money written to the precision it has, sums of
// fixed-point credits and costs exact to their 6 decimals, CSV cells cut at the API's fixed point.

describe('money on screen', () => {
  it('keeps the precision an amount has below 100, cents from 100 on', () => {
    expect(formatMoney(0.125, 'USD')).toBe('$0.125');
    expect(formatMoney(0.054, 'USD')).toBe('$0.054');
    expect(formatMoney(0.0031, 'USD')).toBe('$0.0031');
    expect(formatMoney(0.1 + 0.2, 'USD')).toBe('$0.30');
    expect(formatMoney(3, 'USD')).toBe('$3.00');
    expect(formatMoney(1234.5678, 'USD')).toBe('$1,234.57');
    expect(formatMoney(0, 'EUR')).toBe('€0.00');
    // A currency without minor units keeps none from 100 on.
    expect(formatMoney(1234.5, 'JPY')).toBe('¥1,235');
  });
});

describe('sums of credits and costs', () => {
  it("adds a member's days as fixed point: no float noise in the table or its CSV", () => {
    // 7,473,196 days of 0.1 credits would be slow: the same noise shows with a few thousand.
    const row = (index: number): AnalyticsUserRow => ({ date: `2026-11-${String((index % 30) + 1).padStart(2, '0')}`, user_id: 'usr_1', billable_tokens: 0.1, cost: 0.1, primary_model: 'm', delegation_level: 'manual', sessions: 0, git_prs_created: 0, tool_calls: 0, by_model: [{ model_id: 'm', billable_tokens: 0.1, cost: 0.1 }] }) as unknown as AnalyticsUserRow;
    const rows = Array.from({ length: 3001 }, (_, index) => row(index));
    // The reference: whole tenths, counted.
    let naive = 0;
    for (const each of rows) naive += each.billable_tokens;
    expect(naive).not.toBe(300.1);
    const usage = usageOf(rows);
    expect(usage.credits).toBe(300.1);
    expect(usage.spend).toBe(300.1);
    expect(usage.models).toEqual([{ model: 'm', credits: 300.1, spend: 300.1 }]);
  });

  it('writes CSV numbers at the API fixed point: 6 decimals at most', () => {
    expect(csvCell(747319.6000000001)).toBe('747319.6');
    expect(csvCell(0.1 + 0.2)).toBe('0.3');
    expect(csvCell(0.125)).toBe('0.125');
    expect(csvCell(1.0000004)).toBe('1');
    expect(csvCell(-2.5)).toBe('-2.5');
    expect(csvCell(12345678901)).toBe('12345678901');
  });
});

describe("models' colours", () => {
  it('gives up to sixteen models sixteen different colours, the same whichever page lists them', async () => {
    const { modelColors, MODEL_COLORS } = await import('../../web/src/components/modelColors.js');
    const models = ['claude-sonnet-4-5', 'claude-opus-4-1', 'claude-haiku-4-5', 'gpt-5', 'gpt-5-mini', 'gemini-2.5-pro', 'in-house-coder', 'o3', 'qwen3-coder', 'deepseek-v3'];
    const colorOf = modelColors(models);
    expect(new Set(models.map(colorOf)).size).toBe(models.length);
    // The order a page lists them in does not matter.
    const again = modelColors([...models].reverse());
    expect(models.map(again)).toEqual(models.map(colorOf));
    const sixteen = Array.from({ length: 16 }, (_, index) => `model-${index}`);
    expect(new Set(sixteen.map(modelColors(sixteen))).size).toBe(MODEL_COLORS.length);
    expect(new Set(MODEL_COLORS).size).toBe(16);
  });
});
