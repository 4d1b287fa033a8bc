import { useState } from 'react';

/**
 * A dialog that acts on something (`target`; null while closed) through a mutation: closing it
 * also clears the mutation's outcome, so the next opening starts without the last error.
 */
export function useDialog<T>(mutation: { reset(): void }): { target: T | null; open: (target: T) => void; close: () => void } {
  const [target, setTarget] = useState<T | null>(null);
  return {
    target,
    open: setTarget,
    close: () => {
      mutation.reset();
      setTarget(null);
    },
  };
}
