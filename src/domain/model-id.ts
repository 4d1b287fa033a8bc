// How agents name models: one spelling per model, wherever an id is stored or priced.

/**
 * Model ids as agents send them, normalised so one model has one id: surrounding blanks and a
 * provider's path prefix (`models/`) dropped, a context-size suffix in brackets (`[1m]`) dropped,
 * lower case.
 */
export function normaliseModel(model: string): string {
  return model
    .trim()
    .replace(/^models\//i, '')
    .replace(/\[[^\]]*\]$/, '')
    .trim()
    .toLowerCase();
}
