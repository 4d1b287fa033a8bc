import { describe, expect, it } from 'vitest';
import { generateDemoEvents } from '../../src/demo/generate.js';
import { generateDemoGitHistory } from '../../src/demo/git-history.js';
import { attributionOf, commitEvidence } from '../../src/domain/agent-attribution.js';
import { repoIdOf } from '../../src/domain/repo-id.js';
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

});

describe('generateDemoGitHistory', () => {
  const options = { seed: 7, users: 5, days: 30, lastDay: '2026-03-31' };
  const events = generateDemoEvents(options);
  const people = Array.from({ length: 5 }, (_, i) => ({ email: `user${i}@demo.example`, name: `User ${i}` }));
  const history = generateDemoGitHistory(options, events, people);
  const pullRequests = history.filter((delivery) => delivery.event === 'pull_request').map((delivery) => delivery.payload as { action: string; repository: { html_url: string }; pull_request: { number: number; merged_at: string | null; head: { ref: string } } });
  const commits = history.filter((delivery) => delivery.event === 'push').flatMap((delivery) => (delivery.payload as { commits: { message: string; author: { email: string; username: string } }[] }).commits);

  it('is the same for the same seed, in delivery order, with unique delivery ids, up to the last day', () => {
    expect(generateDemoGitHistory(options, events, people)).toEqual(history);
    expect(generateDemoGitHistory({ ...options, seed: 8 }, generateDemoEvents({ ...options, seed: 8 }), people)).not.toEqual(history);
    expect(history.map((delivery) => delivery.at)).toEqual([...history.map((delivery) => delivery.at)].sort((a, b) => a - b));
    expect(new Set(history.map((delivery) => delivery.id)).size).toBe(history.length);
    expect(Math.max(...history.map((delivery) => delivery.at))).toBeLessThanOrEqual(Date.parse('2026-03-31T23:59:59Z'));
  });

  it('has pull requests merged with and without agent evidence, some closed unmerged, and a revert', () => {
    const closed = pullRequests.filter((pr) => pr.action === 'closed');
    expect(closed.filter((pr) => pr.pull_request.merged_at !== null).length).toBeGreaterThan(20);
    expect(closed.filter((pr) => pr.pull_request.merged_at === null).length).toBeGreaterThan(0);
    const classes = new Set(commits.map((commit) => attributionOf(commitEvidence({ author: { email: commit.author.email, login: commit.author.username }, message: commit.message }))));
    expect(classes).toEqual(new Set(['agent-authored', 'agent-assisted', 'none']));
    expect(closed.some((pr) => pr.pull_request.head.ref.startsWith('revert-'))).toBe(true);
    expect(commits.some((commit) => /^This reverts commit [0-9a-f]{40}\./m.test(commit.message))).toBe(true);
  });
});

describe('the demo’s agent-session waste', () => {
  it('runs a failing command four times in some sessions, and leaves some editing sessions without a commit', () => {
    const events = generateDemoEvents({ seed: 42, users: 10, days: 30, lastDay: '2026-03-31' });
    const sessions = new Map<string, typeof events>();
    for (const one of events) sessions.set(one.event.sessionId, [...(sessions.get(one.event.sessionId) ?? []), one]);
    const loops = [...sessions.values()].filter((session) => session.filter((one) => one.detail?.outcome === 'failure' && one.detail.callDigest === 'demo-npm-test').length === 4);
    expect(loops.length).toBeGreaterThan(0);
    const types = (session: typeof events) => new Set(session.map((one) => one.event.type));
    const editing = [...sessions.values()].filter((session) => types(session).has('file_edited') || types(session).has('file_created'));
    const uncommitted = editing.filter((session) => !types(session).has('git_commit') && !types(session).has('pr_created'));
    // Most editing sessions commit; some do not (abandoned once their 24 hours pass).
    expect(uncommitted.length).toBeGreaterThan(0);
    expect(uncommitted.length).toBeLessThan(editing.length / 3);
  });
});
