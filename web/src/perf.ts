import { useEffect } from 'react';

// Performance marks for bench/console.ts: when each analytics answer arrived, and when the
// dashboard had drawn all of them (after the commit, at the next frame).

export function markAnswer(name: string): void {
  performance.mark(`qd:answer:${name}`);
}

export function useRenderedMark(name: string, ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const frame = requestAnimationFrame(() => performance.mark(`qd:rendered:${name}`));
    return () => cancelAnimationFrame(frame);
  }, [name, ready]);
}
