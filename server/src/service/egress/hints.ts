// The remediation hint of a failed probe: what to allow or fix, naming the FQDN, the port and the flow (and a proxy by
// its host:port, as the overall diagnosis does); for a wildcard, what can make it concrete
// (shared/egress/wildcardHosts.ts, whose words the run's summary uses too). Where the probe ran decides the advice:
// from this machine, its own network (its firewall, the network's, a VPN, the proxy setting); from the cluster, the
// AKS network (Azure Firewall, NSG, route table, Azure DNS, the probe pod's HTTPS_PROXY).
import type { EgressOutcome, EgressProbeResult, EgressTargetInfo } from '../../../../shared/protocol';
import { flowLabel, type ProbeSite } from '../../../../shared/egress/flows';
import {
  curlThroughProxy,
  proxyClosedUnanswered,
  proxyConnectFailure,
  proxyHostPort,
  proxyNotForwarding,
  proxyServerError,
  proxyUnansweredSeconds,
  proxyUnreadableAnswer,
} from '../../../../shared/egress/proxyFailures';
import { fillHint } from '../../../../shared/egress/wildcardHosts';
import { isAddress } from './target';

/**
 * The settings a hint names, each with its CLI option (and the variable the probe also reads), as the needs-a-host
 * hint names anyscaleAzure.egress.targets (CLI --host): the same hint is read in the editor and the CLI's output.
 * The probe Job reads its proxy from its pod's HTTPS_PROXY, as the overall diagnosis says (shared/egress/diagnosis.ts).
 */
const PROXY_SETTING: Readonly<Record<ProbeSite, string>> = {
  local: 'anyscaleAzure.egress.proxy, CLI --proxy, HTTPS_PROXY',
  cluster: 'the HTTPS_PROXY the probe pod was given',
};
const CA_FILE_SETTING = 'anyscaleAzure.egress.caFile, CLI --ca-file';

/** Where a connection from the probe's site goes out: what to allow a target in. */
const WAY_OUT: Readonly<Record<ProbeSite, string>> = {
  local: "this machine's own firewall, the network's firewall and any proxy or VPN on the path",
  cluster: 'the Azure Firewall application rules, NSG and any proxy on the path',
};

function where(target: EgressTargetInfo, from: ProbeSite): string {
  return `${target.host}:${target.port} (${flowLabel(target.flow, from)})`;
}

/** `from`: where the probe ran, this machine or the cluster; its advice is about that network. */
export function hintFor(
  outcome: EgressOutcome,
  target: EgressTargetInfo,
  result: Pick<EgressProbeResult, 'tls' | 'via' | 'detail'>,
  from: ProbeSite,
): string | undefined {
  const at = where(target, from);
  const allow = `Allow outbound HTTPS to ${at} in ${WAY_OUT[from]}`;
  const local = from === 'local';
  const prober = local ? 'this machine' : 'the probe pod';
  const proxySetting = PROXY_SETTING[from];
  const proxyAt = result.via ? proxyHostPort(result.via) : undefined;
  const proxy = proxyAt ? `the proxy ${proxyAt}` : 'the proxy';
  const issuer = result.tls?.issuer ? ` (issuer "${result.tls.issuer}")` : '';
  switch (outcome) {
    case 'ok':
      return undefined;
    // Through a proxy only the proxy's own name is looked up here (and in the cluster probe): the proxy resolves the target's.
    case 'nxdomain':
      if (result.via)
        return `The name of ${proxy} itself does not resolve (the proxy, not ${prober}, looks up ${target.host}): check its address (${proxySetting}); written without http://, a proxy is read as a host name, as curl reads it.`;
      return `${target.host} does not resolve: check the DNS servers and private DNS zones used for ${at}; a private zone for a public name hides it.`;
    case 'dns-timeout':
    case 'dns-error':
      if (result.via)
        return `DNS did not answer for the name of ${proxy} itself (the proxy, not ${prober}, looks up ${target.host}): make sure the resolver is reachable, or give the proxy's address.`;
      return local
        ? `DNS did not answer for ${target.host}: make sure the DNS servers this machine uses (its network's, or a VPN's) are reachable for ${at}.`
        : `DNS did not answer for ${target.host}: make sure the resolver (custom DNS, Azure DNS 168.63.129.16) is reachable for ${at}.`;
    case 'refused':
      // A refusal is measured; who refused is not: a firewall that rejects, or nothing listening at that address and port.
      return `The connection to ${at} was refused: most likely a firewall on the path rejects it, or nothing listens on port ${target.port} at ${isAddress(target.host) ? target.host : `the address ${target.host} resolved to`}. ${allow}.`;
    case 'unreachable':
      return local
        ? `No route to ${at} from this machine: check its network connection and routes (a VPN the host is reached through, for one). ${allow}.`
        : `No route to ${at}: check the route table, NAT Gateway or firewall next hop. ${allow}.`;
    case 'tcp-timeout':
      return `No answer to the TCP connection to ${at}: most likely a firewall${local ? '' : ' or NSG'} drops it, or the host is down. ${allow}.`;
    case 'reset':
      return `The connection to ${at} was reset: most likely a firewall or proxy cuts it (often an FQDN or SNI filter). ${allow}.`;
    case 'tls-timeout':
      return `TCP connected but the TLS handshake got no answer: an SNI-filtering firewall may drop ${at}. ${allow}.`;
    case 'tls-untrusted':
      return `The certificate for ${target.host}${issuer} is not trusted: a TLS-inspecting firewall or proxy may sit on the path to ${at}, or the server's certificate is self-signed or from a private CA. If that issuer is your firewall's, exempt ${target.host} from TLS inspection or trust its CA (${CA_FILE_SETTING}; the operator and Ray pods must trust it too).`;
    case 'tls-hostname':
      return `The certificate presented for ${at}${issuer} does not name ${target.host}: most likely another server answers (${isAddress(target.host) ? `a captive portal, or a server at ${target.host} with a certificate for its names only). Connect by a name the certificate holds, or check any firewall DNAT rule for ${target.host}.` : `a captive portal, a wrong private endpoint or DNS record). Check DNS and any firewall DNAT rule for ${target.host}.`}`;
    case 'tls-expired':
      return `The certificate presented for ${at}${issuer} is expired or not yet valid: most likely a middlebox answers instead of ${target.host}, or ${local ? "this machine's clock" : 'the clock of the node the probe pod ran on'} is wrong. Check the clock; if that issuer is a TLS-inspecting middlebox's, exempt ${target.host} from TLS inspection.`;
    case 'tls-error':
      return `The TLS handshake with ${at} failed: a middlebox may interfere. ${allow}.`;
    case 'http-timeout':
      return `TLS worked but the HTTPS request to ${at} got no answer: a proxy or firewall may hold the request. ${allow}.`;
    case 'proxy-auth-required':
      return `${proxy} asks for credentials (407) for ${at}: put them in the proxy URL (http://user:password@proxy:port) or in HTTPS_PROXY.`;
    case 'proxy-refused': {
      // The connection to the proxy itself failed (`proxy: connect ECONNREFUSED …`): nothing was asked of it yet.
      const connectFailure = proxyConnectFailure({ outcome, detail: result.detail });
      if (connectFailure?.timedOut)
        return `Cannot connect to ${proxy} itself (${connectFailure.reason}): check that its address and port are right (${proxySetting}) and that a firewall${local ? '' : ', NSG'} or route on the way does not drop the packets to it.`;
      if (connectFailure)
        return `Cannot connect to ${proxy} itself (${connectFailure.reason}): check that it runs and that its address and port are right (${proxySetting}).`;
      const curl = curlThroughProxy(proxyAt ?? 'proxy:port', target.host, target.port);
      // The proxy was reached and held the CONNECT: why is not known (it may be waiting on the target itself), so no
      // allow-list is blamed, and the user gets a way to ask the proxy directly.
      const unanswered = proxyUnansweredSeconds({ outcome, detail: result.detail });
      if (unanswered)
        return `The CONNECT request for ${at} got no answer within ${unanswered} s from ${proxy}, which took the connection. Check whether the proxy can reach ${target.host}:${target.port} itself (its own egress may be blocked, or the target slow) and is not overloaded: see its logs for ${target.host}, or run this from a machine that uses the proxy: ${curl}`;
      // The proxy took the connection and ended it without a word: no refusal was read, and no target's connection was
      // cut (that is `reset`, after the tunnel opened), so neither an allow-list nor an FQDN filter is blamed.
      const closed = proxyClosedUnanswered({ outcome, detail: result.detail });
      if (closed)
        return `${proxy} took the connection for ${at} and ${closed.code ? `reset it (${closed.code})` : 'closed it'} before answering the CONNECT request, so whether it would let ${target.host} through is not known. A proxy that expects TLS first does this when addressed as http:// (an https:// proxy, which the probe does not use: it speaks plain HTTP CONNECT), and so do a service that is not an HTTP proxy and a proxy that drops clients it does not know (a source-address rule). Check the proxy's address, port and scheme (${proxySetting}) and its logs, then ask it directly from a machine that uses it: ${curl}`;
      // The proxy answered, but not with an HTTP response the probe could read: no refusal was read, so no allow-list
      // is blamed either.
      const unreadable = proxyUnreadableAnswer({ outcome, detail: result.detail });
      if (unreadable && 'notHttp' in unreadable)
        return `${proxy} answered the CONNECT request for ${at} with ${unreadable.notHttp}, not an HTTP response: something other than an HTTP proxy may listen there (another service, or a proxy that speaks TLS or SOCKS, which the probe does not use), so whether it would let ${target.host} through is not known. Check the proxy's address and port (${proxySetting}), then ask it directly from a machine that uses it: ${curl}`;
      if (unreadable)
        return `${proxy} answered the CONNECT request for ${at} with a response header over ${unreadable.tooLarge}, where the probe stops reading, so whether it lets ${target.host} through is not known. Check that it is the HTTP proxy meant (${proxySetting}) and what it sends (its logs), or see its whole answer from a machine that uses it: ${curl}`;
      // An answer that says what listens there is likely no plain HTTP forward proxy: no refusal was read, so no
      // allow-list is blamed; these are inferences from the answer, and the hint says "likely".
      const notForwarding = proxyNotForwarding({ outcome, detail: result.detail });
      const unknown = `so whether it would let ${target.host} through is not known`;
      const askIt = `then ask it directly from a machine that uses it: ${curl}`;
      if (notForwarding?.kind === 'expectsTls')
        return `${proxy} answered the CONNECT request for ${at} with ${notForwarding.status}, saying ${notForwarding.said}: what nginx, Apache and Go's HTTP servers answer when plain HTTP reaches a port that expects TLS. The port likely expects TLS, ${unknown}: the proxy is likely an https:// one (the probe speaks plain HTTP CONNECT and does not use https:// proxies; use the proxy's plain HTTP port if it has one), or the port is wrong (a web server's HTTPS port). Check the proxy's port and scheme (${proxySetting}), ${askIt}`;
      if (notForwarding?.kind === 'redirect')
        return `${proxy} answered the CONNECT request for ${at} with ${notForwarding.status}${notForwarding.location ? ` to ${notForwarding.location}` : ''}: a redirect opens no tunnel, and a forward proxy answers CONNECT by opening one or refusing it, not normally with a redirect. What answers there is likely not a forward proxy (a captive portal, a web server or a reverse proxy), ${unknown}. Check the proxy's address and port (${proxySetting}); a captive portal may want a sign-in at the address it redirects to first. Then ask it directly from a machine that uses it: ${curl}`;
      if (notForwarding)
        return `${proxy} answered the CONNECT request for ${at} with ${notForwarding.status}, which HTTP allows only in answer to a request that asked for an upgrade (RFC 9110, section 7.8), and CONNECT asks for none. What answers there is likely not an HTTP forward proxy, ${unknown}. Check the proxy's address and port (${proxySetting}), ${askIt}`;
      // A 5xx is the proxy failing to carry out the CONNECT (RFC 9110, section 15.6), not a refusal: no allow-list is
      // blamed, and what to check follows from what the status means.
      const serverError = proxyServerError({ outcome, detail: result.detail });
      if (serverError) {
        const logs = `see its logs for ${target.host}, or ask it directly from a machine that uses it: ${curl}`;
        const check =
          serverError.code === '503'
            ? `It may be overloaded or down for maintenance (try again later, and check its health); some proxies also answer 503 when they cannot resolve or connect to ${target.host}: ${logs}`
            : serverError.code === '502' || serverError.code === '504'
              ? `Check whether the proxy can reach ${target.host}:${target.port} itself (its DNS, its own firewall or upstream proxy, the target being up): ${logs}`
              : `Check the proxy's health: ${logs}`;
        return `${proxy} answered the CONNECT request for ${at} with ${serverError.status}: per RFC 9110, ${serverError.meaning}. That is no refusal, so its allow-list is not in question. ${check}`;
      }
      // The refusal is measured; that an allow-list made it is the likely cause, not a known one.
      return `${proxy} does not tunnel to ${at}: most likely its allow-list does not let ${target.host} through; add ${target.host}:${target.port} to the proxy's allow-list, or to NO_PROXY when it must go direct.`;
    }
    case 'needs-host':
      return `${target.host} is a wildcard and needs a concrete host name: ${fillHint(target)}; allow the wildcard for ${flowLabel(target.flow, from)}.`;
    case 'cancelled':
      return undefined;
    case 'error':
      return `Probing ${at} failed unexpectedly; see the detail.`;
  }
}
