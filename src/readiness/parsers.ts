import { parseDocument } from 'htmlparser2';
import { findAll, textContent } from 'domutils';
import { parse as parseIni } from 'ini';
import JSON5 from 'json5';
import { parse as parseTomlText } from 'smol-toml';
import { parse as parseYaml } from 'yaml';

// The standard formats a checkout's manifests and configuration files are written in, each read
// by its maintained parser: JSON (and JSON5 for tsconfig and renovate), YAML, INI, TOML, XML
// (Maven).

export type Json = Record<string, unknown>;

function asObject(value: unknown): Json | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}

export function parseJson(text: string | null): Json | null {
  if (text === null) return null;
  try {
    return asObject(JSON.parse(text));
  } catch {
    return null;
  }
}

export function parseJson5(text: string | null): Json | null {
  if (text === null) return null;
  try {
    return asObject(JSON5.parse(text));
  } catch {
    return null;
  }
}

export function parseYamlObject(text: string | null): Json | null {
  if (text === null) return null;
  try {
    return asObject(parseYaml(text, { maxAliasCount: 100 }));
  } catch {
    return null;
  }
}

export function parseIniSections(text: string | null): Json | null {
  return text === null ? null : asObject(parseIni(text));
}

/** The text of each `<modules><module>` of a Maven POM. */
export function mavenModules(text: string | null): string[] {
  if (text === null) return [];
  const document = parseDocument(text, { xmlMode: true });
  return findAll((element) => element.name === 'module' && element.parent !== null && 'name' in element.parent && element.parent.name === 'modules', document.children)
    .map((element) => textContent(element).trim())
    .filter(Boolean);
}

/** A POM's own `<description>` (or `<name>`), not a parent's or a plugin's. */
export function mavenDescription(text: string | null): string | undefined {
  if (text === null) return undefined;
  const document = parseDocument(text, { xmlMode: true });
  const project = findAll((element) => element.name === 'project', document.children)[0];
  if (!project) return undefined;
  for (const name of ['description', 'name']) {
    const element = project.children.find((child) => 'name' in child && child.name === name);
    if (element) return textContent(element).trim() || undefined;
  }
  return undefined;
}

export function parseToml(text: string | null): Json | null {
  if (text === null) return null;
  try {
    return asObject(parseTomlText(text));
  } catch {
    return null;
  }
}
