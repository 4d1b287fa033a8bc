import { useQuery } from '@tanstack/react-query';
import { api } from './client';

// The organization's enterprise controls (owner/manager only): the console reads the one that
// shapes the API keys page.

export function useKeyCreationRestricted(enabled: boolean) {
  return useQuery({
    queryKey: ['enterprise-controls'],
    queryFn: () => api.request('get', '/api/v0/organization/enterprise-controls', {}),
    enabled,
    select: (controls) => controls.settings.restrictApiKeyCreationToManagers === true,
  });
}
