import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Attribution, attributionOf, commitEvidence } from '../../src/domain/agent-attribution.js';

// The attribution rule against commits of public repositories labelled by hand-checkable rules
// (test/fixtures/attribution/README.md). The figures printed here are the ones docs/outcomes.md
// publishes ("Precision, measured").

interface LabelledCommit {
  repository: string;
  sha: string;
  author: { name: string; email: string };
  authoredAt: string;
  coAuthors: { name: string; email: string }[];
  label: Attribution;
  agents: string[];
  basis: string;
}

const commits = JSON.parse(readFileSync(new URL('../fixtures/attribution/commits.json', import.meta.url), 'utf8')) as LabelledCommit[];

// The fixture keeps the trailers, not the message: a message made of them is what the rule reads.
function judged(commit: LabelledCommit) {
  const trailers = commit.coAuthors.map((coAuthor) => `Co-authored-by: ${coAuthor.name} <${coAuthor.email}>`).join('\n');
  const evidence = commitEvidence({ author: { email: commit.author.email }, message: `A change\n\n${trailers}` });
  return { attribution: attributionOf(evidence), agents: evidence.map((item) => item.agent) };
}

const results = commits.map((commit) => ({ commit, ...judged(commit) }));
const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

describe('the attribution rule on labelled public commits', () => {
  it('holds at least 300 commits from several repositories, each SHA once, with agents and without', () => {
    expect(commits.length).toBeGreaterThanOrEqual(300);
    expect(new Set(commits.map((commit) => `${commit.repository}@${commit.sha}`)).size).toBe(commits.length);
    expect(new Set(commits.map((commit) => commit.repository)).size).toBeGreaterThanOrEqual(5);
    for (const label of ['agent-authored', 'agent-assisted', 'none'] as const) {
      expect(commits.filter((commit) => commit.label === label).length, label).toBeGreaterThanOrEqual(50);
    }
  });

  it('says an agent took part with a precision of at least 95 %, and reports the recall', () => {
    const predicted = results.filter((result) => result.attribution !== 'none');
    const actual = results.filter((result) => result.commit.label !== 'none');
    const truePositives = predicted.filter((result) => result.commit.label !== 'none');
    const precision = ratio(truePositives.length, predicted.length);
    const recall = ratio(truePositives.length, actual.length);
    const sameClass = truePositives.filter((result) => result.attribution === result.commit.label).length;
    const sameAgents = truePositives.filter((result) => [...result.agents].sort().join() === [...result.commit.agents].sort().join()).length;
    const falsePositives = predicted.filter((result) => result.commit.label === 'none').map((result) => `${result.commit.repository}@${result.commit.sha}`);
    const misses = new Map<string, number>();
    for (const result of actual) if (result.attribution === 'none') misses.set(result.commit.basis, (misses.get(result.commit.basis) ?? 0) + 1);
    console.info(
      [
        `commits ${commits.length} (agent ${actual.length}, none ${commits.length - actual.length})`,
        `precision ${percent(precision)} (${truePositives.length}/${predicted.length}), recall ${percent(recall)} (${truePositives.length}/${actual.length})`,
        `class agrees ${percent(ratio(sameClass, truePositives.length))}, agents agree ${percent(ratio(sameAgents, truePositives.length))}`,
        `false positives: ${falsePositives.join(', ') || 'none'}; misses by basis: ${JSON.stringify(Object.fromEntries(misses))}`,
      ].join('\n'),
    );
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(falsePositives).toEqual([]);
    // What the commits' identities say is read whole; a miss is a commit whose only evidence is
    // outside the identities (README: the message line), so recall over identities is complete.
    expect(actual.filter((result) => result.attribution === 'none' && result.commit.basis !== 'message line')).toEqual([]);
    expect(sameClass).toBe(truePositives.length);
  });

  it('names the agents the identities name, per agent', () => {
    const perAgent = new Map<string, { labelled: number; found: number }>();
    for (const result of results) {
      for (const agent of result.commit.agents) {
        const row = perAgent.get(agent) ?? { labelled: 0, found: 0 };
        row.labelled += 1;
        if (result.agents.includes(agent)) row.found += 1;
        perAgent.set(agent, row);
      }
    }
    console.info([...perAgent].sort().map(([agent, row]) => `${agent}: ${row.found}/${row.labelled}`).join('\n'));
    expect(perAgent.size).toBeGreaterThanOrEqual(8);
    for (const [agent, row] of perAgent) if (agent !== 'claude-code') expect(row.found, agent).toBe(row.labelled);
  });
});
