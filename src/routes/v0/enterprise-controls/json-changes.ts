// JSON Merge Patch (RFC 7386) and the change list between two settings objects.

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** RFC 7386: objects merge key by key, null removes a key, anything else replaces. */
export function applyMergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return patch;
  const result: Record<string, Json> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result;
}

function sameJson(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameJson(a[key], b[key]));
  }
  return false;
}

export interface JsonChange {
  /** JSON Pointer (RFC 6901) of the changed value. */
  path: string;
  segments: string[];
}

/**
 * Where two JSON values differ: objects are compared key by key (keys in byte order), anything
 * else (arrays included, which a merge patch replaces whole) as one value.
 */
export function changedPaths(before: Json, after: Json, segments: string[] = []): JsonChange[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return keys.flatMap((key) => changedPaths(before[key], after[key], [...segments, key]));
  }
  if (sameJson(before, after)) return [];
  return [{ path: segments.map((s) => `/${s.replaceAll('~', '~0').replaceAll('/', '~1')}`).join(''), segments }];
}

/** The value at the given object keys, undefined when absent. */
export function valueAt(value: Json, segments: string[]): Json {
  let current = value;
  for (const segment of segments) current = isObject(current) ? current[segment] : undefined;
  return current;
}
