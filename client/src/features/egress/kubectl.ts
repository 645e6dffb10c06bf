// kubectl for the cluster probe, spawned with argv (never a shell): list and pick contexts, apply the probe Job
// from stdin, wait for it to finish, read its log, delete it. No vscode import, so tests run it with node alone.
import { spawn } from 'node:child_process';
import type { EgressClusterJob } from '../../../../shared/protocol';

export interface KubectlResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export type Kubectl = (args: readonly string[], input?: string) => Promise<KubectlResult>;

/**
 * Runs `command` (kubectl, found on PATH) with argv; never rejects: a missing binary is code null with the error, and
 * one still running after `timeoutMs` (an API server it cannot reach) is stopped, code null with a message saying so.
 */
export function kubectlOnPath(command = 'kubectl', env: NodeJS.ProcessEnv = process.env, timeoutMs = 60000): Kubectl {
  return (args, input) =>
    new Promise((resolve) => {
      let stdout = '';
      let stderr = '';
      let timedOut = false;
      const child = spawn(command, [...args], { env, shell: false, stdio: ['pipe', 'pipe', 'pipe'] });
      // Our own timer, not spawn's `timeout` option: Node leaves that one running when the spawn itself fails (ENOENT).
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGTERM');
      }, timeoutMs);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.on('error', (error) => {
        clearTimeout(timer);
        resolve({ code: null, stdout, stderr: stderr || error.message });
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (timedOut) stderr = `${stderr.trim()}${stderr.trim() ? '; ' : ''}${stoppedAfter(command, timeoutMs)}`;
        resolve({ code: timedOut ? null : code, stdout, stderr });
      });
      child.stdin.on('error', () => undefined);
      child.stdin.end(input ?? '');
    });
}

/** Why a command was stopped; for kubectl, what usually keeps it waiting (az, also run here, waits on Azure). */
function stoppedAfter(command: string, timeoutMs: number): string {
  const stopped = `${command} did not finish within ${Math.round(timeoutMs / 100) / 10} s and was stopped`;
  return command === 'kubectl'
    ? `${stopped}: can this machine reach the cluster's API server (VPN, authorized IP ranges, a private cluster)?`
    : stopped;
}

export interface KubeContexts {
  current?: string;
  all: string[];
  error?: string;
  /** kubectl itself could not be started: not installed, or not on PATH. */
  notFound?: boolean;
}

export async function kubeContexts(kubectl: Kubectl): Promise<KubeContexts> {
  const [current, all] = await Promise.all([
    kubectl(['config', 'current-context']),
    kubectl(['config', 'get-contexts', '-o', 'name']),
  ]);
  if (all.code !== 0)
    return {
      all: [],
      error: all.stderr.trim() || 'kubectl is not available',
      notFound: all.code === null && /ENOENT/.test(all.stderr),
    };
  return {
    current: current.code === 0 ? current.stdout.trim() || undefined : undefined,
    all: all.stdout
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

const GET_CREDENTIALS = 'az aks get-credentials --resource-group <rg> --name <cluster>';

/**
 * Why `command` has no kube context to run in, and how to get one (install kubectl; fetch the AKS cluster's
 * credentials); undefined when kubectl lists at least one context.
 */
export function noContextMessage(command: string, contexts: KubeContexts): string | undefined {
  if (contexts.notFound) {
    return (
      `Anyscale: ${command} runs kubectl, which is not installed or not on PATH (${contexts.error}). Install it ` +
      `(az aks install-cli), then get your AKS cluster's credentials: ${GET_CREDENTIALS}.`
    );
  }
  if (contexts.error) return `Anyscale: ${command} could not list kubectl's contexts (${contexts.error}).`;
  if (contexts.all.length > 0) return undefined;
  return `Anyscale: ${command} runs in a kube context, and kubectl has none. Get your AKS cluster's credentials: ${GET_CREDENTIALS}, then run it again.`;
}

export interface ProbeJobRun {
  log: string;
  durationMs: number;
  /** kubectl failures along the way, in words (the Job is deleted regardless). */
  problems: string[];
}

export interface RunOptions {
  /** How long to wait for the Job to finish. */
  waitMs: number;
  pollMs?: number;
  signal?: AbortSignal;
  onStep?: (step: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Applies the Job, waits for it to succeed or fail, reads its log and always deletes it. */
export async function runProbeJob(
  kubectl: Kubectl,
  job: EgressClusterJob,
  context: string,
  options: RunOptions,
): Promise<ProbeJobRun> {
  const scope = ['--context', context, '--namespace', job.namespace];
  const problems: string[] = [];
  const started = Date.now();
  options.onStep?.(`Applying Job ${job.name}`);
  const applied = await kubectl([...scope, 'apply', '-f', '-'], job.manifest);
  if (applied.code !== 0)
    return { log: '', durationMs: Date.now() - started, problems: [`kubectl apply failed: ${applied.stderr.trim()}`] };
  try {
    options.onStep?.('Waiting for the probe Job');
    for (;;) {
      const status = await kubectl([
        ...scope,
        'get',
        'job',
        job.name,
        '-o',
        'jsonpath={.status.succeeded}/{.status.failed}',
      ]);
      const [succeeded, failed] = status.stdout
        .trim()
        .split('/')
        .map((n) => Number(n || 0));
      if (status.code === 0 && (succeeded > 0 || failed > 0)) break;
      if (options.signal?.aborted) {
        problems.push('cancelled');
        break;
      }
      if (Date.now() - started > options.waitMs) {
        problems.push(`the Job did not finish within ${Math.round(options.waitMs / 1000)} s`);
        break;
      }
      await sleep(options.pollMs ?? 2000);
    }
    options.onStep?.('Reading the probe log');
    const logs = await kubectl([...scope, 'logs', `job/${job.name}`]);
    if (logs.code !== 0) problems.push(`kubectl logs failed: ${logs.stderr.trim()}`);
    return { log: logs.stdout, durationMs: Date.now() - started, problems };
  } finally {
    options.onStep?.(`Deleting Job ${job.name}`);
    const deleted = await kubectl([
      ...scope,
      'delete',
      'job',
      job.name,
      '--ignore-not-found',
      '--wait=false',
      '--cascade=background',
    ]);
    if (deleted.code !== 0) {
      problems.push(
        `kubectl delete failed (${deleted.stderr.trim()}): Job ${job.name} may still be in namespace ${job.namespace} of context ${context}; ` +
          `delete it with "kubectl --context ${context} --namespace ${job.namespace} delete job ${job.name}"`,
      );
    }
  }
}
