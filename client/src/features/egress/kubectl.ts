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

/** Runs `command` (kubectl, found on PATH) with argv; never rejects: a missing binary is code null with the error. */
export function kubectlOnPath(command = 'kubectl', env: NodeJS.ProcessEnv = process.env, timeoutMs = 60000): Kubectl {
  return (args, input) =>
    new Promise((resolve) => {
      let stdout = '';
      let stderr = '';
      const child = spawn(command, [...args], { env, shell: false, stdio: ['pipe', 'pipe', 'pipe'] });
      // Our own timer, not spawn's `timeout` option: Node leaves that one running when the spawn itself fails (ENOENT).
      const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.on('error', (error) => {
        clearTimeout(timer);
        resolve({ code: null, stdout, stderr: stderr || error.message });
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
      child.stdin.on('error', () => undefined);
      child.stdin.end(input ?? '');
    });
}

export async function kubeContexts(kubectl: Kubectl): Promise<{ current?: string; all: string[]; error?: string }> {
  const [current, all] = await Promise.all([kubectl(['config', 'current-context']), kubectl(['config', 'get-contexts', '-o', 'name'])]);
  if (all.code !== 0) return { all: [], error: all.stderr.trim() || 'kubectl is not available' };
  return { current: current.code === 0 ? current.stdout.trim() || undefined : undefined, all: all.stdout.split('\n').map((s) => s.trim()).filter(Boolean) };
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
export async function runProbeJob(kubectl: Kubectl, job: EgressClusterJob, context: string, options: RunOptions): Promise<ProbeJobRun> {
  const scope = ['--context', context, '--namespace', job.namespace];
  const problems: string[] = [];
  const started = Date.now();
  options.onStep?.(`Applying Job ${job.name}`);
  const applied = await kubectl([...scope, 'apply', '-f', '-'], job.manifest);
  if (applied.code !== 0) return { log: '', durationMs: Date.now() - started, problems: [`kubectl apply failed: ${applied.stderr.trim()}`] };
  try {
    options.onStep?.('Waiting for the probe Job');
    for (;;) {
      const status = await kubectl([...scope, 'get', 'job', job.name, '-o', 'jsonpath={.status.succeeded}/{.status.failed}']);
      const [succeeded, failed] = status.stdout.trim().split('/').map((n) => Number(n || 0));
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
    const deleted = await kubectl([...scope, 'delete', 'job', job.name, '--ignore-not-found', '--wait=false', '--cascade=background']);
    if (deleted.code !== 0) {
      problems.push(`kubectl delete failed (${deleted.stderr.trim()}): Job ${job.name} may still be in namespace ${job.namespace} of context ${context}; ` +
        `delete it with "kubectl --context ${context} --namespace ${job.namespace} delete job ${job.name}"`);
    }
  }
}
