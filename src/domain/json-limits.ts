// Bounds on free-form JSON (enterprise settings, session tag metadata, custom model extraArgs):
// they keep every walk over stored JSON (merge, diff, masking, serializing) shallow and small.
// docs/decisions.md names them for callers.

export const JSON_LIMITS = {
  /** Nesting levels of a request body, the body itself being level 1. */
  maxDepth: 32,
  /** Serialized bytes of one free-form value (a schema marked with FREE_FORM_BYTES). */
  maxFreeFormBytes: 65_536,
} as const;

/** The schema keyword that bounds a free-form value's serialized size (checked by the validator). */
export const FREE_FORM_BYTES = 'x-maxJsonBytes';

/** Options to put on a free-form schema. */
export const freeForm = { [FREE_FORM_BYTES]: JSON_LIMITS.maxFreeFormBytes } as const;
