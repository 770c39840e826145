import type { Database } from '../db/client.ts';
import { oauthClients } from '../db/schema/accounts.ts';
import { tokenHash } from './tokens.ts';

/** The web app's own client: it asks for client tokens (and, for its users, user tokens) on the server. */
export const WEB_CLIENT_ID = 'segara-web';
export const WEB_CLIENT_GRANTS = ['client_credentials', 'password', 'refresh_token'];

/** Registers a client, or gives an existing one this secret and these grants (safe to run at every setup). */
export async function upsertOAuthClient(
  db: Database,
  client: { id: string; name: string; secret: string; grants: string[] },
): Promise<void> {
  const values = { name: client.name, secretHash: tokenHash(client.secret), grants: client.grants };
  await db
    .insert(oauthClients)
    .values({ id: client.id, ...values })
    .onConflictDoUpdate({ target: oauthClients.id, set: values });
}
