import { UsageError } from '../command.js';
import { apiCommand, decimalOf, ONE, v0List, type ApiContext } from './api-command.js';

// `quarterdeck budgets list|get|create|update|delete|members`: monthly budgets of the
// organization and its teams, and members' credit limits with their forecasts (docs/budgets.md),
// owner and manager only.

const AMOUNT_OPTIONS = {
  amount: { type: 'string', description: 'The monthly amount (money in the price currency, or Standard Credits)' },
  thresholds: { type: 'string', description: 'Comma-separated percentages (default 50,80,100)' },
} as const;

function thresholdsOf(text: string): number[] {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^\d+$/.test(part))) throw new UsageError(`--thresholds must be whole percentages separated by commas, got "${text}"`);
  return parts.map(Number);
}

function amountChanges(context: ApiContext): { amount?: number; thresholds?: number[] } {
  const amount = context.option('amount');
  const thresholds = context.option('thresholds');
  return { ...(amount !== undefined && { amount: decimalOf(amount, '--amount') }), ...(thresholds !== undefined && { thresholds: thresholdsOf(thresholds) }) };
}

const budgetPath = (context: ApiContext) => ({ budgetId: context.args.positionals[0]! });

export const budgetsList = apiCommand({
  name: ['budgets', 'list'],
  usage: '',
  summary: "Budgets of the organization with this month's spend and forecast",
  list: true,
  call: (context) => v0List(context, '/api/v0/budgets', 'budgets'),
});

export const budgetsGet = apiCommand({
  name: ['budgets', 'get'],
  usage: '<budgetId>',
  summary: "One budget with this month's spend, forecast and crossings",
  positionals: ONE,
  async call(context) {
    return { value: (await context.client.request('get', '/api/v0/budgets/{budgetId}', { path: budgetPath(context) })).budget };
  },
});

export const budgetsCreate = apiCommand({
  name: ['budgets', 'create'],
  usage: '(--organization | --team <teamId>) --unit money|credits --amount N [--thresholds 50,80,100]',
  summary: 'Create the budget of the organization or of a team',
  options: {
    organization: { type: 'boolean', description: "The organization's budget" },
    team: { type: 'string', description: "A team's budget" },
    unit: { type: 'string', description: 'money (in the price currency) or credits' },
    ...AMOUNT_OPTIONS,
  },
  async call(context) {
    const team = context.option('team');
    const organization = context.args.values.organization === true;
    if (organization === (team !== undefined)) throw new UsageError('give either --organization or --team <teamId>');
    const unit = context.option('unit');
    const { amount, thresholds } = amountChanges(context);
    if (unit === undefined || amount === undefined) throw new UsageError('--unit and --amount are required');
    // The server checks the unit: anything else is its 400.
    const body = { scope: team === undefined ? ('organization' as const) : ('team' as const), ...(team !== undefined && { teamId: team }), unit: unit as 'money' | 'credits', amount, ...(thresholds && { thresholds }) };
    return { value: (await context.client.request('post', '/api/v0/budgets', { body })).budget };
  },
});

export const budgetsUpdate = apiCommand({
  name: ['budgets', 'update'],
  usage: '<budgetId> [--amount N] [--thresholds 50,80,100]',
  summary: 'Change the amount or thresholds of a budget',
  options: AMOUNT_OPTIONS,
  positionals: ONE,
  async call(context) {
    return { value: (await context.client.request('patch', '/api/v0/budgets/{budgetId}', { path: budgetPath(context), body: amountChanges(context) })).budget };
  },
});

export const budgetsDelete = apiCommand({
  name: ['budgets', 'delete'],
  usage: '<budgetId>',
  summary: 'Delete a budget',
  positionals: ONE,
  async call(context) {
    await context.client.request('delete', '/api/v0/budgets/{budgetId}', { path: budgetPath(context) });
    context.io.stderr(`deleted ${context.args.positionals[0]}\n`);
    return { none: true };
  },
});

export const budgetsMembers = apiCommand({
  name: ['budgets', 'members'],
  usage: '[--sort percent|used|forecast]',
  summary: 'Members with a credit limit: used this month, percent and forecast, highest first',
  options: { sort: { type: 'string', description: 'percent (the default), used or forecast' } },
  async call(context) {
    const sort = context.option('sort') as 'percent' | 'used' | 'forecast' | undefined;
    return { items: (await context.client.request('get', '/api/v0/budgets/members', { query: sort === undefined ? {} : { sort } })).members };
  },
});
