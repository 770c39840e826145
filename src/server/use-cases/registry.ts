import { addPassenger } from './add-passenger.ts';
import { cancelBookingTickets } from './cancel-tickets.ts';
import { changePassenger } from './change-passenger.ts';
import { changePassword } from './change-password.ts';
import { checkIn } from './check-in.ts';
import { claimOpenTicket } from './claim-open-ticket.ts';
import { confirmBookingAccess } from './confirm-booking-access.ts';
import { deleteAccount } from './delete-account.ts';
import { deletePassenger } from './delete-passenger.ts';
import { findBooking } from './find-booking.ts';
import { forgotPassword } from './forgot-password.ts';
import { hold } from './hold-seats.ts';
import { keepSeats } from './keep-seats.ts';
import { logIn } from './log-in.ts';
import { logOut } from './log-out.ts';
import { pay } from './pay.ts';
import { proveAddress } from './prove-address.ts';
import { register } from './register.ts';
import { removeAvatar } from './remove-avatar.ts';
import { reschedule } from './reschedule.ts';
import { resetPassword } from './reset-password.ts';
import { saveDetails } from './save-details.ts';
import { sendAccessCode } from './send-access-code.ts';
import { sendAddressProof } from './send-address-proof.ts';
import { setAvatar } from './set-avatar.ts';
import { announcementPublish } from './announcement-publish.ts';
import { announcementCreate, announcementSave } from './announcement-save.ts';
import { announcementWithdraw } from './announcement-withdraw.ts';
import { staffAdd } from './staff-add.ts';
import { staffDisable } from './staff-disable.ts';
import { staffCodeStep } from './staff-second-factor.ts';
import { staffSetUp } from './staff-set-up.ts';
import { staffPasswordStep } from './staff-sign-in.ts';
import { staffSignOut } from './staff-sign-out.ts';
import { staffResendMail } from './staff-resend-mail.ts';
import { gateBoard } from './gate-board.ts';
import { gateEnrol } from './gate-enrol.ts';
import { staffGateDeviceAdd } from './staff-gate-device-add.ts';
import { staffGateDeviceRevoke } from './staff-gate-device-revoke.ts';
import { staffCorrectPassenger } from './staff-correct-passenger.ts';
import { staffCorrectContact } from './staff-correct-contact.ts';
import { staffCancelTickets } from './staff-cancel-tickets.ts';
import { staffExtendDeadline } from './staff-extend-deadline.ts';
import { staffCancelSailing } from './staff-cancel-sailing.ts';
import { staffDelaySailing } from './staff-delay-sailing.ts';
import { staffSailingCapacity } from './staff-sailing-capacity.ts';
import { staffTravelDocument } from './staff-travel-document.ts';
import { staffDataRequestAnswer, staffDataRequestRecord } from './staff-data-request.ts';
import { staffRefundFailed } from './staff-refund-failed.ts';
import { staffRefundPaid } from './staff-refund-paid.ts';
import { staffRefundAccount } from './staff-refund-account.ts';
import { updateProfile } from './update-profile.ts';
import type { AnyUseCase } from './use-case.ts';
import { verifyEmail } from './verify-email.ts';

/**
 * Every use case a traveller or the agency's staff reach through a door (an API route, a page's form), declared once in its own file
 * (use-case.ts). The API mounts a route for each (http/use-case-routes.ts) and the fuzz suite reads their contracts
 * from here (http/contracts.ts). A new use case is added to this list; a test fails if it has no route or no form.
 * Not here: the steps other use cases call (carry details, release a hold), the jobs' work, and the calls that are
 * not a use case of ours (a gateway's callback, Google's code exchange).
 */
export const useCases: readonly AnyUseCase[] = [
  // Booking
  hold,
  keepSeats,
  saveDetails,
  pay,
  findBooking,
  sendAccessCode,
  confirmBookingAccess,
  // After sales
  checkIn,
  reschedule,
  cancelBookingTickets,
  claimOpenTicket,
  // Account
  logIn,
  logOut,
  register,
  verifyEmail,
  proveAddress,
  forgotPassword,
  resetPassword,
  updateProfile,
  changePassword,
  deleteAccount,
  sendAddressProof,
  setAvatar,
  removeAvatar,
  addPassenger,
  changePassenger,
  deletePassenger,
  // The agency's staff (the console): their own sign-in, with a second factor
  staffSetUp,
  staffPasswordStep,
  staffCodeStep,
  staffSignOut,
  staffAdd,
  staffDisable,
  // Announcements to travellers (admins)
  announcementCreate,
  announcementSave,
  announcementPublish,
  announcementWithdraw,
  // Bookings and refunds (the console: agents resend, admins pay refunds)
  staffResendMail,
  staffGateDeviceAdd,
  staffGateDeviceRevoke,
  gateEnrol,
  gateBoard,
  staffCorrectPassenger,
  staffCorrectContact,
  staffCancelTickets,
  staffExtendDeadline,
  staffTravelDocument,
  staffSailingCapacity,
  staffCancelSailing,
  staffDelaySailing,
  staffRefundPaid,
  staffRefundFailed,
  staffRefundAccount,
  // Personal-data requests (UU PDP)
  staffDataRequestRecord,
  staffDataRequestAnswer,
];
