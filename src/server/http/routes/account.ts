import { Hono, type Context } from 'hono';
import { translate } from '../../../i18n/translate.ts';
import { clearSession } from '../../auth/browser-session.ts';
import { honoJar } from '../../auth/cookie-jars.ts';
import { endSession } from '../../auth/sessions.ts';
import { avatarOf, profileOf } from '../../services/profile.ts';
import { changePassword } from '../../use-cases/change-password.ts';
import { deleteAccount } from '../../use-cases/delete-account.ts';
import { removeAvatar } from '../../use-cases/remove-avatar.ts';
import { sendAddressProof } from '../../use-cases/send-address-proof.ts';
import { setAvatar } from '../../use-cases/set-avatar.ts';
import { updateProfile } from '../../use-cases/update-profile.ts';
import { refuse } from '../../validation-errors.ts';
import type { AppDeps } from '../app.ts';
import { accountContext, accountHolder } from '../credentials.ts';
import { readPictureForm, bodyTooLarge } from '../body-limit.ts';
import { jsonBody, noStore } from '../json-body.ts';
import { pictureResponse } from '../picture-response.ts';
import { requestLocale } from '../request-locale.ts';

/**
 * The account holder's calls (seed section 7), with their bearer token or, in a browser, their session cookie:
 * POST /api/logout: end this login's session (its access and refresh tokens); 204. A browser's cookies go too.
 * GET /api/profile: the profile, under `data` (the site caches that field).
 * PUT /api/profile: save the profile form; answers the profile.
 * PUT /api/profile/change-password: current password and the new one twice; other sessions end.
 * DELETE /api/profile: delete the account (its password and `confirm`); 204, and a browser's cookies go.
 * POST /api/profile/avatar: a picture as the multipart field `image` (2 MB at most); answers the profile.
 * GET /api/profile/avatar: the holder's picture (a WebP made by the server); DELETE removes it.
 * POST /api/profile/address-proof: e-mail the link that proves the account's address again; 202.
 */
export function accountRoutes(deps: AppDeps) {
  const holderContext = (c: Context) => accountContext(c, deps);
  const profile = async (c: Context, userId: string) => {
    const data = await profileOf(await deps.database(), userId);
    if (!data) throw refuse('session', 'session_expired');
    return c.json({ data });
  };

  return new Hono()
    .use('/logout', noStore)
    .use('/profile', noStore)
    .use('/profile/*', noStore)
    .post('/logout', async (c) => {
      const holder = await accountHolder(c, deps);
      await endSession(await deps.database(), holder.accessToken, deps.clock());
      if (holder.viaCookie) clearSession(honoJar(c), deps);
      return c.body(null, 204);
    })
    .get('/profile', async (c) => profile(c, (await accountHolder(c, deps)).userId))
    .put('/profile', async (c) => {
      const { holder, ctx } = await holderContext(c);
      const input = await jsonBody(c, updateProfile.input);
      if (!input.data) return input.refused;
      await updateProfile.run(ctx, input.data);
      return profile(c, holder.userId);
    })
    .put('/profile/change-password', async (c) => {
      const { holder, ctx } = await holderContext(c);
      const input = await jsonBody(c, changePassword.input);
      if (!input.data) return input.refused;
      await changePassword.run(ctx, { ...input.data, keepFamily: holder.family });
      deps.mailQueued?.();
      return c.json({ message: translate('account_password_changed', requestLocale(c.req.raw)) });
    })
    .post('/profile/avatar', async (c) => {
      const { holder, ctx } = await holderContext(c);
      const posted = await readPictureForm(c.req.raw);
      if (posted === 'tooLarge') return bodyTooLarge(c.req.raw, true);
      const input = setAvatar.input.safeParse({ image: posted.image });
      if (!input.success) throw refuse('image', 'avatar_error_missing');
      await setAvatar.run(ctx, input.data);
      return profile(c, holder.userId);
    })
    .get('/profile/avatar', async (c) => {
      const holder = await accountHolder(c, deps);
      const picture = await avatarOf(await deps.database(), holder.userId);
      if (!picture) throw refuse('image', 'avatar_not_found');
      return pictureResponse(c.req.raw, picture);
    })
    .delete('/profile/avatar', async (c) => {
      const { holder, ctx } = await holderContext(c);
      await removeAvatar.run(ctx);
      return profile(c, holder.userId);
    })
    .post('/profile/address-proof', async (c) => {
      const { ctx } = await holderContext(c);
      const { email } = await sendAddressProof.run(ctx);
      deps.mailQueued?.();
      return c.json(
        { message: translate('account_address_link_sent', requestLocale(c.req.raw), { email }) },
        202,
      );
    })
    .delete('/profile', async (c) => {
      const { holder, ctx } = await holderContext(c);
      const input = await jsonBody(c, deleteAccount.input);
      if (!input.data) return input.refused;
      await deleteAccount.run(ctx, input.data);
      if (holder.viaCookie) clearSession(honoJar(c), deps);
      return c.body(null, 204);
    });
}
