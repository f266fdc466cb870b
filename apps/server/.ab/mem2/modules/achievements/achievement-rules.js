import { DAY_STREAKS, FIRST_TRY_STREAKS, SOLVED_MILESTONES } from '@mathclub/shared';
const dayFormatters = new Map();
/** Days already worked out, per time zone and UTC quarter hour. */
const knownDays = new Map();
const KNOWN_DAYS_MAX = 50_000;
/** A stored instant (toISOString: `YYYY-MM-DDTHH:MM…Z`), its minutes read as digits. */
const UTC_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:([0-5])(\d)(?::\d\d(?:\.\d+)?)?Z$/;
/**
 * The calendar day (YYYY-MM-DD) of `iso` in the school's time zone. Every time zone's offset is a
 * whole number of quarter hours, so the day is the same for every instant of a UTC quarter hour:
 * it is worked out once per quarter (Intl's formatting cost ~3 µs a call, and judging a class of
 * 200 asked for it 8,000 times: a second of CPU over 40 bulk verdicts).
 */
export function schoolDay(iso, timeZone) {
    const match = UTC_INSTANT.exec(iso);
    if (!match)
        return formatDay(iso, timeZone);
    const quarter = `${iso.slice(0, 14)}${Math.floor((Number(match[1]) * 10 + Number(match[2])) / 15)}`;
    let days = knownDays.get(timeZone);
    if (!days)
        knownDays.set(timeZone, (days = new Map()));
    let day = days.get(quarter);
    if (day === undefined) {
        if (days.size >= KNOWN_DAYS_MAX)
            days.clear();
        day = formatDay(iso, timeZone);
        days.set(quarter, day);
    }
    return day;
}
function formatDay(iso, timeZone) {
    let f = dayFormatters.get(timeZone);
    if (!f) {
        f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
        dayFormatters.set(timeZone, f);
    }
    return f.format(new Date(iso));
}
/** Whole days from 1970-01-01 to a YYYY-MM-DD day. */
const dayNumber = (day) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
/** The Monday (day number) of the week holding `day`. */
const weekOf = (day) => {
    const n = dayNumber(day);
    // 1970-01-01 was a Thursday: (n + 3) % 7 is 0 on Mondays.
    return n - ((n + 3) % 7);
};
/** The tasks of each week, per list of a group's tasks (a class judged at once shares one list). */
const weeksOfTasks = new WeakMap();
/** The group's tasks by the school week they were posted in (lists are never changed once read). */
function tasksByWeek(groupTasks, timeZone) {
    const known = weeksOfTasks.get(groupTasks);
    if (known?.timeZone === timeZone)
        return known.weeks;
    const weeks = new Map();
    for (const task of groupTasks) {
        const week = weekOf(schoolDay(task.createdAt, timeZone));
        const tasks = weeks.get(week);
        if (tasks)
            tasks.push(task);
        else
            weeks.set(week, [task]);
    }
    const out = [...weeks.values()];
    weeksOfTasks.set(groupTasks, { timeZone, weeks: out });
    return out;
}
/**
 * The achievements and streaks (PRODUCT.md §12) from a student's attempts per task, with the rules
 * of packages/shared. Each is dated by the answer that earned it. `now` decides whether the day
 * streak is still current (a correct answer today or yesterday).
 */
export function computeAchievements(attempts, groupTasks, timeZone, now) {
    const earned = new Map();
    const earn = (code, at) => {
        if (!earned.has(code))
            earned.set(code, at);
    };
    const solved = attempts.filter((a) => a.solvedAt !== null).sort((a, b) => a.solvedAt.localeCompare(b.solvedAt) || a.taskId - b.taskId);
    for (const n of SOLVED_MILESTONES)
        if (solved.length >= n)
            earn(`solved_${n}`, solved[n - 1].solvedAt);
    // Every live task of some week solved: dated by the last of them.
    const solvedAt = new Map(solved.map((a) => [a.taskId, a.solvedAt]));
    const completions = tasksByWeek(groupTasks, timeZone)
        .filter((tasks) => tasks.every((t) => solvedAt.has(t.id)))
        .map((tasks) => tasks.map((t) => solvedAt.get(t.id)).sort().at(-1))
        .sort();
    if (completions.length > 0)
        earn('week_complete', completions[0]);
    // First tries in a row, in the order the tasks were first answered; unjudged ones wait.
    const judgedFirsts = attempts.filter((a) => a.firstReviewed).sort((a, b) => a.firstAt.localeCompare(b.firstAt) || a.taskId - b.taskId);
    let run = 0;
    let bestRun = 0;
    for (const a of judgedFirsts) {
        run = a.firstCorrect ? run + 1 : 0;
        bestRun = Math.max(bestRun, run);
        for (const n of FIRST_TRY_STREAKS)
            if (run === n)
                earn(`first_try_${n}`, a.firstAt);
    }
    // Days in a row with an answer judged correct (dated by the day's first such answer).
    const firstOfDay = new Map();
    for (const a of solved) {
        const day = schoolDay(a.solvedAt, timeZone);
        if (!firstOfDay.has(day))
            firstOfDay.set(day, a.solvedAt);
    }
    const days = [...firstOfDay.keys()].sort();
    let dayRun = 0;
    let bestDays = 0;
    let previous = Number.NaN;
    for (const day of days) {
        const n = dayNumber(day);
        dayRun = n === previous + 1 ? dayRun + 1 : 1;
        previous = n;
        bestDays = Math.max(bestDays, dayRun);
        for (const streak of DAY_STREAKS)
            if (dayRun === streak)
                earn(`days_${streak}`, firstOfDay.get(day));
    }
    const today = dayNumber(schoolDay(now.toISOString(), timeZone));
    const currentDays = days.length > 0 && today - previous <= 1 ? dayRun : 0;
    return {
        achievements: [...earned].map(([code, earnedAt]) => ({ code, earnedAt })).sort((a, b) => a.earnedAt.localeCompare(b.earnedAt)),
        streaks: { days: { current: currentDays, best: bestDays }, firstTry: { current: run, best: bestRun } },
    };
}
//# sourceMappingURL=achievement-rules.js.map