import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadinessReport } from '../../../src/sdk/client.js';
import { api, type ReadinessEvaluation, type ReadinessRepository } from './client';

// Readiness of the organization: its reports (/api/organization/maturity-level-reports, every
// role), the repositories its computers evaluate with each one's last evaluation
// (/api/v0/readiness/repositories), and "evaluate now" (owners and managers).

export type { ReadinessEvaluation, ReadinessReport, ReadinessRepository };

async function fetchAllReports(): Promise<ReadinessReport[]> {
  const reports: ReadinessReport[] = [];
  for await (const report of api.paginateReadinessReports({ query: { limit: 1000 } })) reports.push(report);
  return reports;
}

export function useReadinessReports() {
  return useQuery({ queryKey: ['readiness-reports'], queryFn: fetchAllReports });
}

export function useReadinessRepositories() {
  return useQuery({ queryKey: ['readiness-repositories'], queryFn: async () => (await api.request('get', '/api/v0/readiness/repositories', {})).repositories });
}

/** Queues an evaluation of every repository (or one) on the organization's computers. */
export function useEvaluateNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (repoId?: string) => (await api.request('post', '/api/v0/readiness/evaluations', { body: repoId === undefined ? {} : { repoId } })).evaluations,
    onSuccess: () => client.invalidateQueries({ queryKey: ['readiness-repositories'] }),
  });
}
