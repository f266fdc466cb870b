const WEEKDAYS = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formatters = new Map();
function formatter(timeZone) {
    let f = formatters.get(timeZone);
    if (!f) {
        f = new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            weekday: 'short',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
            second: 'numeric',
        });
        formatters.set(timeZone, f);
    }
    return f;
}
/** The zone's calendar date and its wall-clock time as if it were UTC (ms), at `instant`. */
function wallClock(instant, timeZone) {
    const parts = {};
    for (const p of formatter(timeZone).formatToParts(new Date(instant)))
        parts[p.type] = p.value;
    const n = (key) => Number(parts[key]);
    const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
    return { year: n('year'), month: n('month'), day: n('day'), weekday: WEEKDAYS[parts.weekday ?? ''] ?? 1, asUtc };
}
/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
const offsetAt = (instant, timeZone) => wallClock(instant, timeZone).asUtc - Math.floor(instant / 1000) * 1000;
/** The UTC instant of local midnight starting the given calendar day in `timeZone`. */
function localMidnight(year, month, day, timeZone) {
    const guess = Date.UTC(year, month - 1, day);
    // Twice: the offset at the guess may differ from the offset at the answer across a DST change.
    const first = guess - offsetAt(guess, timeZone);
    return guess - offsetAt(first, timeZone);
}
/**
 * Where a leaderboard period begins, as ISO-8601 UTC (comparable with stored timestamps):
 * 'week' from Monday 00:00 and 'month' from the 1st 00:00 of the school's time zone; 'all' → null.
 */
export function periodStart(period, now, timeZone) {
    if (period === 'all')
        return null;
    const today = wallClock(now.getTime(), timeZone);
    if (period === 'month')
        return new Date(localMidnight(today.year, today.month, 1, timeZone)).toISOString();
    // Date.UTC normalises a day before the 1st into the previous month.
    const monday = new Date(Date.UTC(today.year, today.month - 1, today.day - (today.weekday - 1)));
    return new Date(localMidnight(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), timeZone)).toISOString();
}
//# sourceMappingURL=period-start.js.map