import { lintSource } from '@secretlint/core';
import { creator as recommendedRules } from '@secretlint/secretlint-rule-preset-recommend';
import { find as findLinks, registerTokenPlugin } from 'linkifyjs';

// Redaction of agent session content before it is stored (docs/agent-sessions.md "Content"):
// secrets by secretlint's recommended rule set (the maintained detectors of AWS, GCP, GitHub,
// Slack, OpenAI, Anthropic, npm and other keys and tokens, private keys, basic auth and database
// URLs with passwords), e-mail addresses by linkifyjs's scanner. Each finding is replaced by
// `[REDACTED:<what>]`; nothing else of the text changes.

/**
 * Top-level names that are no IANA top-level domain but name hosts all the same: reserved for
 * tests, documentation and local networks (RFC 2606, RFC 6761, RFC 6762, RFC 8375, ICANN's
 * `.internal`) or used as such by habit (`.lan`, `.corp`, `.home`). linkifyjs's scanner knows
 * only the IANA list, so an address on one of these would be kept as sent. `home.arpa` needs
 * nothing here: `arpa` is an IANA top-level domain.
 */
const PRIVATE_TOP_LEVEL_NAMES = ['test', 'example', 'invalid', 'localhost', 'local', 'internal', 'lan', 'corp', 'home', 'localdomain'] as const;

// The scanner's own extension point (a token plugin, run when linkifyjs builds its state machine,
// on the first scan): each name becomes a top-level domain token, through the state machine's own
// transitions, which keep the longer names that begin with it (`.land` after `.lan`). 'localhost'
// is a token of its own already (an address `a@localhost`): it joins the top-level domains, so
// that it may end a longer name too (`a@build.localhost`).
registerTokenPlugin('private-top-level-names', ({ scanner }) => {
  const { groups, TLD, LOCALHOST } = scanner.tokens;
  for (const name of PRIVATE_TOP_LEVEL_NAMES) scanner.start.ts(name, name === 'localhost' ? LOCALHOST : TLD, { tld: true, ascii: true }, groups);
});

/** Text longer than this is cut before redaction; the part kept is redacted whole. */
const SCANNED_CHARS = 32_768;
/** What is kept of a redacted text, at most. */
const KEPT_CONTENT_CHARS = 16_384;

const RULES = {
  rules: [
    {
      id: '@secretlint/secretlint-rule-preset-recommend',
      rule: recommendedRules,
      // AWS access key ids are off by default in the preset (they are not secret alone); next to
      // their secret they are half of a credential, so they go too.
      rules: [{ id: '@secretlint/secretlint-rule-aws', options: { enableIDScanRule: true } }],
    },
  ],
};

type Range = [start: number, end: number];

/** Every place of `needle` in `text`. */
function occurrences(text: string, needle: string): Range[] {
  const found: Range[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) found.push([at, at + needle.length]);
  return found;
}

/**
 * The ranges of what the secret rules found. A rule names the secret it found in its message's
 * data too: every occurrence of such a value is redacted as well, since some rules report the
 * range of the whole `key = value` match from its start, not of the value.
 */
async function secretRanges(text: string): Promise<{ range: Range; what: string }[]> {
  const result = await lintSource({ source: { filePath: 'content.txt', content: text, ext: '.txt', contentType: 'text' }, options: { config: RULES } });
  const found: { range: Range; what: string }[] = [];
  for (const message of result.messages) {
    if (message.type !== 'message') continue;
    found.push({ range: [message.range[0], message.range[1]], what: message.messageId });
    for (const value of Object.values(message.data ?? {})) {
      if (typeof value === 'string' && value.length >= 8 && !/\s/.test(value)) for (const range of occurrences(text, value)) found.push({ range, what: message.messageId });
    }
  }
  return found;
}

/** Redacts secrets and e-mail addresses; a text too long is cut first, and what is kept is at most KEPT_CONTENT_CHARS. */
export async function redactContent(raw: string): Promise<string> {
  const text = raw.length > SCANNED_CHARS ? raw.slice(0, SCANNED_CHARS) : raw;
  const found = [...(await secretRanges(text)), ...findLinks(text, 'email').map((link) => ({ range: [link.start, link.end] as Range, what: 'email' }))];
  // Overlapping findings merge into one marker, named after the first.
  found.sort((a, b) => a.range[0] - b.range[0] || b.range[1] - a.range[1]);
  let redacted = '';
  let at = 0;
  for (const { range, what } of found) {
    const [start, end] = range;
    if (end <= at) continue;
    if (start >= at) redacted += `${text.slice(at, start)}[REDACTED:${what}]`;
    at = end;
  }
  redacted += text.slice(at);
  return redacted.length > KEPT_CONTENT_CHARS ? redacted.slice(0, KEPT_CONTENT_CHARS) : redacted;
}
