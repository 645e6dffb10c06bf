// How a failed phase becomes an outcome: a table from (phase, error code) to the classification. Data, so the
// in-cluster probe script embeds the very same table (./cluster/probeScript.ts) and both sides agree.
import type { EgressOutcome } from '../../../../shared/protocol';

export type Phase = 'dns' | 'tcp' | 'proxy' | 'tls' | 'http';

/** Synthetic codes for what is not a Node error: a phase that ran out of time, or a probe that was cancelled. */
export const TIMEOUT = 'TIMEOUT';
export const ABORTED = 'ABORTED';

/** A probe's defaults, the same on this machine (node/egressProbe) and in the cluster (./cluster/job.ts). */
export const DEFAULT_TIMEOUT_MS = 5000;
/** Probes are mostly waiting on the network: a workspace's ~30 targets go in one round. */
export const DEFAULT_CONCURRENCY = 32;

interface PhaseTable {
  readonly codes: Readonly<Record<string, EgressOutcome>>;
  readonly other: EgressOutcome;
}

const RESET: Readonly<Record<string, EgressOutcome>> = {
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  ECONNABORTED: 'reset',
  ERR_SOCKET_CLOSED: 'reset',
};
const UNTRUSTED = [
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_REJECTED',
  'INVALID_CA',
];

export const OUTCOME_TABLE: Readonly<Record<Phase, PhaseTable>> = {
  dns: {
    codes: {
      ENOTFOUND: 'nxdomain',
      ENODATA: 'nxdomain',
      NXDOMAIN: 'nxdomain',
      EAI_AGAIN: 'dns-timeout',
      ETIMEOUT: 'dns-timeout',
      [TIMEOUT]: 'dns-timeout',
    },
    other: 'dns-error',
  },
  tcp: {
    codes: {
      ECONNREFUSED: 'refused',
      ETIMEDOUT: 'tcp-timeout',
      [TIMEOUT]: 'tcp-timeout',
      EHOSTUNREACH: 'unreachable',
      ENETUNREACH: 'unreachable',
      EADDRNOTAVAIL: 'unreachable',
      ...RESET,
    },
    other: 'error',
  },
  proxy: {
    codes: { HTTP_407: 'proxy-auth-required', ECONNREFUSED: 'proxy-refused', [TIMEOUT]: 'proxy-refused', ...RESET },
    other: 'proxy-refused',
  },
  tls: {
    codes: {
      [TIMEOUT]: 'tls-timeout',
      CERT_HAS_EXPIRED: 'tls-expired',
      CERT_NOT_YET_VALID: 'tls-expired',
      ERR_TLS_CERT_ALTNAME_INVALID: 'tls-hostname',
      ...Object.fromEntries(UNTRUSTED.map((code) => [code, 'tls-untrusted'])),
      ...RESET,
    },
    other: 'tls-error',
  },
  http: { codes: { [TIMEOUT]: 'http-timeout', ...RESET }, other: 'error' },
};

export function classify(phase: Phase, code: string): EgressOutcome {
  if (code === ABORTED) return 'cancelled';
  const table = OUTCOME_TABLE[phase];
  return table.codes[code] ?? table.other;
}
