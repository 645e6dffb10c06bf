// HTTP proxies for probes: which proxy applies to a target (HTTPS_PROXY / NO_PROXY, or an explicit URL such as
// VS Code's http.proxy). The CONNECT tunnel through it is the probe engine's (node/egressProbe/tunnel.ts).

export interface ProxyConfig {
  readonly url: URL;
  /** NO_PROXY entries: `*`, `host`, `.suffix`, `host:port`, IP addresses. */
  readonly noProxy: readonly string[];
}

function splitList(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[,\s]+/)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Why a proxy URL cannot be used, or undefined: probes tunnel with plain HTTP CONNECT, so only http:// proxies.
 * Self-contained (no imports, no helpers): the in-cluster probe script embeds its source.
 */
export function proxyProtocolProblem(url: URL): string | undefined {
  return url.protocol === 'http:'
    ? undefined
    : 'only http:// proxies are supported (got ' + url.protocol + '//' + url.host + ')';
}

/** A proxy URL as written, without the user name and password it may carry: for messages. */
function withoutCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/@]*@/i, '$1');
}

/**
 * A proxy URL as given; `host:port` without a scheme means http://. Throws on anything but an http proxy, saying
 * what was given (without credentials).
 */
export function proxyConfig(url: string, noProxy: readonly string[] = []): ProxyConfig {
  let parsed: URL;
  try {
    parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`);
  } catch {
    throw new Error(`not a proxy URL: "${withoutCredentials(url)}" (expected http://host:port)`);
  }
  const problem = proxyProtocolProblem(parsed);
  if (problem) throw new Error(problem);
  return { url: parsed, noProxy: noProxy.map((entry) => entry.toLowerCase()) };
}

/** The proxy from HTTPS_PROXY/https_proxy with NO_PROXY/no_proxy, as curl and most tools read them. */
export function proxyFromEnvironment(env: NodeJS.ProcessEnv): ProxyConfig | undefined {
  const url = env.HTTPS_PROXY || env.https_proxy;
  return url ? proxyConfig(url, splitList(env.NO_PROXY ?? env.no_proxy)) : undefined;
}

/** True when NO_PROXY says `host:port` goes direct. */
export function bypassesProxy(noProxy: readonly string[], host: string, port: number): boolean {
  const h = host.toLowerCase();
  return noProxy.some((raw) => {
    if (raw === '*') return true;
    const [entry, entryPort] =
      raw.includes(':') && !raw.includes('::')
        ? [raw.slice(0, raw.lastIndexOf(':')), raw.slice(raw.lastIndexOf(':') + 1)]
        : [raw, undefined];
    if (entryPort !== undefined && Number(entryPort) !== port) return false;
    const suffix = entry.replace(/^\*?\./, '');
    return h === suffix || h.endsWith(`.${suffix}`);
  });
}

/** The proxy URL without credentials, for reports. */
export function proxyDisplay(config: ProxyConfig): string {
  return `${config.url.protocol}//${config.url.host}`;
}

export function proxyPort(config: ProxyConfig): number {
  return Number(config.url.port || 80);
}
