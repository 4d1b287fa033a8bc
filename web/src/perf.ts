import { useEffect } from 'react';

// Performance marks for bench/console.ts: when each analytics answer arrived, and when the
// dashboard had drawn the first of them and all of them (after the commit, at the next frame);
// likewise the API keys page's one answer, the bench's floor.

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
