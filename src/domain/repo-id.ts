// A repository's id: its URL normalized to `host/owner/name` (decisions.md §5), so the https,
// ssh:// and scp-like (git@host:owner/name) forms of one repository share one id.

const SCHEMES = new Set(['http:', 'https:', 'ssh:', 'git:', 'git+ssh:', 'ssh+git:']);
const SCP_LIKE = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/\/)(.+)$/;

function fromParts(host: string, path: string): string | undefined {
  const segments = path.replace(/\.git\/*$/i, '').split('/').filter((segment) => segment !== '');
  if (!host || segments.length < 2) return undefined;
  return `${host}/${segments.join('/')}`.toLowerCase();
}

/** The id of a repository URL, or undefined when it names no repository (host plus owner/name). */
export function repoIdOf(repoUrl: string): string | undefined {
  const value = repoUrl.trim();
  if (/\s/.test(value)) return undefined;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  if (!hasScheme) {
    const scp = SCP_LIKE.exec(value);
    if (scp) return fromParts(scp[1]!, scp[2]!);
  }
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `https://${value}`);
  } catch {
    return undefined;
  }
  if (!SCHEMES.has(url.protocol)) return undefined;
  return fromParts(url.hostname, url.pathname.replace(/\.git\/*$/i, '').replace(/\/+$/, ''));
}
