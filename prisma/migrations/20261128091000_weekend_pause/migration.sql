-- Weekend pause (issue 34 item 4): a game whose time control says `pauseOnWeekends` stops each
-- seat's clock on Saturday and Sunday in that seat's time zone (its player's settings, else UTC).
-- The clock's arithmetic stays in the statements that write deadlines (one conditional write each):
-- `clock_due` replaces "start + ms" and `clock_ms` replaces "b - a", both plain intervals when the
-- game does not pause; the seat_* forms look the game's flag and the seat's zone up.
ALTER TABLE "games" ADD COLUMN "time_pause_on_weekends" BOOLEAN NOT NULL DEFAULT false;

-- A zone Postgres knows (player settings are checked with ICU's list, which may name one the
-- server's tz database lacks): the zone itself, else UTC.
CREATE FUNCTION clock_zone(zone text) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF zone IS NULL THEN RETURN 'UTC'; END IF;
  PERFORM now() AT TIME ZONE zone;
  RETURN zone;
EXCEPTION WHEN others THEN
  RETURN 'UTC';
END $$;

-- The weekend around or after `at` in `zone`: its start (local Saturday 00:00) and end (local
-- Monday 00:00) as instants. A local midnight that a DST change skips or repeats is read as Postgres
-- reads any local time (the offset in force before the change); the end is always after `at` when
-- `at` is in the weekend.
CREATE FUNCTION clock_weekend(at timestamptz, zone text, OUT starts timestamptz, OUT ends timestamptz) LANGUAGE plpgsql STABLE AS $$
DECLARE
  d date := (at AT TIME ZONE zone)::date;
  dow int := extract(isodow FROM d)::int;
BEGIN
  starts := ((d + (6 - dow))::timestamp) AT TIME ZONE zone;
  ends := ((d + (8 - dow))::timestamp) AT TIME ZONE zone;
  IF ends <= at THEN ends := at + interval '1 second'; END IF;
END $$;

-- When a clock started at `start` with `ms` of time runs out: start + ms, or, when `weekends`,
-- start + ms of time outside Saturdays and Sundays in `zone`.
CREATE FUNCTION clock_due(start timestamptz, ms bigint, weekends boolean, zone text) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
DECLARE
  z text;
  t timestamptz := start;
  left_ms bigint := ms;
  w record;
BEGIN
  IF start IS NULL OR ms IS NULL THEN RETURN NULL; END IF;
  IF NOT coalesce(weekends, false) OR ms <= 0 THEN RETURN start + ms * interval '1 millisecond'; END IF;
  z := clock_zone(zone);
  LOOP
    SELECT * INTO w FROM clock_weekend(t, z);
    IF t >= w.starts THEN
      t := w.ends; -- in the weekend: the clock waits for Monday
    ELSIF t + left_ms * interval '1 millisecond' <= w.starts THEN
      RETURN t + left_ms * interval '1 millisecond';
    ELSE
      left_ms := left_ms - (extract(epoch FROM w.starts - t) * 1000)::bigint;
      t := w.ends;
    END IF;
  END LOOP;
END $$;

-- The clock time from `a` to `b` (negative when b is before a): b - a, or, when `weekends`, the
-- part of it outside Saturdays and Sundays in `zone`.
CREATE FUNCTION clock_ms(a timestamptz, b timestamptz, weekends boolean, zone text) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE
  z text;
  t timestamptz := a;
  total bigint := 0;
  w record;
BEGIN
  IF a IS NULL OR b IS NULL THEN RETURN NULL; END IF;
  IF NOT coalesce(weekends, false) THEN RETURN (extract(epoch FROM b - a) * 1000)::bigint; END IF;
  IF b < a THEN RETURN -clock_ms(b, a, weekends, zone); END IF;
  z := clock_zone(zone);
  WHILE t < b LOOP
    SELECT * INTO w FROM clock_weekend(t, z);
    IF t < w.starts THEN
      total := total + (extract(epoch FROM least(b, w.starts) - t) * 1000)::bigint;
    END IF;
    t := w.ends;
  END LOOP;
  RETURN total;
END $$;

-- A seat's time zone for its clock: its player's settings, else UTC.
CREATE FUNCTION seat_zone(game uuid, seat_no int) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT ps.time_zone FROM seats s JOIN player_settings ps ON ps.player_id = s.player_id
                   WHERE s.game_id = game AND s.seat = seat_no), 'UTC')
$$;

-- The game's flag, looked up: false for a game without one.
CREATE FUNCTION game_pauses(game uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT g.time_pause_on_weekends FROM games g WHERE g.id = game), false)
$$;

-- clock_due and clock_ms for a seat of a game (its game's flag, its zone).
CREATE FUNCTION seat_due(game uuid, seat_no int, start timestamptz, ms bigint) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF NOT game_pauses(game) THEN RETURN start + ms * interval '1 millisecond'; END IF;
  RETURN clock_due(start, ms, true, seat_zone(game, seat_no));
END $$;

CREATE FUNCTION seat_ms(game uuid, seat_no int, a timestamptz, b timestamptz) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF NOT game_pauses(game) THEN RETURN (extract(epoch FROM b - a) * 1000)::bigint; END IF;
  RETURN clock_ms(a, b, true, seat_zone(game, seat_no));
END $$;
