/** The revision as an entity tag, for If-Match. */
export function etagOf(revision: number): string {
  return `"${revision}"`;
}
