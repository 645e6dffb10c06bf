// One phase of a probe (DNS, TCP, proxy CONNECT, TLS, HTTP) with its own timeout and cancellation. A phase settles
// exactly once; whatever it opened is cleaned up by the `cleanup` it returns, on success, failure or timeout.
import { ABORTED, TIMEOUT, type Phase } from '../../service';

export class PhaseError extends Error {
  constructor(
    readonly phase: Phase,
    readonly code: string,
    message: string,
    /** Facts gathered before the failure, e.g. the certificate's issuer. */
    readonly extra: { tls?: { issuer?: string; subject?: string; validTo?: string; protocol?: string } } = {},
  ) {
    super(message);
  }
}

export function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : 'UNKNOWN';
}

/**
 * Runs `start(resolve, reject)` with a timer and the abort signal. `start` returns a cleanup, called when the phase
 * failed (timeout, abort or error) so sockets are destroyed; on success the caller owns what was resolved.
 * `timedOut`: what the phase's detail says when it runs out of time, where "no answer" would not tell; or the error it
 * fails with then, made from what arrived by that time.
 */
export function runPhase<T>(
  phase: Phase,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  start: (resolve: (value: T) => void, reject: (error: PhaseError) => void) => (() => void) | void,
  timedOut: string | (() => PhaseError) = `no answer within ${timeoutMs} ms`,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let cleanup: (() => void) | void;
    const finish = () => {
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const fail = (error: PhaseError) => {
      if (settled) return;
      finish();
      try {
        cleanup?.();
      } finally {
        reject(error);
      }
    };
    const onAbort = () => fail(new PhaseError(phase, ABORTED, 'cancelled'));
    const timer = setTimeout(
      () => fail(typeof timedOut === 'string' ? new PhaseError(phase, TIMEOUT, timedOut) : timedOut()),
      timeoutMs,
    );
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      cleanup = start((value) => {
        if (settled) return;
        finish();
        resolve(value);
      }, fail);
    } catch (error) {
      fail(new PhaseError(phase, errorCode(error), (error as Error).message));
    }
  });
}
