/** Message times for people (DOM-free): Intl in the reader's locale and time zone. */

export interface TimeOptions {
  locale?: string;
  timeZone?: string;
  /** "Now", for deciding what is today; tests pin it. */
  now?: Date;
}

const DAY_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME_OF_DAY: Intl.DateTimeFormatOptions = { timeStyle: 'short' };
const DATE_AND_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const FULL: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'long' };
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'full' };

/**
 * Building an Intl formatter costs far more than using one: one per locale, zone and style
 * (the styles are the constants above, so they key a map as they are).
 */
const formatters = new Map<string, Map<Intl.DateTimeFormatOptions, Intl.DateTimeFormat>>();

function formatter(locale: string | undefined, timeZone: string | undefined, style: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const zoneKey = `${locale ?? ''}|${timeZone ?? ''}`;
  let byStyle = formatters.get(zoneKey);
  if (!byStyle) {
    byStyle = new Map();
    formatters.set(zoneKey, byStyle);
  }
  let cached = byStyle.get(style);
  if (!cached) {
    cached = createFormatter(locale, timeZone, style);
    byStyle.set(style, cached);
  }
  return cached;
}

/**
 * A locale or time zone Intl does not know (a typo in an attribute) gives way to the reader's
 * own: times still show, and nothing throws out of a render.
 */
function createFormatter(locale: string | undefined, timeZone: string | undefined, style: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const attempts: Array<[string | undefined, string | undefined]> = [[locale, timeZone], [undefined, timeZone], [locale, undefined]];
  for (const [tryLocale, tryZone] of attempts) {
    try {
      return new Intl.DateTimeFormat(tryLocale, { timeZone: tryZone, ...style });
    } catch {
      // RangeError: try the next, then the reader's own.
    }
  }
  return new Intl.DateTimeFormat(undefined, style);
}

/** Row timestamps carry microseconds; Date keeps milliseconds, which is all a reader needs. */
export function parseTimestamp(value: string | null): Date | null {
  if (!value) return null;
  const trimmed = value.replace(/(\.\d{3})\d+/, '$1');
  const date = new Date(trimmed);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Every zone's offset, and every change of it, has fallen on a quarter hour since 1980: all
 * instants of one UTC quarter hour share their local day, so a conversation's many messages ask
 * Intl once per quarter hour instead of once each.
 */
const QUARTER_HOUR = 15 * 60 * 1000;
const ALIGNED_SINCE = Date.UTC(1980, 0, 1);
const MAX_REMEMBERED_DAYS = 10_000;
const days = new Map<string, string>();

/** The calendar day in the reader's time zone, as `YYYY-MM-DD` (for separators and `datetime`). */
export function dayKey(date: Date, options: TimeOptions = {}): string {
  const time = date.getTime();
  if (!(time >= ALIGNED_SINCE)) return formatDayKey(date, options.timeZone);
  const key = `${options.timeZone ?? ''}|${Math.floor(time / QUARTER_HOUR)}`;
  let day = days.get(key);
  if (day === undefined) {
    if (days.size >= MAX_REMEMBERED_DAYS) days.clear();
    day = formatDayKey(date, options.timeZone);
    days.set(key, day);
  }
  return day;
}

function formatDayKey(date: Date, timeZone: string | undefined): string {
  // The reader's own zone is Date's: no formatter to build on a fresh page (years of the common era).
  if (timeZone === undefined && date.getFullYear() > 0) return localDayKey(date);
  const parts = formatter('en-CA', timeZone, DAY_PARTS).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  // Four digits at least, as ISO dates have them (WebKit writes the year 1 as "1").
  return `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}`;
}

function localDayKey(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** Time of day for today, date and time otherwise. */
export function formatMessageTime(date: Date, options: TimeOptions = {}): string {
  const today = dayKey(options.now ?? new Date(), options) === dayKey(date, options);
  return formatter(options.locale, options.timeZone, today ? TIME_OF_DAY : DATE_AND_TIME).format(date);
}

/** The time of day alone, where a day separator says the date. */
export function formatClockTime(date: Date, options: TimeOptions = {}): string {
  return formatter(options.locale, options.timeZone, TIME_OF_DAY).format(date);
}

export function formatFullTime(date: Date, options: TimeOptions = {}): string {
  return formatter(options.locale, options.timeZone, FULL).format(date);
}

export function formatDay(date: Date, options: TimeOptions = {}): string {
  return formatter(options.locale, options.timeZone, DAY).format(date);
}
