// What a whole egress run says, before its rows: the counts ("3 passed, 2 failed, 1 needs a host"), an overall
// diagnosis when one pattern explains every failure (the proxy cannot be reached, answers no CONNECT, closes the
// connection before answering, fails every CONNECT with a 5xx, likely is no forward proxy (a TLS port, a redirect, a
// 101), answers with something that is not HTTP, wants credentials or refuses every target, nothing resolves, no
// certificate is trusted (most likely a TLS-inspecting middlebox), no TCP connection succeeds (most likely nothing
// leaves on 443)), so the user fixes one cause instead of reading N hints, the proxy the probes were sent to (and
// whether they got through it), and what was not
// probed (wildcards that need a concrete host name, and how to give one). Also the docs/egress.md section that explains
// each outcome. Pure, in shared/: the client's results view and the CLI's text output both use it.
import type { EgressOutcome, EgressProbeResult, EgressReport } from '../protocol';
import type { ProbeSite } from './flows';
import { firewallFqdn, withoutCoveredFqdns } from './firewallFqdn';
import {
  curlThroughProxy,
  proxyClosedUnanswered,
  proxyConnectFailure,
  proxyHostPort,
  proxyNotForwarding,
  proxyRefusal,
  proxyServerError,
  proxyUnansweredSeconds,
  proxyUnreadableAnswer,
} from './proxyFailures';
import { ADD_A_HOST, ADD_A_HOST_TO_FILE, CLOUD_IDS, CLOUD_WILDCARD, takesCloudIds } from './wildcardHosts';

export interface EgressCounts {
  passed: number;
  /** Required targets that did not pass: what makes the CLI exit 1. */
  failed: number;
  /** Optional targets that did not pass: reported, never counted as failed (docs/egress.md, "Exit codes"). */
  optionalFailed: number;
  /** Wildcards without a concrete host: listed, never probed. */
  needsHost: number;
}

export function countResults(results: readonly EgressProbeResult[]): EgressCounts {
  const passed = results.filter((r) => r.ok).length;
  const needsHost = results.filter((r) => r.outcome === 'needs-host').length;
  const optionalFailed = results.filter((r) => !r.ok && r.outcome !== 'needs-host' && !r.target.required).length;
  return { passed, failed: results.length - passed - needsHost - optionalFailed, optionalFailed, needsHost };
}

/** ", 2 optional failed" when optional targets did not pass, else "": what the counts lines add after "N failed". */
export function optionalFailedPart(counts: EgressCounts): string {
  return counts.optionalFailed ? `, ${counts.optionalFailed} optional failed` : '';
}

/** "3 passed, 2 failed, 1 optional failed, 1 needs a host" (the last two parts only when there are some). */
export function countsLine(counts: EgressCounts): string {
  const needsHost = counts.needsHost ? `, ${counts.needsHost} ${counts.needsHost === 1 ? 'needs' : 'need'} a host` : '';
  return `${counts.passed} passed, ${counts.failed} failed${optionalFailedPart(counts)}${needsHost}`;
}

export interface EgressDiagnosis {
  /** The cause, in a few words: "the proxy 127.0.0.1:1 cannot be reached (ECONNREFUSED 127.0.0.1:1)". */
  headline: string;
  /** What to do about it. */
  action: string;
}

const DNS: ReadonlySet<EgressOutcome> = new Set(['nxdomain', 'dns-timeout', 'dns-error']);
const TCP: ReadonlySet<EgressOutcome> = new Set(['refused', 'unreachable', 'tcp-timeout']);
/** What was measured for each TCP outcome, in the diagnosis's words. */
const TCP_FAILURE_WORDS: readonly (readonly [EgressOutcome, string])[] = [
  ['refused', 'was refused'],
  ['tcp-timeout', 'timed out'],
  ['unreachable', 'had no route'],
];
/** Where the probes ran, as the diagnosis names it. */
const WHERE: Readonly<Record<ProbeSite, string>> = { local: 'this machine', cluster: 'the cluster' };
/** The one answer all of `values` share, or undefined when they differ. */
function same(values: readonly (string | undefined)[]): string | undefined {
  return values.every((value) => value === values[0]) ? values[0] : undefined;
}

/**
 * What a proxy that refused every target must let through, as its allow-list writes them: each refused host, or the
 * documented wildcard it stands for (`cld-…` → `*.azure.anyscale-cloud.dev`: the proxy must let every host under it
 * through), as Azure Firewall writes it; `:port` off 443; once, and none that a wildcard of the list covers.
 */
function entriesToAllow(refused: readonly EgressProbeResult[]): string {
  const entries = refused.map(({ target }) => {
    const entry = firewallFqdn(target.pattern?.includes('*') ? target.pattern : target.host);
    return target.port === 443 ? entry : `${entry}:${target.port}`;
  });
  return withoutCoveredFqdns([...new Set(entries)]).join(', ');
}

/**
 * Every probe went through the same proxy and stopped at it: the proxy's own name did not resolve (through a proxy
 * only its name is looked up where the probes run), the connection to it timed out or failed, or it asked for
 * credentials (407) each time; then no target was tried, so no firewall rule for a target is at fault. Or the proxy
 * took every connection and answered no CONNECT request, closed each before answering, failed each with a 5xx (the
 * proxy itself is the likely problem), answered each as no forward proxy would (proxyNotForwarding), or with something
 * that is not HTTP: why is not known from here, so the diagnosis says what to check. Or it refused every target (a 4xx
 * answer): its allow-list, and the hosts to put there. The proxy is named by its host:port, never with its
 * credentials.
 */
function stoppedAtProxy(probed: readonly EgressProbeResult[], from: ProbeSite): EgressDiagnosis | undefined {
  const via = same(probed.map((r) => r.via));
  if (!via) return undefined;
  const proxy = proxyHostPort(via);
  const where = WHERE[from];
  // The probe Job reads the proxy from its pod's HTTPS_PROXY; this machine's probes from the settings.
  const setting =
    from === 'cluster'
      ? 'the HTTPS_PROXY the probe pod was given'
      : 'anyscaleAzure.egress.proxy, else http.proxy or HTTPS_PROXY; CLI --proxy';
  if (probed.every((r) => DNS.has(r.outcome))) {
    return {
      headline: `the proxy ${proxy} cannot be reached: its name does not resolve`,
      action: `no target was tried (the proxy, not ${where}, looks up their names): check the proxy's address (${setting}); written without http://, a proxy is read as a host name`,
    };
  }
  const failures = probed.map(proxyConnectFailure);
  if (failures.every((failure) => failure?.timedOut)) {
    // Nothing answered the connection: the address is wrong, or a firewall, NSG or route drops the packets to it.
    const why = same(failures.map((failure) => failure?.reason));
    return {
      headline: `the proxy ${proxy} cannot be reached: ${why ?? 'the connection to it timed out'}`,
      action: `no target was tried: check that the proxy's address, ${proxy}, is right (${setting}) and that ${where} can reach it; a firewall, NSG or route that drops the packets to it makes the connection time out`,
    };
  }
  if (failures.every((failure) => failure !== undefined)) {
    const why = same(failures.map((failure) => failure?.reason));
    return {
      headline: `the proxy ${proxy} cannot be reached${why ? ` (${why})` : ''}`,
      action: `no target was tried: check that the proxy runs and that its address and port are right (${setting})`,
    };
  }
  const first = probed[0].target;
  const runner = from === 'cluster' ? 'a pod in the cluster' : 'this machine';
  const ask = `to ask it directly, run this from ${runner}: ${curlThroughProxy(proxy, first.host, first.port)}`;
  const unanswered = probed.map(proxyUnansweredSeconds);
  if (unanswered.every((seconds) => seconds !== undefined)) {
    const within = same(unanswered);
    return {
      headline: `the proxy ${proxy} took every connection but answered no CONNECT request${within ? ` within ${within} s` : ''}`,
      action: `each request waited at the proxy, so whether the targets are allowed is not known yet: check that ${proxy} is the HTTP proxy meant (${setting}), that it can reach the targets itself (its logs; its own egress may be blocked, or the targets slow) and that it is not overloaded; ${ask}`,
    };
  }
  if (probed.every((r) => proxyClosedUnanswered(r) !== undefined)) {
    return {
      headline: `the proxy ${proxy} closed every connection before answering CONNECT`,
      action: `no CONNECT request got an answer, so whether the targets are allowed is not known: check that ${proxy} is the HTTP proxy meant (${setting}); a proxy that expects TLS first (an https:// proxy written as http://, which the probe does not use), another service on that port, or a proxy that drops clients it does not know closes the connection this way; ${ask}`,
    };
  }
  // A 5xx is the proxy failing on its side (RFC 9110, section 15.6): for every target, the proxy itself.
  const serverErrors = probed.map(proxyServerError);
  if (serverErrors.every((error) => error !== undefined)) {
    const status = same(serverErrors.map((error) => error?.status));
    return {
      headline: `the proxy ${proxy} failed every CONNECT request with a server error${status ? ` (HTTP ${status})` : ''}`,
      action: `that is no refusal: the proxy itself is the likely problem, not the targets' allow-list. Check its health and whether it can reach the targets itself (its logs; its DNS, its own egress or upstream proxy); ${ask}`,
    };
  }
  // Every answer says what listens there is likely no plain HTTP forward proxy (proxyNotForwarding): inferred.
  const notForwarding = probed.map(proxyNotForwarding);
  const kind = same(notForwarding.map((answer) => answer?.kind));
  if (kind) {
    const unknown = 'so whether the targets are allowed is not known';
    if (kind === 'expectsTls')
      return {
        headline: `the proxy ${proxy} likely expects TLS: it answered every CONNECT request as a TLS port answers plain HTTP`,
        action: `${unknown}: the proxy is likely an https:// one, which the probe does not use (use its plain HTTP port if it has one), or the port is wrong; check its port and scheme (${setting}); ${ask}`,
      };
    const location = same(notForwarding.map((answer) => (answer?.kind === 'redirect' ? answer.location : undefined)));
    return {
      headline:
        kind === 'redirect'
          ? `the proxy ${proxy} redirected every CONNECT request${location ? ` to ${location}` : ''}: likely not a forward proxy`
          : `the proxy ${proxy} answered every CONNECT request with 101 Switching Protocols: likely not an HTTP forward proxy`,
      action: `${kind === 'redirect' ? 'a captive portal, a web server or a reverse proxy likely answers there, ' : ''}${unknown}: check the proxy's address and port (${setting}); ${ask}`,
    };
  }
  if (probed.every((r) => r.outcome === 'proxy-auth-required')) {
    return {
      headline: `the proxy ${proxy} asks for credentials (HTTP 407) for every target`,
      action: `no target was tried: put the proxy's user name and password in its URL, http://user:password@host:port (${setting})`,
    };
  }
  const notHttp = probed.map((r) => {
    const answer = proxyUnreadableAnswer(r);
    return answer && 'notHttp' in answer ? answer.notHttp : undefined;
  });
  if (notHttp.every((answer) => answer !== undefined)) {
    return {
      headline: `the proxy ${proxy} does not answer as an HTTP proxy`,
      action: `each CONNECT request was answered with something that is not an HTTP response (the first: ${notHttp[0]}), so whether the targets are allowed is not known: check that ${proxy} is the HTTP proxy meant (${setting}); another service may listen on that port, or a proxy that speaks TLS or SOCKS, which the probe does not use; ${ask}`,
    };
  }
  const refusals = probed.map(proxyRefusal);
  if (refusals.every((status) => status !== undefined)) {
    const status = same(refusals);
    return {
      headline: `the proxy ${proxy} refuses every target${status ? ` (HTTP ${status})` : ''}`,
      action: `the proxy runs and answered each CONNECT request with a refusal, so its allow-list lets none of these hosts through: add them to it, ${entriesToAllow(probed)}, or to NO_PROXY for one that must go direct; Show Egress Allow-List (CLI --allow-list fqdns) lists every host to allow, the wildcards not probed included`,
    };
  }
  return undefined;
}

/**
 * One cause for every probed target, or none: a target that passed, failed otherwise or was cancelled escapes the
 * pattern, so there is none. At least two targets probed (one failure is its own row's hint).
 * `from`: where the probes ran, this machine or the cluster.
 */
export function diagnose(results: readonly EgressProbeResult[], from: ProbeSite): EgressDiagnosis | undefined {
  const probed = results.filter((r) => r.outcome !== 'needs-host');
  if (probed.length < 2) return undefined;
  const where = WHERE[from];
  const proxy = stoppedAtProxy(probed, from);
  if (proxy) return proxy;
  if (probed.every((r) => DNS.has(r.outcome))) {
    // A resolver that answered "no such name" for every target works, as far as it goes: it is filtering, offline, or
    // knows only private zones. Only when none answered (or the answers mix) is there "no working DNS".
    const headline = probed.every((r) => r.outcome === 'nxdomain')
      ? `nothing resolves: the DNS servers ${where} uses answer that no target name exists`
      : probed.every((r) => r.outcome === 'dns-timeout')
        ? `nothing resolves: the DNS servers ${where} uses do not answer`
        : `nothing resolves: ${where} has no working DNS`;
    // Azure DNS (168.63.129.16) answers inside Azure only: named for the cluster, not for this machine.
    const servers =
      from === 'cluster'
        ? 'the DNS servers its virtual network uses (custom DNS servers, Azure DNS 168.63.129.16, private DNS zones, where they forward public names)'
        : "the DNS servers this machine uses (its network's, or a VPN's; private or split-horizon zones, where they forward public names)";
    return { headline, action: `no target name resolved: check ${servers} before opening any firewall rule` };
  }
  if (probed.every((r) => r.outcome === 'tls-untrusted')) {
    const issuers = [...new Set(probed.map((r) => r.tls?.issuer).filter((issuer): issuer is string => !!issuer))];
    const issuer = issuers.length === 1 ? ` (every certificate is issued by "${issuers[0]}")` : '';
    return {
      // Measured: no certificate was trusted. Inferred: who presented them (also a server of one's own, self-signed).
      headline:
        'no certificate presented is trusted: most likely a TLS-inspecting proxy or firewall intercepts every handshake',
      action: `add its CA with anyscaleAzure.egress.caFile (CLI --ca-file)${issuer}, or exempt the Anyscale hosts from TLS inspection; the operator and Ray pods must trust that CA too`,
    };
  }
  if (probed.every((r) => TCP.has(r.outcome))) {
    // Measured: no TCP connection succeeded, each refused, timed out or unrouted. Inferred: that the network blocks
    // them (a refusal can also be nothing listening there), so the headline and the action say "most likely".
    const ports = [...new Set(probed.map((r) => r.target.port))].sort((a, b) => a - b);
    const onPorts = ports.length === 1 ? `on ${ports[0]}` : `on ports ${ports.join(', ')}`;
    const how = TCP_FAILURE_WORDS.filter(([outcome]) => probed.some((r) => r.outcome === outcome)).map(([, w]) => w);
    const failed = how.length === 1 ? how[0] : `${how.slice(0, -1).join(', ')} or ${how[how.length - 1]}`;
    // What to open is in the network the probes ran in: this machine's, or the cluster's (as the rows' hints say).
    const action =
      from === 'cluster'
        ? 'most likely at a firewall, NSG or route table that blocks outbound traffic (a refusal can also be nothing listening there): allow outbound HTTPS in the NSG, route table (NAT Gateway, firewall next hop) and firewall, or give the probe pod the proxy the network requires (its HTTPS_PROXY)'
        : "most likely at a firewall that blocks outbound traffic (a refusal can also be nothing listening there): allow outbound HTTPS in this machine's own firewall, the network's firewall and any VPN on the path, or set the proxy the network requires (anyscaleAzure.egress.proxy, CLI --proxy)";
    return {
      headline: `no TCP connection ${onPorts} succeeded: most likely nothing leaves this network ${onPorts}`,
      action: `every TCP connection ${failed}, ${action}`,
    };
  }
  return undefined;
}

export interface ProxyUsed {
  /** The proxy's host:port, never its credentials (two proxies' when a log names two, comma-separated). */
  proxy: string;
  /**
   * Which targets went through it: "every probed target went through it", "no target went through it: it could not be
   * reached", or how many went through it, how many could not reach it and how many went direct.
   */
  scope: string;
  /** How many probes sent to it never reached it (its name did not resolve, connecting to it failed): 0 when all did. */
  unreached: number;
}

/**
 * Whether a probe sent to a proxy got through to it: not when the proxy's own name did not resolve (through a proxy
 * only its name is looked up where the probe runs), the connection to it failed or timed out, or its URL could not be
 * used (the in-cluster probe's `proxy: only http:// proxies …`). Such a probe never went through the proxy.
 */
function reachedProxy(result: EgressProbeResult): boolean {
  if (DNS.has(result.outcome) || proxyConnectFailure(result)) return false;
  return !(result.outcome === 'error' && result.detail?.startsWith('proxy: '));
}

/**
 * The proxy the run's probes were sent to, so that a pass says where it was seen from: the proxy, not this machine
 * (the cluster), reached the targets; and a proxy that could not be reached is not said to have carried any. Undefined
 * when none was sent to a proxy. Wildcards without a host and targets never probed (cancelled) are not counted.
 */
export function proxyUsed(results: readonly EgressProbeResult[]): ProxyUsed | undefined {
  const probed = results.filter((r) => r.outcome !== 'needs-host' && r.outcome !== 'cancelled');
  const proxies = [...new Set(probed.flatMap((r) => (r.via ? [proxyHostPort(r.via)] : [])))];
  if (proxies.length === 0) return undefined;
  const sent = probed.filter((r) => r.via);
  const through = sent.filter(reachedProxy).length;
  const unreached = sent.length - through;
  const direct = probed.length - sent.length;
  const it = proxies.length === 1 ? 'it' : 'them';
  if (through === probed.length)
    return { proxy: proxies.join(', '), scope: `every probed target went through ${it}`, unreached };
  if (unreached === probed.length)
    return {
      proxy: proxies.join(', '),
      scope: `no target went through ${it}: ${proxies.length === 1 ? 'it could' : 'they could'} not be reached`,
      unreached,
    };
  const parts = [
    `${through} of ${probed.length} probed targets went through ${it}`,
    ...(unreached ? [`${unreached} could not reach ${it}`] : []),
    ...(direct ? [`${direct} direct (NO_PROXY)`] : []),
  ];
  return { proxy: proxies.join(', '), scope: parts.join(', '), unreached };
}

/**
 * What the run did not probe: how many wildcards need a concrete host name, and how to give one, in their rows' words
 * (cloud IDs too when the cloud wildcard is one of them; each row says what else fills it). Undefined when none.
 */
export function notProbed(results: readonly EgressProbeResult[]): EgressDiagnosis | undefined {
  const wildcards = results.filter((r) => r.outcome === 'needs-host');
  if (wildcards.length === 0) return undefined;
  const count = wildcards.length === 1 ? '1 wildcard needs' : `${wildcards.length} wildcards need`;
  const headline = `${count} a concrete host name`;
  // A run over a targets file probes only that file: its wildcards get their hosts there.
  if (wildcards.every((r) => r.target.origin === 'file'))
    return { headline, action: `${ADD_A_HOST_TO_FILE}; each row says what fills it` };
  const cloud = wildcards.some((r) => takesCloudIds(r.target));
  return {
    headline,
    action: `${ADD_A_HOST}${cloud ? `, or ${CLOUD_IDS} for ${CLOUD_WILDCARD}` : ''}; each row says what fills it`,
  };
}

/** The docs/egress.md section (heading slug) that explains an outcome and what to do about it. */
export function outcomeDocSection(outcome: EgressOutcome): string {
  switch (outcome) {
    case 'nxdomain':
    case 'dns-timeout':
    case 'dns-error':
      return 'dns-failures';
    case 'refused':
    case 'unreachable':
    case 'tcp-timeout':
    case 'reset':
      return 'connection-failures';
    case 'tls-timeout':
    case 'tls-untrusted':
    case 'tls-hostname':
    case 'tls-expired':
    case 'tls-error':
      return 'tls-failures';
    case 'http-timeout':
    case 'proxy-auth-required':
    case 'proxy-refused':
      return 'http-and-proxy-failures';
    case 'needs-host':
      return 'wildcards-without-a-host';
    case 'ok':
    case 'cancelled':
    case 'error':
      return 'what-is-checked';
  }
}

/** The overall diagnosis of a report: from this machine, or from the cluster its probe Job ran in. */
export function reportDiagnosis(report: EgressReport): EgressDiagnosis | undefined {
  return diagnose(report.results, report.origin);
}

/**
 * The report as tools read it (the CLI's `--format json`, the editor's JSON export): the report itself, with its
 * overall diagnosis as `diagnosis` when one cause explains every failure.
 */
export function egressReportJson(report: EgressReport): string {
  const diagnosis = reportDiagnosis(report);
  return `${JSON.stringify(diagnosis ? { ...report, diagnosis } : report, null, 2)}\n`;
}
