import { UsageError } from '../command.js';
import { apiCommand, givenOptions, ONE, v0List } from './api-command.js';

// `quarterdeck agent-sessions list|show`: the sessions the agents' own telemetry names
// (docs/agent-sessions.md), with their waste findings; `show` adds the timeline.

const SORTS = ['start', 'cost', 'duration', 'errors'];

export const agentSessionsList = apiCommand({
  name: ['agent-sessions', 'list'],
  usage: '[--start YYYY-MM-DD] [--end YYYY-MM-DD] [--user ID] [--agent NAME] [--model MODEL] [--repository REPO] [--team ID] [--flagged true|false] [--cost-above AMOUNT] [--sort start|cost|duration|errors]',
  summary: 'Agent sessions you may see, newest first (or by cost, duration, errors)',
  list: true,
  options: {
    start: { type: 'string', description: 'Sessions started on or after this UTC day' },
    end: { type: 'string', description: 'Sessions started on or before this UTC day' },
    user: { type: 'string', description: "Only this user's sessions (a member sees only their own)" },
    agent: { type: 'string', description: 'Only this agent (claude-code, codex, gemini-cli, ...)' },
    model: { type: 'string', description: 'Only sessions that called this model' },
    repository: { type: 'string', description: 'Only this repository (host/owner/name or URL)' },
    team: { type: 'string', description: "Only the sessions of this team's members" },
    flagged: { type: 'string', description: 'true: only sessions with waste found; false: only those without' },
    'cost-above': { type: 'string', description: "Only sessions that cost more than this, in the organization's currency" },
    sort: { type: 'string', description: 'start (the default), cost, duration or errors: highest first' },
  },
  call(context) {
    const sort = context.option('sort');
    if (sort !== undefined && !SORTS.includes(sort)) throw new UsageError(`--sort takes ${SORTS.join(', ')}`);
    const flagged = context.option('flagged');
    if (flagged !== undefined && flagged !== 'true' && flagged !== 'false') throw new UsageError('--flagged takes true or false');
    const query = givenOptions(context, { start: 'startDate', end: 'endDate', user: 'user', agent: 'agent', model: 'model', repository: 'repository', team: 'team', flagged: 'flagged', 'cost-above': 'costAbove', sort: 'sort' });
    return v0List(context, '/api/v0/agent-sessions', 'agentSessions', undefined, query);
  },
});

export const agentSessionsShow = apiCommand({
  name: ['agent-sessions', 'show'],
  usage: '<agentSessionId>',
  summary: 'One agent session with its findings and its timeline',
  positionals: ONE,
  async call({ client, args }) {
    return { value: await client.request('get', '/api/v0/agent-sessions/{agentSessionId}', { path: { agentSessionId: args.positionals[0]! } }) };
  },
});
