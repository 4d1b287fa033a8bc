import type { ListedUser } from '../../api/client';
import type { SortState } from '../../components/SortableHeads';
import { nameOf } from '../../components/people';

// The members table's order and search (docs/members.md "Console").

export type MemberSortKey = 'name' | 'role' | 'lastSignIn' | 'lastActivity';

const ROLE_RANK: Record<ListedUser['role'], number> = { owner: 0, manager: 1, member: 2, guest: 3 };

/** A member's value in a column; never (null) sorts after every date, whichever way. */
function valueOf(user: ListedUser, key: MemberSortKey): string | number | null {
  switch (key) {
    case 'name':
      return nameOf(user).toLocaleLowerCase();
    case 'role':
      return ROLE_RANK[user.role];
    case 'lastSignIn':
      return user.lastSignInAt;
    case 'lastActivity':
      return user.lastActivityDay;
  }
}

export function sortMembers(members: readonly ListedUser[], sort: SortState<MemberSortKey>): ListedUser[] {
  const direction = sort.descending ? -1 : 1;
  return [...members].sort((a, b) => {
    const x = valueOf(a, sort.key);
    const y = valueOf(b, sort.key);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * direction;
    }
    return nameOf(a).localeCompare(nameOf(b)) || a.id.localeCompare(b.id);
  });
}

/** Members whose name or e-mail contains the search, case aside. */
export function searchMembers(members: readonly ListedUser[], search: string): ListedUser[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...members];
  return members.filter((user) => user.email.toLocaleLowerCase().includes(needle) || (user.name ?? '').toLocaleLowerCase().includes(needle));
}
