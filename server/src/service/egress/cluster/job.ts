// The short-lived probe Job for "Verify Egress from Cluster": one pod, no retries, no service-account token,
// non-root with a read-only root file system, deleted by the client after its log is read (and by the TTL
// controller otherwise). The manifest is JSON text, which `kubectl apply -f -` reads and the user reviews first.
import type { EgressClusterJob, EgressTargetInfo } from '../../../../../shared/protocol';
import { probeScript, PROBE_ENV } from './probeScript';
import { DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS } from '../outcomes';

export const JOB_LABEL = 'anyscale-azure-egress-probe';

export interface ProbeJobOptions {
  readonly targets: readonly EgressTargetInfo[];
  readonly namespace: string;
  readonly image: string;
  /** Makes the Job name unique, e.g. Date.now().toString(36). */
  readonly suffix: string;
  readonly timeoutMs?: number;
  readonly concurrency?: number;
  readonly resolve?: Readonly<Record<string, string>>;
  readonly ca?: string;
  /** Also send an HTTPS HEAD / to each target, like the local engine's httpHead. */
  readonly httpHead?: boolean;
}

export function probeJob(options: ProbeJobOptions): EgressClusterJob {
  const probed = options.targets.filter((t) => !t.needsHost);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const name = `${JOB_LABEL}-${options.suffix.toLowerCase().replace(/[^a-z0-9-]/g, '')}`
    .slice(0, 63)
    .replace(/-+$/, '');
  const env = [
    { name: PROBE_ENV.targets, value: JSON.stringify(probed.map((t) => ({ host: t.host, port: t.port }))) },
    { name: PROBE_ENV.timeoutMs, value: String(timeoutMs) },
    { name: PROBE_ENV.concurrency, value: String(concurrency) },
    ...(options.resolve && Object.keys(options.resolve).length > 0
      ? [{ name: PROBE_ENV.resolve, value: JSON.stringify(options.resolve) }]
      : []),
    ...(options.ca ? [{ name: PROBE_ENV.ca, value: options.ca }] : []),
    ...(options.httpHead ? [{ name: PROBE_ENV.httpHead, value: '1' }] : []),
  ];
  const labels = { 'app.kubernetes.io/name': JOB_LABEL, 'app.kubernetes.io/managed-by': 'anyscale-azure-tools' };
  // Each target takes at most three timed phases (four with HEAD); the deadline leaves room for the image pull.
  const phases = options.httpHead ? 4 : 3;
  const deadlineSeconds = Math.ceil((Math.ceil(probed.length / concurrency) * phases * timeoutMs) / 1000) + 120;
  const manifest = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, namespace: options.namespace, labels },
    spec: {
      backoffLimit: 0,
      ttlSecondsAfterFinished: 600,
      activeDeadlineSeconds: deadlineSeconds,
      template: {
        metadata: { labels },
        spec: {
          restartPolicy: 'Never',
          automountServiceAccountToken: false,
          securityContext: {
            runAsNonRoot: true,
            runAsUser: 65534,
            runAsGroup: 65534,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          containers: [
            {
              name: 'probe',
              image: options.image,
              command: ['node', '-e', probeScript()],
              env,
              resources: { requests: { cpu: '50m', memory: '64Mi' }, limits: { cpu: '500m', memory: '128Mi' } },
              securityContext: {
                allowPrivilegeEscalation: false,
                readOnlyRootFilesystem: true,
                capabilities: { drop: ['ALL'] },
              },
            },
          ],
        },
      },
    },
  };
  return {
    name,
    namespace: options.namespace,
    manifest: JSON.stringify(manifest, null, 2),
    targets: [...options.targets],
  };
}
