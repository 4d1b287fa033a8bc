import AjvModule, { type Ajv as AjvInstance } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FieldError } from '../domain/errors.js';

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
      message: issue.params?.additionalProperty ? 'unknown field' : (issue.message ?? 'invalid'),
    };
  });
}
