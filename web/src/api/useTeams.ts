import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Team, type TeamMember } from './client';

// Teams (/api/v0/teams) and their members. A change to a team's members also changes the members
// list's team column, so both are refreshed.

const TEAMS_KEY = ['teams'] as const;

async function fetchAllTeams(): Promise<Team[]> {
  const teams: Team[] = [];
  for await (const team of api.paginate('/api/v0/teams', 'teams', { query: { limit: 100 } })) teams.push(team);
  return teams;
}

export function useTeams(enabled = true) {
  return useQuery({ queryKey: TEAMS_KEY, queryFn: fetchAllTeams, enabled });
}

async function fetchTeamMembers(teamId: string): Promise<TeamMember[]> {
  const members: TeamMember[] = [];
  for await (const member of api.paginate('/api/v0/teams/{teamId}/members', 'members', { path: { teamId }, query: { limit: 100 } })) members.push(member);
  return members;
}

export function useTeamMembers(teamId: string | undefined) {
  return useQuery({ queryKey: [...TEAMS_KEY, teamId, 'members'], queryFn: () => fetchTeamMembers(teamId!), enabled: teamId !== undefined });
}

function useTeamsMutation<A, R>(call: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: TEAMS_KEY }), queryClient.invalidateQueries({ queryKey: ['members'] })]);
    },
  });
}

export function useCreateTeam() {
  return useTeamsMutation((name: string) => api.request('post', '/api/v0/teams', { body: { name } }));
}

export function useRenameTeam() {
  return useTeamsMutation(({ teamId, name }: { teamId: string; name: string }) => api.request('patch', '/api/v0/teams/{teamId}', { path: { teamId }, body: { name } }));
}

export function useDeleteTeam() {
  return useTeamsMutation((teamId: string) => api.request('delete', '/api/v0/teams/{teamId}', { path: { teamId } }));
}

export function useAddTeamMember() {
  return useTeamsMutation(({ teamId, userId }: { teamId: string; userId: string }) => api.request('post', '/api/v0/teams/{teamId}/members', { path: { teamId }, body: { userId } }));
}

export function useRemoveTeamMember() {
  return useTeamsMutation(({ teamId, userId }: { teamId: string; userId: string }) =>
    api.request('delete', '/api/v0/teams/{teamId}/members/{userId}', { path: { teamId, userId } }),
  );
}
