import { isManager } from '../../api/client';
import { useMembers } from '../../api/useMembers';
import { useSignedInSession } from '../../components/SessionContext';

/**
 * A session's person as the console names people: the member's name, else the e-mail; "You" for
 * the signed-in person; the id when the members list (owners and managers only) does not have it.
 */
export function usePersonName(): (userId: string) => string {
  const { user } = useSignedInSession();
  const members = useMembers(isManager(user.role));
  const byId = new Map((members.data ?? []).map((member) => [member.id, member.name ?? member.email]));
  return (userId) => (userId === user.id ? 'You' : (byId.get(userId) ?? userId));
}
