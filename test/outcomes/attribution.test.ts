import { describe, expect, it } from 'vitest';
import { attributionOf, commitEvidence, revertedPullRequest, revertedSha, strongestAttribution } from '../../src/domain/agent-attribution.js';

// The attribution rule (docs/outcomes.md) on messages and identities as the agents write them.

const human = { email: 'dev@example.test', login: 'dev' };
const classOf = (message: string, author: { email?: string; login?: string } = human) => attributionOf(commitEvidence({ author, message }));

describe('the attribution rule', () => {
  it("reads each agent's co-author trailer, whatever the key's case and the name beside the e-mail", () => {
    const cases: [string, string][] = [
      ['Co-Authored-By: Claude <noreply@anthropic.com>', 'claude-code'],
      ['co-authored-by: Claude Opus 4.1 <NoReply@Anthropic.com>', 'claude-code'],
      ['Co-authored-by: Codex <noreply@openai.com>', 'codex'],
      ['Co-authored-by: factory-droid[bot] <138933559+factory-droid[bot]@users.noreply.github.com>', 'droid'],
      ['Co-authored-by: Cursor Agent <cursoragent@cursor.com>', 'cursor'],
      ['Co-authored-by: opencode (DeepSeek V4) <noreply@opencode.ai>', 'opencode'],
      ['Co-authored-by: Copilot <198982749+Copilot@users.noreply.github.com>', 'copilot-coding-agent'],
    ];
    for (const [trailer, agent] of cases) {
      const message = `Fix the thing\n\nBecause.\n\n${trailer}`;
      expect(commitEvidence({ author: human, message }), trailer).toEqual([{ agent, via: 'co-author' }]);
      expect(classOf(message), trailer).toBe('agent-assisted');
    }
  });

  it("calls a commit an agent's own account authored agent-authored, and a human co-author nothing", () => {
    expect(classOf('Implement it', { email: '198982749+Copilot@users.noreply.github.com' })).toBe('agent-authored');
    expect(classOf('Implement it', { email: 'x@example.test', login: 'claude[bot]' })).toBe('agent-authored');
    expect(classOf('Pair work\n\nCo-authored-by: Alice <alice@example.test>')).toBe('none');
    expect(classOf('Plain change')).toBe('none');
  });

  it('reads trailers that a squash merge left mid-message, and not a trailer quoted inside a line', () => {
    const squash = '* first (#1)\n\nCo-authored-by: Cursor Agent <cursoragent@cursor.com>\n\n* second\n\n---------\n\nCo-authored-by: Bob <bob@example.test>';
    expect(commitEvidence({ author: human, message: squash })).toEqual([{ agent: 'cursor', via: 'co-author' }]);
    expect(classOf('docs: tell agents to add `Co-Authored-By: Claude <noreply@anthropic.com>` to commits')).toBe('none');
  });

  it('names each agent once, and takes the strongest class of several', () => {
    const message = 'x\n\nCo-Authored-By: Claude <noreply@anthropic.com>\nCo-Authored-By: Claude Sonnet <noreply@anthropic.com>\nCo-authored-by: Codex <codex@openai.com>';
    expect(commitEvidence({ author: human, message }).map((item) => item.agent)).toEqual(['claude-code', 'codex']);
    expect(strongestAttribution(['none', 'agent-assisted'])).toBe('agent-assisted');
    expect(strongestAttribution(['agent-assisted', 'agent-authored', 'none'])).toBe('agent-authored');
    expect(strongestAttribution([])).toBe('none');
  });

  it("finds git's revert line and GitHub's revert branch", () => {
    const target = 'a'.repeat(40);
    expect(revertedSha(`Revert "x"\n\nThis reverts commit ${target}.`)).toBe(target);
    expect(revertedSha('Mentions This reverts commit abc in prose')).toBeUndefined();
    expect(revertedPullRequest('revert-42-feature/login')).toBe(42);
    expect(revertedPullRequest('feature/revert-42')).toBeUndefined();
  });
});
