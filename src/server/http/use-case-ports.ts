import { endLinks, hasOpenLink, issueLink, linkIdOf, useLink } from '../auth/account-links.ts';
import { grantAccess, grantsProve } from '../auth/booking-access.ts';
import { isCommonPassword } from '../auth/common-passwords.ts';
import { hashPassword, passwordMatches } from '../auth/passwords.ts';
import { endAccountSessions, endFamily } from '../auth/sessions.ts';
import { staffSecurity } from '../auth/staff-security.ts';
import { refundDueOn } from '../calendar/indonesian-holidays.ts';
import { avatarWebp } from '../images/avatar-image.ts';
import type { UseCasePorts } from '../use-cases/ports.ts';

/** The adapters every use case's context carries (use-cases/ports.ts says why they are passed in). */
export const useCasePorts: UseCasePorts = {
  auth: {
    hashPassword,
    passwordMatches,
    isCommonPassword,
    issueLink,
    linkIdOf,
    useLink,
    endLinks,
    endAccountSessions,
    endFamily,
    hasOpenLink,
    grantAccess,
    grantsProve,
  },
  staff: staffSecurity,
  images: { avatarWebp },
  calendar: { refundDueOn },
};
