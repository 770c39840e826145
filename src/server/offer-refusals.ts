import type { CheckInRefusal } from '../domain/after-sales.ts';
import type {
  CancellationChoiceRefusal,
  ClaimChoiceRefusal,
  RescheduleChoiceRefusal,
} from '../domain/offers.ts';
import { refuse, type RefusalCode } from './validation-errors.ts';

/**
 * Each after-sales offer's reasons (domain/offers.ts) as message keys, in one place: the use cases refuse with them
 * (their statuses are `refusalStatuses`'), and the task pages show the same words beside a ticket the offer refuses.
 */
export const cancellationRefusalCodes: Record<CancellationChoiceRefusal, RefusalCode> = {
  change_closed: 'cancel_error_closed',
  claim_closed: 'cancel_error_claim_closed',
  checked_in: 'cancel_error_checked_in',
  not_active: 'cancel_error_not_active',
  unknown_ticket: 'cancel_error_ticket',
  minors_alone: 'cancel_error_minors',
};

export const rescheduleRefusalCodes: Record<RescheduleChoiceRefusal, RefusalCode> = {
  change_closed: 'reschedule_error_closed',
  claim_closed: 'reschedule_error_cancelled_closed',
  checked_in: 'reschedule_error_checked_in',
  already_rescheduled: 'reschedule_error_already',
  not_active: 'reschedule_error_not_active',
  unknown_ticket: 'reschedule_error_ticket',
  one_leg: 'reschedule_error_one_leg',
  minors_alone: 'reschedule_error_minors',
  same_sailing: 'reschedule_error_same_sailing',
  other_route: 'reschedule_error_sailing',
  not_scheduled: 'reschedule_error_sailing',
  too_soon: 'reschedule_error_too_soon',
  after_return: 'reschedule_error_after_return',
  before_outbound: 'reschedule_error_before_outbound',
};

export const checkInRefusalCodes: Record<CheckInRefusal, RefusalCode> = {
  not_open_yet: 'checkin_error_not_open',
  closed: 'checkin_error_closed',
  not_active: 'checkin_error_not_active',
  sailing_cancelled: 'checkin_error_sailing_cancelled',
};

export const claimRefusalCodes: Record<ClaimChoiceRefusal, RefusalCode> = {
  expired: 'claim_error_expired',
  claim_closed_online: 'claim_error_closed_online',
  not_active: 'claim_error_not_active',
  other_operator: 'claim_error_operator',
  not_scheduled: 'claim_error_operator',
};

/** A reschedule's reasons that concern the sailing asked for: its form shows them at the sailing, not the tickets. */
const aboutTheSailing = new Set<RescheduleChoiceRefusal>([
  'same_sailing',
  'other_route',
  'not_scheduled',
  'too_soon',
  'after_return',
  'before_outbound',
]);

/** The refusals the use cases throw for an offer's reason, each at the field the traveller can change. */
export const refuseCancellation = (reason: CancellationChoiceRefusal) =>
  refuse('tickets', cancellationRefusalCodes[reason]);
export const refuseReschedule = (reason: RescheduleChoiceRefusal) =>
  refuse(aboutTheSailing.has(reason) ? 'sailing' : 'tickets', rescheduleRefusalCodes[reason]);
export const refuseCheckIn = (reason: CheckInRefusal) => refuse('tickets', checkInRefusalCodes[reason]);
/** Nothing left waiting for a sailing is the booking's state; the rest are about the sailing asked for. */
export const refuseClaim = (reason: ClaimChoiceRefusal) =>
  refuse(reason === 'not_active' ? 'booking' : 'sailing', claimRefusalCodes[reason]);
