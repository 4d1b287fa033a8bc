// JSON Merge Patch (RFC 7386) and the change list between two settings objects. None of these
// recurse: settings written before request bodies were bounded in depth may be nested deeply.

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** RFC 7386: objects merge key by key, null removes a key, anything else replaces. */
export function applyMergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return patch;
  const root: Record<string, Json> = isObject(target) ? { ...target } : {};
  const pending: { result: Record<string, Json>; patch: Record<string, Json> }[] = [{ result: root, patch }];
  while (pending.length > 0) {
    const { result, patch: part } = pending.pop()!;
    for (const [key, value] of Object.entries(part)) {
      if (value === null) delete result[key];
      else if (!isObject(value)) result[key] = value;
      else {
        const merged: Record<string, Json> = isObject(result[key]) ? { ...result[key] } : {};
        result[key] = merged;
        pending.push({ result: merged, patch: value });
      }
    }
  }
  return root;
}

function sameJson(a: Json, b: Json): boolean {
  const pending: [Json, Json][] = [[a, b]];
  while (pending.length > 0) {
    const [left, right] = pending.pop()!;
    if (left === right) continue;
    if (Array.isArray(left) && Array.isArray(right)) {
      if (left.length !== right.length) return false;
      left.forEach((item, i) => pending.push([item, right[i]]));
    } else if (isObject(left) && isObject(right)) {
      const keys = Object.keys(left);
      if (keys.length !== Object.keys(right).length || !keys.every((key) => key in right)) return false;
      for (const key of keys) pending.push([left[key], right[key]]);
    } else return false;
  }
  return true;
}

export interface JsonChange {
  /** JSON Pointer (RFC 6901) of the changed value. */
  path: string;
  segments: string[];
}

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Where two JSON values differ: objects are compared key by key (keys in byte order), anything
 * else (arrays included, which a merge patch replaces whole) as one value.
 */
export function changedPaths(before: Json, after: Json): JsonChange[] {
  const changes: JsonChange[] = [];
  // Depth first, keys in byte order: the stack takes them in reverse.
  const pending: { before: Json; after: Json; segments: string[] }[] = [{ before, after, segments: [] }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    if (isObject(item.before) && isObject(item.after)) {
      const keys = [...new Set([...Object.keys(item.before), ...Object.keys(item.after)])].sort(byteOrder).reverse();
      for (const key of keys) pending.push({ before: item.before[key], after: item.after[key], segments: [...item.segments, key] });
    } else if (!sameJson(item.before, item.after)) {
      changes.push({ path: item.segments.map((s) => `/${s.replaceAll('~', '~0').replaceAll('/', '~1')}`).join(''), segments: item.segments });
    }
  }
  return changes;
}

/** The value at the given object keys, undefined when absent. */
export function valueAt(value: Json, segments: string[]): Json {
  let current = value;
  for (const segment of segments) current = isObject(current) ? current[segment] : undefined;
  return current;
}
