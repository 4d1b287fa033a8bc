import { useEffect } from 'react';

/** The browser tab's title: the page's name, then the product's (the product alone without one). */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Quarterdeck` : 'Quarterdeck';
  }, [title]);
}
