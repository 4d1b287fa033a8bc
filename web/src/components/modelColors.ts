// Models' colours in the charts and the members' model lists (pure: the tests import it).

/** Sixteen colours told apart on white and on the dark background, for models (tab20-like, reordered so neighbours differ). */
export const MODEL_COLORS = ['#1c7ed6', '#e8590c', '#2b8a3e', '#ae3ec9', '#c92a2a', '#0b7285', '#5f3dc4', '#d6336c', '#74b816', '#f59f00', '#495057', '#15aabf', '#9c36b5', '#a61e4d', '#364fc7', '#8d6e63'];

function hashOf(model: string): number {
  let hash = 2166136261;
  for (let i = 0; i < model.length; i++) hash = Math.imul(hash ^ model.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/**
 * Each model's colour among the organization's models of the range: taken in name order, each
 * gets the colour its name hashes to, or the next one free, so up to sixteen models never share
 * a colour (five used to collide in a palette of ten picked by hash alone). The dashboard and a
 * member's page pass the same list (the organization's models of the range), so a model keeps
 * its colour from one to the other; a model not in the list falls back to its hashed colour.
 */
export function modelColors(models: Iterable<string>): (model: string) => string {
  const assigned = new Map<string, string>();
  const taken = new Set<number>();
  for (const model of [...new Set(models)].sort()) {
    let slot = hashOf(model) % MODEL_COLORS.length;
    for (let tries = 0; taken.has(slot) && tries < MODEL_COLORS.length; tries++) slot = (slot + 1) % MODEL_COLORS.length;
    taken.add(slot);
    assigned.set(model, MODEL_COLORS[slot]!);
  }
  return (model) => assigned.get(model) ?? MODEL_COLORS[hashOf(model) % MODEL_COLORS.length]!;
}
