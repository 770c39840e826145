-- The seat ledger: seat_windows(sailing, counts_until rounded up to the second) = seats, kept exact by triggers on
-- booking_legs, whose counts_until the triggers of 0006 keep in step with bookings. Counting a sailing's seats at
-- `now` is then sum(seats) over its windows still open: a handful of rows, not one per hold it ever had.
-- Closed windows (-infinity, after expiry) are not stored; a late payment moves seats from there to infinity.
CREATE FUNCTION seat_window_key(t timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN isfinite(t) THEN to_timestamp(ceil(extract(epoch FROM t))) ELSE t END
$$;
--> statement-breakpoint
CREATE FUNCTION seat_window_add(p_sailing uuid, p_until timestamptz, p_seats int) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_sailing IS NULL OR p_until = '-infinity'::timestamptz OR p_seats = 0 THEN RETURN; END IF;
  INSERT INTO seat_windows AS w (sailing_id, counts_until, seats)
  VALUES (p_sailing, seat_window_key(p_until), p_seats)
  ON CONFLICT (sailing_id, counts_until) DO UPDATE SET seats = w.seats + excluded.seats;
END
$$;
--> statement-breakpoint
CREATE FUNCTION booking_legs_keep_ledger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM seat_window_add(OLD.sailing_id, OLD.counts_until, -OLD.seats);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM seat_window_add(NEW.sailing_id, NEW.counts_until, NEW.seats);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER booking_legs_ledger AFTER INSERT OR DELETE OR UPDATE OF counts_until, seats, sailing_id ON booking_legs
FOR EACH ROW EXECUTE FUNCTION booking_legs_keep_ledger();
--> statement-breakpoint
INSERT INTO seat_windows (sailing_id, counts_until, seats)
SELECT sailing_id, seat_window_key(counts_until), sum(seats) FROM booking_legs
WHERE sailing_id IS NOT NULL AND counts_until <> '-infinity'::timestamptz
GROUP BY sailing_id, seat_window_key(counts_until);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hold_seats(p_sailings uuid[], p_seats int, p_now timestamptz, p_lock boolean, p_booking jsonb, p_legs jsonb)
RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  -- A hold is a 20-minute reservation, not money: not waiting for the disk shortens the lock. Payments commit
  -- synchronously as usual.
  PERFORM set_config('synchronous_commit', 'off', true);
  IF p_lock THEN
    PERFORM 1 FROM sailings WHERE id = ANY (p_sailings) ORDER BY id FOR UPDATE;
  END IF;
  FOR s IN
    SELECT sl.id, sl.status, sl.capacity,
      coalesce((SELECT sum(w.seats) FROM seat_windows w
                WHERE w.sailing_id = sl.id AND w.counts_until > p_now), 0) AS taken
    FROM sailings sl WHERE sl.id = ANY (p_sailings) ORDER BY sl.id
  LOOP
    IF s.status <> 'scheduled' THEN RETURN 'closed:' || s.id; END IF;
    IF s.capacity - s.taken < p_seats THEN RETURN 'sold_out:' || s.id; END IF;
  END LOOP;
  INSERT INTO bookings SELECT * FROM jsonb_populate_record(NULL::bookings, p_booking);
  INSERT INTO booking_legs (booking_id, leg, route_id, operator_code, sailing_id, seats)
    SELECT p_booking ->> 'id', x.leg, x.route_id, x.operator_code, x.sailing_id, x.seats
    FROM jsonb_to_recordset(p_legs) AS x(leg smallint, route_id varchar, operator_code varchar, sailing_id uuid, seats int);
  RETURN 'held';
END
$$;
