import { useMediaQuery } from '@mantine/hooks';

/**
 * Below Mantine's `sm` breakpoint (48em, 768 px): the tables that cannot fit a phone with all their
 * columns show a member per row with the figures under the name instead.
 */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 48em)');
}
