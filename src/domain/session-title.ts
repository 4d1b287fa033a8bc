// A session created without a title takes the beginning of its first user message (decisions.md
// §13): white space collapsed, at most TITLE_CHARS characters, cut at a word when one ends close
// to the limit, and an ellipsis when something was cut.

export const TITLE_CHARS = 80;

export function titleFromText(text: string): string | undefined {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return undefined;
  if (flat.length <= TITLE_CHARS) return flat;
  const cut = flat.slice(0, TITLE_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space >= TITLE_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
