import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { busy } from '../errors';

const KEY_LENGTH = 64;
const R = 8;
const P = 1;

/**
 * Bounds the scrypt derivations running at once: each takes 128 MiB and a thread of libuv's
 * pool (4) for a few hundred milliseconds at the default cost, so a burst of sign-ins would
 * otherwise grow memory with the burst and hold the pool other work needs. A few wait their
 * turn; past that the caller is told to come back (503 with Retry-After) at once.
 */
export class HashingGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private concurrency: number,
    private maxWaiting: number,
  ) {}

  configure({ concurrency, maxWaiting }: { concurrency: number; maxWaiting: number }) {
    this.concurrency = concurrency;
    this.maxWaiting = maxWaiting;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running++;
    } else {
      if (this.waiting.length >= this.maxWaiting) {
        throw busy(Math.max(1, Math.ceil(this.waiting.length / this.concurrency)));
      }
      // A finishing derivation hands its slot straight to the next in line.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** The process's one gate; `buildApp` sets its limits from the configuration. */
export const passwordHashing = new HashingGate(2, 8);

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return passwordHashing.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

const maxmem = (N: number, r: number) => 256 * N * r;

/**
 * Hashes with scrypt (OWASP: N=2^17, r=8, p=1 by default). The parameters travel in the hash,
 * `scrypt$N$r$p$salt$key`, so the cost can be raised later without breaking stored hashes.
 */
export async function hashPassword(password: string, costLog2: number): Promise<string> {
  const N = 2 ** costLog2;
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P, maxmem: maxmem(N, R) });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const N = Number(n);
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: maxmem(N, Number(r)),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of a random password at the configured cost: verified against when the email is
 * unknown so that sign-in takes the same time either way.
 */
export function makeDummyHash(costLog2: number): Promise<string> {
  return hashPassword(randomBytes(24).toString('base64'), costLog2);
}
