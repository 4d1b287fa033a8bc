import { describe, expect, it } from 'vitest';
import { generateDemoEvents, generateDemoReadinessReports } from '../../src/demo/generate.js';
import { repoIdOf } from '../../src/domain/repo-id.js';
import { readinessScore } from '../../src/sdk/readiness-score.js';
import { checkEvents } from '../../src/telemetry/events.js';

// The demo generator: deterministic per seed, and every event it makes is a valid event.

describe('generateDemoEvents', () => {
  const options = { seed: 7, users: 5, days: 14, lastDay: '2026-03-31' };

  it('gives the same events for the same seed and others for another seed', () => {
    expect(generateDemoEvents(options)).toEqual(generateDemoEvents(options));
    expect(generateDemoEvents({ ...options, seed: 8 })).not.toEqual(generateDemoEvents(options));
  });

  it('makes valid events of every type, for the given users and days only', () => {
    const events = generateDemoEvents(options);
    const checked = checkEvents(events.map((e) => e.event), 'events', new Date('2026-04-01T00:00:00Z'));
    const days = new Set(checked.map((c) => c.day));
    expect([...days].every((day) => day >= '2026-03-18' && day <= '2026-03-31')).toBe(true);
    expect(new Set(events.map((e) => e.user))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(new Set(events.map((e) => e.event.type)).size).toBe(13);
    expect(new Set(events.map((e) => e.event.id)).size).toBe(events.length);
  });

  it('names repositories in several spellings of a few ids, and leaves some sessions without', () => {
    const events = generateDemoEvents(options).map((e) => e.event);
    const ids = new Set(events.flatMap((event) => (event.repository === undefined ? [] : [repoIdOf(event.repository)])));
    expect(ids.size).toBeGreaterThan(2);
    expect([...ids].every((id) => id?.startsWith('github.example.test/demo-org/'))).toBe(true);
    expect(new Set(events.map((event) => event.repository)).size).toBeGreaterThan(ids.size);
    expect(events.some((event) => event.repository === undefined)).toBe(true);
  });

  it('makes readiness reports of some repositories, with scores that differ', () => {
    const reports = generateDemoReadinessReports(options);
    expect(reports.every((report) => repoIdOf(report.repoUrl) !== undefined)).toBe(true);
    expect(new Set(reports.map((report) => readinessScore(Object.values(report.report)).ratio)).size).toBeGreaterThan(1);
  });
});
