// RFC 7386 merge patch that turns `from` into `to`: changed keys carry their new value (objects
// recursively), removed keys null. Arrays and other values are replaced whole, as the server
// applies them.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export function mergePatch(from: Json, to: Json): Json {
  const patch: Json = {};
  for (const key of Object.keys(from)) if (!(key in to)) patch[key] = null;
  for (const [key, value] of Object.entries(to)) {
    const before = from[key];
    if (isObject(before) && isObject(value)) {
      const inner = mergePatch(before, value);
      if (Object.keys(inner).length > 0) patch[key] = inner;
    } else if (JSON.stringify(before) !== JSON.stringify(value)) {
      patch[key] = value;
    }
  }
  return patch;
}
