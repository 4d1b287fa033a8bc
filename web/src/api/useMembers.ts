import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListedUser, type Role } from './client';

// Members of the organization (owner/manager): /api/v0/organization/users and its invitations.

const MEMBERS_KEY = ['members'] as const;

async function fetchAllMembers(): Promise<ListedUser[]> {
  const users: ListedUser[] = [];
  for await (const user of api.paginate('/api/v0/organization/users', 'users', { query: { limit: 100 } })) users.push(user);
  return users;
}

export function useMembers(enabled = true) {
  return useQuery({ queryKey: MEMBERS_KEY, queryFn: fetchAllMembers, enabled });
}

function useMembersMutation<A, R>(call: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }) });
}

/** The console invites without an API key: people create their own once signed in. */
export function useAddMember() {
  return useMembersMutation((body: { email: string; name?: string; role: Role }) => api.request('post', '/api/v0/organization/users', { body: { ...body, createApiKey: false } }));
}

export function useChangeRole() {
  return useMembersMutation(({ userId, role }: { userId: string; role: Role }) => api.request('patch', '/api/v0/organization/users/{userId}', { path: { userId }, body: { role } }));
}

export function useDeactivateMember() {
  return useMembersMutation((userId: string) => api.request('delete', '/api/v0/organization/users/{userId}', { path: { userId } }));
}

export function useReactivateMember() {
  return useMembersMutation((userId: string) => api.request('post', '/api/v0/organization/users/{userId}/reactivate', { path: { userId } }));
}

export function useNewInvitation() {
  return useMembersMutation((userId: string) => api.request('post', '/api/v0/organization/users/{userId}/invite', { path: { userId } }));
}
