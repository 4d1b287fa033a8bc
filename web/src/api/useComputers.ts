import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

// Computers the signed-in person may use (/api/v0/computers): list, register, retry install-deps, delete.

const COMPUTERS_KEY = ['computers'] as const;

export function useComputers() {
  return useQuery({
    queryKey: COMPUTERS_KEY,
    queryFn: async () => {
      const computers = [];
      for await (const computer of api.paginate('/api/v0/computers', 'computers', { query: { limit: 100 } })) computers.push(computer);
      return computers;
    },
    // Provisioning moves on without the person: keep the steps current while the page is open.
    refetchInterval: 5000,
  });
}

export function useRegisterComputer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; providerType: 'byom' | 'hosted'; hostname?: string; remoteUser?: string }) => api.request('post', '/api/v0/computers', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPUTERS_KEY }),
  });
}

export function useRetryInstallDeps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (computerId: string) => api.request('post', '/api/v0/computers/{computerId}/install-deps', { path: { computerId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPUTERS_KEY }),
  });
}

export function useDeleteComputer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (computerId: string) => api.request('delete', '/api/v0/computers/{computerId}', { path: { computerId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPUTERS_KEY }),
  });
}
