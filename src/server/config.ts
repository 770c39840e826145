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
