-- Seat windows: booking_legs.counts_until says until when a leg's seats count as taken, derived from its
-- booking's status and expiry. Triggers keep it in step with every write to bookings, so counting the seats of a
-- sailing is one index range (sailing_id, counts_until > now) instead of a join over every booking it ever had.
CREATE FUNCTION booking_seat_window(status text, expires_at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN status = 'paid' THEN 'infinity'::timestamptz
    WHEN status IN ('held', 'awaiting_payment') THEN coalesce(expires_at, '-infinity'::timestamptz)
    ELSE '-infinity'::timestamptz
  END
$$;
--> statement-breakpoint
CREATE FUNCTION booking_legs_take_window() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT booking_seat_window(b.status, b.expires_at) INTO NEW.counts_until FROM bookings b WHERE b.id = NEW.booking_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER booking_legs_window BEFORE INSERT ON booking_legs
FOR EACH ROW EXECUTE FUNCTION booking_legs_take_window();
--> statement-breakpoint
CREATE FUNCTION bookings_move_leg_windows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status OR NEW.expires_at IS DISTINCT FROM OLD.expires_at THEN
    UPDATE booking_legs SET counts_until = booking_seat_window(NEW.status, NEW.expires_at)
    WHERE booking_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_leg_windows AFTER UPDATE OF status, expires_at ON bookings
FOR EACH ROW EXECUTE FUNCTION bookings_move_leg_windows();
--> statement-breakpoint
UPDATE booking_legs bl SET counts_until = booking_seat_window(b.status, b.expires_at)
FROM bookings b WHERE b.id = bl.booking_id;
