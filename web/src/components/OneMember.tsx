import { Alert, Button } from '@mantine/core';
import { useSearchParam } from './useSearchParam';

/**
 * A list narrowed to one member by `?<param>=<user id>` in the URL (the member page links there),
 * and the way back to everyone's.
 */
export function useOneMember(param: string): { memberId: string | null; showEveryone: () => void } {
  const [memberId, setMemberId] = useSearchParam(param);
  return { memberId: memberId || null, showEveryone: () => setMemberId('') };
}

/** Says whose items the list shows; `who` undefined: the id names no member of the organization. */
export function OneMemberNote({ who, what, onShowEveryone }: { who: string | undefined; what: string; onShowEveryone: () => void }) {
  return (
    <Alert color={who === undefined ? 'yellow' : 'blue'} title={who === undefined ? 'No such member' : `Only ${who}'s ${what}`}>
      {who === undefined && `The id names no active member of this organization, so no ${what} are shown. `}
      <Button variant="subtle" size="compact-sm" onClick={onShowEveryone}>
        Show everyone's {what}
      </Button>
    </Alert>
  );
}
