import { Type } from '@sinclair/typebox';

// Building blocks every API schema uses. Shared schemas carry an $id and keep that name in the
// OpenAPI document (components.schemas); routes reference them with Type.Ref.

export const ErrorBody = Type.Object(
  {
    title: Type.String(),
    detail: Type.String(),
    status: Type.Integer(),
    requestId: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  },
  { $id: 'ErrorBody', description: 'The one error body of every endpoint.' },
);

export const Pagination = Type.Object(
  {
    hasMore: Type.Boolean(),
    nextCursor: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'Pagination' },
);

export const UnixMillis = Type.Integer({ minimum: 0, description: 'Unix time in milliseconds' });

export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 320 });

/** A string enum as plain JSON Schema `enum` (one clear error message, not one per value). */
export function StringEnum<const T extends readonly string[]>(values: T, options: { $id?: string; description?: string } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}
