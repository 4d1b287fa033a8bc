import { useSearchParams } from 'react-router';

/**
 * A filter kept in the address (`?name=value`), so that other pages can link to a filtered list
 * and a reload keeps it; '' when absent, and setting '' removes it.
 */
export function useSearchParam(name: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return [params.get(name) ?? '', set];
}
