import { z } from 'zod';

/** The process environment the server reads, validated once. Keep `astro:env` out so tests can load it plainly. */
const schema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** Set when a TLS-terminating proxy sits in front: then X-Forwarded-Proto is believed (HSTS, secure cookies). */
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  /** Seconds a SIGTERM waits for open requests before the process exits anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().default(10),
  /** PostgreSQL (production, several processes). Unset: the embedded PGlite database in PGLITE_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  PGLITE_DIR: z.string().min(1).default('data/pglite'),
  /** Connections per process to PostgreSQL. */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** How many days ahead dated sailings exist (rolling; PRODUCT.md asks for at least 90). */
  SAILING_HORIZON_DAYS: z.coerce.number().int().min(90).max(400).default(120),
  /** Test-only: `1` with NODE_ENV=test holds seats without locking, so the concurrency tests can show the race. */
  TEST_SKIP_SEAT_LOCK: z.enum(['0', '1']).default('0'),
});

export type Config = z.infer<typeof schema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}
