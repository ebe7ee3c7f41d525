import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (so its answer takes the same time whatever the
 * work finds). It is still this process's work: shutdown waits for it, and tests can too.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `work` without waiting for it; a failure is logged as `what` failed. */
  run(what: string, work: () => Promise<unknown>): void {
    // Started once the current answer has gone out, not in the same turn of the event loop.
    const running: Promise<void> = new Promise((resolve) => setImmediate(resolve))
      .then(work)
      .then(() => undefined)
      .catch((error: unknown) => this.log.error({ err: error }, `${what} failed`))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves once everything started so far has ended. */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
