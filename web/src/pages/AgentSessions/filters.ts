import type { paths } from '../../../../src/sdk/openapi.js';
export { AGENTS } from '../../components/agentSessionLabels.js';

// The explorer's filters live in the address, under the API's own names (startDate, endDate, user,
// team, repository, agent, model, flagged, costAbove, sort): a filtered list is a link to share, and each
// change is a history entry, so the back button returns to the previous selection.

export const FILTER_NAMES = ['startDate', 'endDate', 'user', 'team', 'repository', 'agent', 'model', 'flagged', 'costAbove', 'sort'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

export const SORTS = [
  { value: 'start', label: 'Newest first' },
  { value: 'cost', label: 'Most cost' },
  { value: 'duration', label: 'Longest' },
  { value: 'errors', label: 'Most errors' },
] as const;

type AgentSessionQuery = Omit<NonNullable<paths['/api/v0/agent-sessions']['get']['parameters']['query']>, 'limit' | 'cursor'>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The API's query for the address's filters, or why it cannot be asked: a problem the page can
 * name before a request (an end before the start, a malformed day or amount) is said there; what
 * only the server knows (a repository that names none) comes back as its 400 and is shown as such.
 */
export function queryOf(params: URLSearchParams): { query: AgentSessionQuery; problem: string | null } {
  const value = (name: FilterName) => params.get(name)?.trim() ?? '';
  const query: AgentSessionQuery = {};
  const problems: string[] = [];
  for (const name of ['startDate', 'endDate'] as const) {
    const day = value(name);
    if (day === '') continue;
    if (DAY.test(day)) query[name] = day;
    else problems.push(`${name === 'startDate' ? 'The start' : 'The end'} is not a day (YYYY-MM-DD).`);
  }
  if (query.startDate && query.endDate && query.endDate < query.startDate) problems.push('The end date is before the start date.');
  for (const name of ['user', 'team', 'repository', 'agent', 'model'] as const) if (value(name)) query[name] = value(name);
  if (value('flagged') === 'true' || value('flagged') === 'false') query.flagged = value('flagged') === 'true';
  const costAbove = value('costAbove');
  if (costAbove !== '') {
    const amount = Number(costAbove);
    if (Number.isFinite(amount) && amount >= 0) query.costAbove = amount;
    else problems.push('The cost must be a number of 0 or more.');
  }
  const sort = SORTS.find((candidate) => candidate.value === value('sort'));
  if (sort && sort.value !== 'start') query.sort = sort.value;
  return { query, problem: problems.length > 0 ? problems.join(' ') : null };
}
