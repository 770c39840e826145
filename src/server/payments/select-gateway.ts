import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { PaymentGateway } from './gateway.ts';
import { createSandboxGateway } from './sandbox.ts';
import { sandboxSecret } from './sandbox-safety.ts';
import { createXenditGateway } from './xendit.ts';

/** The gateway the configuration names (the sandbox unless PAYMENT_GATEWAY=xendit with its keys). */
export function paymentGateway(config: Config, database: () => Promise<Database>): PaymentGateway {
  if (config.PAYMENT_GATEWAY === 'xendit' && config.XENDIT_SECRET_KEY && config.XENDIT_CALLBACK_TOKEN)
    return createXenditGateway({
      secretKey: config.XENDIT_SECRET_KEY,
      callbackToken: config.XENDIT_CALLBACK_TOKEN,
      apiUrl: config.XENDIT_API_URL,
      siteUrl: config.SITE_URL,
    });
  return createSandboxGateway({ secret: sandboxSecret(config), database });
}
