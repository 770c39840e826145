-- hold_seats: the locked part of taking a hold, in one statement. On a busy sailing every booker queues for the
-- sailing's row lock; as one call the lock is held for the server-side work only, not for five client round trips
-- (bench:booking: 424 -> see the issue note). Each statement in a plpgsql function takes a fresh snapshot, so the
-- count after the lock sees every hold committed by whoever held the lock before.
-- Returns 'held', or 'closed:<sailing id>' / 'sold_out:<sailing id>' and writes nothing.
CREATE FUNCTION hold_seats(p_sailings uuid[], p_seats int, p_now timestamptz, p_lock boolean, p_booking jsonb, p_legs jsonb)
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
      coalesce((SELECT sum(bl.seats) FROM booking_legs bl
                WHERE bl.sailing_id = sl.id AND bl.counts_until > p_now), 0) AS taken
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
--> statement-breakpoint
-- The seat count reads (sailing_id, counts_until, seats) only: with seats in the index it needs no table rows.
DROP INDEX booking_legs_sailing_window_idx;
--> statement-breakpoint
CREATE INDEX booking_legs_sailing_window_idx ON booking_legs (sailing_id, counts_until) INCLUDE (seats);
