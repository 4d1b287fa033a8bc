import type { RequestBody } from '../../sdk/client.js';
import { apiCommand, ONE, integerOption } from './api-command.js';

// `quarterdeck readiness list|upload`: the organization's readiness reports.

export const readinessList = apiCommand({
  name: ['readiness', 'list'],
  usage: '[--repo URL_OR_ID]',
  summary: 'Readiness reports, newest first',
  options: { repo: { type: 'string', description: 'Only this repository (URL or host/owner/name)' } },
  list: true,
  async call(context) {
    const repoId = context.option('repo');
    const startAfter = context.option('cursor');
    const query = { limit: integerOption(context, 'limit') ?? 100, ...(repoId ? { repoId } : {}), ...(startAfter ? { startAfter } : {}) };
    if (context.args.values.all) return { items: context.client.paginateReadinessReports({ query }) };
    const page = await context.client.request('get', '/api/organization/maturity-level-reports', { query });
    const last = page.reports.at(-1);
    return { items: page.reports, next: last && page.reports.length === query.limit ? last.reportId : null };
  },
});

export const readinessUpload = apiCommand({
  name: ['readiness', 'upload'],
  usage: '<report.json>',
  summary: 'Upload a readiness report (the report without reportId and createdAt)',
  positionals: ONE,
  async call(context) {
    const body = await context.readJson(context.args.positionals[0]!);
    return { value: await context.client.request('post', '/api/organization/maturity-level-reports', { body: body as RequestBody<'/api/organization/maturity-level-reports', 'post'> }) };
  },
});
