import { useQuery } from '@tanstack/react-query';
import type { ReadinessReport } from '../../../src/sdk/client.js';
import { api } from './client';

// Readiness reports of the organization (/api/organization/maturity-level-reports, every role).

export type { ReadinessReport };

async function fetchAllReports(): Promise<ReadinessReport[]> {
  const reports: ReadinessReport[] = [];
  for await (const report of api.paginateReadinessReports({ query: { limit: 1000 } })) reports.push(report);
  return reports;
}

export function useReadinessReports() {
  return useQuery({ queryKey: ['readiness-reports'], queryFn: fetchAllReports });
}
