import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok') });

/**
 * `GET /api/ready`: whether this process should get traffic: the database answers, it has every
 * migration this build carries, and the catalog is loaded. 200 when all hold, else 503 with the
 * checks (a load balancer's readiness probe; `/api/health` is the liveness probe).
 */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: z.boolean(), migrations: z.boolean(), catalog: z.boolean() }),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
