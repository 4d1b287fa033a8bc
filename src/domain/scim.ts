import { parse as parseFilter, type Filter } from 'scim2-parse-filter';
import { scimPatch, type ScimPatchOperation, type ScimResource } from 'scim-patch';
import { DomainError, type DomainErrorCode } from './errors.js';
import { ROLES, type Role } from './roles.js';

// SCIM 2.0 provisioning (RFC 7643 / RFC 7644; docs/scim.md): the rules with no HTTP in them.
// Filters are parsed by scim2-parse-filter and PATCH operations applied by scim-patch; this file
// only narrows what they produce to what Quarterdeck keeps, and smooths the known quirks of the
// providers' requests (Microsoft Entra ID's capitalized ops and "True"/"False" strings, path-less
// values keyed by attribute paths) before the library sees them.

export const SCIM = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** RFC 7644 §3.12 scimType values this server answers with. */
export type ScimType = 'invalidFilter' | 'tooMany' | 'uniqueness' | 'mutability' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'invalidValue';

/** A domain error that also names its SCIM error type, for the SCIM error body. */
export class ScimFault extends DomainError {
  readonly scimType: ScimType;

  constructor(code: DomainErrorCode, scimType: ScimType, detail: string) {
    super(code, detail);
    this.scimType = scimType;
  }
}

const invalid = (scimType: ScimType, detail: string) => new ScimFault('invalid_input', scimType, detail);

/** Token prefix: tells a SCIM token apart from an API key at a glance (and in secret scanners). */
export const SCIM_TOKEN_PREFIX = 'qd_scim_';

// ---- Filters and paging -----------------------------------------------------------------------

/** What a list may be narrowed to: equality on these attributes, all of them together. */
export interface ScimQuery {
  id?: string;
  userName?: string;
  externalId?: string;
  displayName?: string;
  /** The filter can match nothing (one attribute equal to two values). */
  impossible?: true;
}

const FILTERABLE = { User: ['id', 'userName', 'externalId', 'displayName'], Group: ['id', 'externalId', 'displayName'] } as const;
const MAX_FILTER_LENGTH = 1024;

/**
 * A `filter` parameter as a query: `eq` on the filterable attributes, joined by `and`. Attribute
 * names are case-insensitive (RFC 7643 §2.1); anything else is 400 invalidFilter.
 */
export function scimQueryOf(filter: string | undefined, resource: 'User' | 'Group'): ScimQuery {
  if (filter === undefined || filter.trim() === '') return {};
  if (filter.length > MAX_FILTER_LENGTH) throw invalid('invalidFilter', `the filter is longer than ${MAX_FILTER_LENGTH} characters`);
  let parsed: Filter;
  try {
    parsed = parseFilter(filter);
  } catch (error) {
    throw invalid('invalidFilter', `the filter cannot be parsed: ${(error as Error).message}`.slice(0, 300));
  }
  const query: ScimQuery = {};
  const allowed: readonly string[] = FILTERABLE[resource];
  const add = (node: Filter): void => {
    if (node.op === 'and') return (node as { filters: Filter[] }).filters.forEach(add);
    if (node.op !== 'eq') throw invalid('invalidFilter', `only "eq" (joined by "and") is supported, on ${allowed.join(', ')}`);
    const { attrPath, compValue } = node as { attrPath: string; compValue: unknown };
    const bare = attrPath.startsWith(`${resource === 'User' ? SCIM.user : SCIM.group}:`) ? attrPath.slice(attrPath.lastIndexOf(':') + 1) : attrPath;
    const attribute = allowed.find((name) => name.toLowerCase() === bare.toLowerCase()) as Exclude<keyof ScimQuery, 'impossible'> | undefined;
    if (!attribute) throw invalid('invalidFilter', `filtering on ${attrPath} is not supported (${allowed.join(', ')} are)`);
    if (typeof compValue !== 'string') throw invalid('invalidFilter', `${attribute} is compared with a string`);
    if (query[attribute] !== undefined && query[attribute] !== compValue) query.impossible = true;
    else query[attribute] = compValue;
  };
  add(parsed);
  return query;
}

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 200;

/** RFC 7644 §3.4.2.4: startIndex is 1-based (below 1 means 1); count below 0 means 0, capped. */
export function scimPageOf(query: { startIndex?: string | undefined; count?: string | undefined }): { offset: number; count: number; startIndex: number } {
  const number = (text: string | undefined, name: string): number | undefined => {
    if (text === undefined || text === '') return undefined;
    if (!/^-?\d{1,9}$/.test(text)) throw invalid('invalidValue', `${name} must be an integer`);
    return Number(text);
  };
  const startIndex = Math.max(1, number(query.startIndex, 'startIndex') ?? 1);
  const count = Math.min(MAX_PAGE_SIZE, Math.max(0, number(query.count, 'count') ?? DEFAULT_PAGE_SIZE));
  return { offset: startIndex - 1, count, startIndex };
}

// ---- Users --------------------------------------------------------------------------------------

/** What Quarterdeck keeps of a SCIM User; everything else a provider sends is not stored. */
export interface ScimUserAttributes {
  userName: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  /** name.formatted: the member's name in Quarterdeck. */
  formatted: string | null;
  displayName: string | null;
  /** Absent: leave the member's state as it is. */
  active: boolean | undefined;
}

// RFC 5321's limits; the shape check is ajv-formats' (the same as the members API), done by the caller.
const MAX_TEXT = 256;
const NO_CONTROL = /^[^\u0000-\u001F\u007F-\u009F]*$/;

function optionalText(value: unknown, name: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw invalid('invalidValue', `${name} must be a string`);
  if (value.length > MAX_TEXT || !NO_CONTROL.test(value)) throw invalid('invalidValue', `${name} must be at most ${MAX_TEXT} characters, without control characters`);
  return value;
}

/** Entra ID sends booleans as the strings "True" and "False". */
export function scimBoolean(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalid('invalidValue', `${name} must be a boolean`);
}

function objectOf(value: unknown, name: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('invalidValue', `${name} must be an object`);
  return value as Record<string, unknown>;
}

/** The attributes of a User resource a provider sent (POST, PUT, or the result of a PATCH). */
export function userAttributesOf(resource: unknown, isEmail: (text: string) => boolean): ScimUserAttributes {
  const body = objectOf(resource, 'the User');
  if (typeof body.userName !== 'string' || body.userName.trim() === '') throw invalid('invalidValue', 'userName is required: the member\'s e-mail address');
  const userName = body.userName.trim();
  if (userName.length > 320 || !isEmail(userName)) throw invalid('invalidValue', 'userName must be the member\'s e-mail address');
  const name = objectOf(body.name, 'name');
  return {
    userName,
    externalId: optionalText(body.externalId, 'externalId'),
    givenName: optionalText(name.givenName, 'name.givenName'),
    familyName: optionalText(name.familyName, 'name.familyName'),
    formatted: optionalText(name.formatted, 'name.formatted'),
    displayName: optionalText(body.displayName, 'displayName'),
    active: scimBoolean(body.active, 'active'),
  };
}

/**
 * The member's name in Quarterdeck: `name.formatted`, else the given and family names, else the
 * display name. After a PATCH, `before` says which of them the request changed: a new given name
 * alone rebuilds the name from its parts.
 */
export function memberNameOf(after: ScimUserAttributes, before?: ScimUserAttributes): string | null {
  const joined = [after.givenName, after.familyName].filter(Boolean).join(' ') || null;
  if (!before) return after.formatted ?? joined ?? after.displayName;
  if (after.formatted !== before.formatted) return after.formatted ?? joined ?? after.displayName;
  if (after.givenName !== before.givenName || after.familyName !== before.familyName) return joined ?? after.formatted ?? after.displayName;
  if (after.displayName !== before.displayName && !joined) return after.displayName ?? after.formatted;
  return after.formatted;
}

// ---- Groups -------------------------------------------------------------------------------------

export interface ScimGroupAttributes {
  displayName: string;
  externalId: string | null;
  /** The member ids (`members[].value`), without repeats. */
  memberIds: string[];
}

export const MAX_GROUP_NAME = 100;
export const MAX_GROUP_MEMBERS = 10_000;

export function groupAttributesOf(resource: unknown): ScimGroupAttributes {
  const body = objectOf(resource, 'the Group');
  const displayName = typeof body.displayName === 'string' ? body.displayName.trim() : '';
  if (displayName === '' || displayName.length > MAX_GROUP_NAME || !NO_CONTROL.test(displayName)) {
    throw invalid('invalidValue', `displayName is required: 1-${MAX_GROUP_NAME} characters, without control characters`);
  }
  const members = body.members ?? [];
  if (!Array.isArray(members)) throw invalid('invalidValue', 'members must be an array');
  if (members.length > MAX_GROUP_MEMBERS) throw invalid('tooMany', `a group holds at most ${MAX_GROUP_MEMBERS} members here`);
  const memberIds = members.map((member, index) => {
    const value = (member as { value?: unknown } | null)?.value;
    if (typeof value !== 'string' || value === '' || value.length > 128) throw invalid('invalidValue', `members[${index}].value must be a member's id`);
    return value;
  });
  return { displayName, externalId: optionalText(body.externalId, 'externalId'), memberIds: [...new Set(memberIds)] };
}

// ---- PATCH --------------------------------------------------------------------------------------

const MAX_OPERATIONS = 1000;
// scim-patch walks paths as property names: these would reach Object.prototype.
const UNSAFE_PATH = /__proto__|constructor|prototype/i;
/** Attributes of a User or Group whose value is a complex (not multi-valued) object. */
const COMPLEX = new Set(['name']);

/** The operations of a PatchOp request, in the shape scim-patch applies, quirks smoothed. */
export function patchOperationsOf(body: unknown): ScimPatchOperation[] {
  const request = objectOf(body, 'the PatchOp request');
  const operations = request.Operations ?? request.operations;
  if (!Array.isArray(operations) || operations.length === 0) throw invalid('invalidSyntax', 'Operations must be a non-empty array of patch operations');
  if (operations.length > MAX_OPERATIONS) throw invalid('tooMany', `at most ${MAX_OPERATIONS} operations per request`);
  return operations.flatMap((raw, index): ScimPatchOperation[] => {
    const operation = objectOf(raw, `Operations[${index}]`);
    const op = typeof operation.op === 'string' ? operation.op.toLowerCase() : '';
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw invalid('invalidSyntax', `Operations[${index}].op must be add, replace or remove`);
    const path = operation.path;
    if (path !== undefined && path !== null && (typeof path !== 'string' || path.length > 512)) throw invalid('invalidPath', `Operations[${index}].path must be a string`);
    if (typeof path === 'string' && UNSAFE_PATH.test(path)) throw invalid('invalidPath', `Operations[${index}].path names no attribute`);
    if (op === 'remove') {
      if (typeof path !== 'string' || path === '') throw invalid('noTarget', `Operations[${index}]: remove needs a path`);
      // Okta and Entra ID remove members by a list of {value}: each is the member with that value,
      // whatever else (display, $ref) the stored member carries.
      if (path.toLowerCase() === 'members' && Array.isArray(operation.value)) return operation.value.map((member) => ({ op, path: `members[value eq ${JSON.stringify(memberValueOf(member, index))}]` }));
      return [{ op, path, ...(operation.value !== undefined && { value: operation.value }) }];
    }
    const value = operation.value;
    // A path-less add/replace (or one naming a complex attribute) with an object: one operation per
    // attribute, so sub-attributes it does not name are kept (RFC 7644 §3.5.2.3) and keys that are
    // paths themselves (Entra ID: "name.givenName", 'emails[type eq "work"].value') are paths.
    const prefix = typeof path === 'string' && path !== '' ? path : undefined;
    if (isPlainObject(value) && (prefix === undefined || COMPLEX.has(prefix) || prefix.startsWith('urn:'))) {
      return Object.entries(value).flatMap(([key, inner]) => expand(op, prefix ? joinPath(prefix, key) : key, inner));
    }
    if (prefix === undefined) throw invalid('invalidValue', `Operations[${index}]: without a path the value must be an object of attributes`);
    return [{ op, path: prefix, value }];
  });
}

function memberValueOf(member: unknown, index: number): string {
  const value = (member as { value?: unknown } | null)?.value;
  if (typeof value !== 'string' || value === '' || value.length > 128 || /["\\]/.test(value)) throw invalid('invalidValue', `Operations[${index}]: each member to remove needs its id as value`);
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function joinPath(prefix: string, key: string): string {
  return prefix.startsWith('urn:') ? `${prefix}:${key}` : `${prefix}.${key}`;
}

function expand(op: 'add' | 'replace', path: string, value: unknown): ScimPatchOperation[] {
  if (UNSAFE_PATH.test(path)) throw invalid('invalidPath', `${path.slice(0, 100)} names no attribute`);
  if (isPlainObject(value) && (COMPLEX.has(path) || path.startsWith('urn:'))) return Object.entries(value).flatMap(([key, inner]) => expand(op, joinPath(path, key), inner));
  return [{ op, path, value }];
}

/** The resource after the operations, as scim-patch applies them; its failures are the caller's. */
export function applyPatch(resource: object, operations: ScimPatchOperation[]): unknown {
  try {
    return scimPatch(resource as ScimResource, operations, { mutateDocument: false, treatMissingAsAdd: true });
  } catch (error) {
    const name = (error as Error).constructor?.name;
    const scimType: ScimType = name === 'NoTarget' || name === 'NoPathInScimPatchOp' ? 'noTarget' : name === 'InvalidScimPatchOp' ? 'invalidPath' : 'invalidValue';
    throw invalid(scimType, ((error as Error).message || 'the patch cannot be applied').slice(0, 300));
  }
}

// ---- Roles from groups --------------------------------------------------------------------------

/** Roles a group mapping may give: never owner (docs/scim.md "Groups, teams and roles"). */
const MAPPABLE: readonly Role[] = ['manager', 'member', 'guest'];

/**
 * The role a member's SCIM groups give, by the organization's {group name: role} mapping: the
 * highest mapped role among their groups (names compared case-insensitively, like team names),
 * or undefined when none of their groups is mapped.
 */
export function mappedRole(groupNames: readonly string[], groupRoles: Readonly<Record<string, string>>): Role | undefined {
  const byName = new Map(Object.entries(groupRoles).map(([name, role]) => [name.toLowerCase(), role]));
  const roles = groupNames.map((name) => byName.get(name.toLowerCase())).filter((role): role is Role => MAPPABLE.includes(role as Role));
  return roles.sort((a, b) => ROLES.indexOf(a) - ROLES.indexOf(b))[0];
}

/**
 * What a member's role becomes after a change of their groups: owners never change; a mapped
 * group's role wins; out of every mapped group, a role the mapping granted (and nobody changed
 * since) goes back to member, the role of a new SCIM member; a role set by hand stays.
 */
export function roleAfterGroups(current: Role, mapped: Role | undefined, granted: Role | null): Role {
  if (current === 'owner') return current;
  if (mapped) return mapped;
  return granted !== null && granted === current ? 'member' : current;
}
