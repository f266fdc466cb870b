/**
 * Times of task windows are shown and entered in the school's zone (SCHOOL_TIME_ZONE, PRODUCT.md
 * §10), whatever zone the teacher's device is in: "closes Friday 18:00" means 18:00 at school.
 */

const partsCache = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsCache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    partsCache.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at instant `ms`, as UTC milliseconds of the same digits. */
function wallClockMs(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(wallClockFormat(timeZone).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour) % 24, Number(parts.minute), Number(parts.second));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as the value of an `<input type="datetime-local">` in the school's zone ('' for none). */
export function toSchoolInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const d = new Date(wallClockMs(Date.parse(iso), timeZone));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/**
 * A datetime-local value read as the school's wall clock → ISO instant (null for ''). The zone's
 * offset is found at the guess and again at the result, so days when clocks change come out right
 * (a time skipped by the spring change lands an hour later, as the clock on the wall would).
 */
export function fromSchoolInput(value: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  let instant = wall - (wallClockMs(wall, timeZone) - wall);
  instant = wall - (wallClockMs(instant, timeZone) - instant);
  return new Date(instant).toISOString();
}

/**
 * An instant for people to read, in the school's zone and, like every date (SEED.md §2, lib/format.ts),
 * in the Ukrainian locale whatever the interface language: "15 грудня 2026 р. о 09:00" beside the
 * cards' "7 грудня 2026 р.", not "Dec 15, 2026, 9:00 AM" (issue 49).
 */
export function formatSchoolTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('uk-UA', { timeZone, day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}
