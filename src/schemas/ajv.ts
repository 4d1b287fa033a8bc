import AjvModule, { type Ajv as AjvInstance } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FieldError } from '../domain/errors.js';
import { FREE_FORM_BYTES } from '../domain/json-limits.js';

// The one JSON Schema validator factory, and the one mapping from its errors to the error
// body's `errors[]`: the HTTP edge and the telemetry check both use these.

const Ajv = AjvModule.default;
const addFormats = addFormatsModule.default;

/**
 * `coerceTypes` for text (query strings, params, headers), never for JSON bodies ("5" is not a
 * number there). Unknown fields are reported, never dropped.
 */
export function createAjv(options: { coerceTypes: boolean }): AjvInstance {
  const ajv = new Ajv({ coerceTypes: options.coerceTypes ? 'array' : false, useDefaults: true, removeAdditional: false, allErrors: true, strict: false });
  addFormats(ajv);
  // Free-form values (schemas marked with FREE_FORM_BYTES) are bounded in serialized size.
  const withinBytes = (max: number, data: unknown): boolean => {
    const ok = Buffer.byteLength(JSON.stringify(data) ?? '') <= max;
    if (!ok) withinBytes.errors = [{ keyword: FREE_FORM_BYTES, message: `larger than ${max} bytes of JSON`, params: { limit: max } }];
    return ok;
  };
  withinBytes.errors = [] as object[];
  ajv.addKeyword({ keyword: FREE_FORM_BYTES, schemaType: 'number', validate: withinBytes, errors: true });
  return ajv;
}

/** What the mapping needs of an Ajv error (Fastify passes the same shape). */
export interface AjvIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Ajv's errors as field errors, each path starting at `at` (`body`, `querystring`, `events/3`). */
export function fieldErrorsOf(at: string, issues: readonly AjvIssue[]): FieldError[] {
  return issues.map((issue) => {
    const field = issue.params?.missingProperty ?? issue.params?.additionalProperty;
    return {
      path: `${at}${issue.instancePath ?? ''}${typeof field === 'string' ? `/${field}` : ''}`,
      message: issue.params?.additionalProperty ? 'unknown field' : Array.isArray(issue.params?.allowedValues) ? `must be one of: ${issue.params.allowedValues.join(', ')}` : (issue.message ?? 'invalid'),
    };
  });
}
