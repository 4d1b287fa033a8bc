import { useMemo } from 'react';
import { useTokensByModel, type DayRange } from '../../api/useAnalytics';
import { modelColors } from '../../components/modelColors';

/**
 * The colours of the organization's models of the range (Charts.tsx `modelColors`), from the
 * tokens-by-model answer the dashboard loads anyway: the dashboard's charts, its members table and
 * a member's page colour a model alike.
 */
export function useModelColors(range: DayRange): (model: string) => string {
  const rows = useTokensByModel(range).data?.rows;
  return useMemo(() => modelColors((rows ?? []).map((row) => row.group_key)), [rows]);
}
