import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobLeases } from '../db/schema';

/** This process, as a lease holder. */
const THIS_PROCESS = `${hostname()}:${process.pid}`;

/**
 * Takes the lease of job `name` for `leaseMs` when nobody holds it (or theirs ran out): true
 * when this turn is ours. One statement, so two processes asking at once cannot both win.
 */
export async function takeTurn(
  db: Db,
  name: string,
  leaseMs: number,
  holder = THIS_PROCESS,
): Promise<boolean> {
  const until = sql`now() + make_interval(secs => ${leaseMs / 1000})`;
  const taken = await db
    .insert(jobLeases)
    .values({ name, holder, lockedUntil: until })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, lockedUntil: until },
      setWhere: sql`${jobLeases.lockedUntil} <= now()`,
    })
    .returning({ name: jobLeases.name });
  return taken.length > 0;
}

export interface PeriodicJob {
  /** No new turn; resolves once a turn under way has ended and the lease is let go. */
  stop(): Promise<void>;
}

/**
 * Runs `work` every `intervalMs` in one of the API processes sharing the database: at each
 * tick, the process that takes the job's lease (held for most of an interval) does the turn and
 * the others skip it; when that process is gone, its lease runs out and another takes over.
 */
export function startPeriodicJob(
  db: Db,
  name: string,
  intervalMs: number,
  work: () => Promise<void>,
  log: FastifyBaseLogger,
): PeriodicJob {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(async () => {
      try {
        if (await takeTurn(db, name, intervalMs * 0.9)) await work();
      } catch (error) {
        log.error({ err: error }, `${name} failed`);
      }
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      // Shutting down: the next turn goes to another process at once, not when the lease ends.
      await db
        .update(jobLeases)
        .set({ lockedUntil: sql`now()` })
        .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, THIS_PROCESS)))
        .catch((error: unknown) => log.warn({ err: error }, `${name}: lease not released`));
    },
  };
}
