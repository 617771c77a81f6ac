/** Message times for people (DOM-free): Intl in the reader's locale and time zone. */

export interface TimeOptions {
  locale?: string;
  timeZone?: string;
  /** "Now", for deciding what is today; tests pin it. */
  now?: Date;
}

/** Building an Intl formatter costs far more than using one: one per locale, zone and style. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string | undefined, timeZone: string | undefined, style: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${timeZone ?? ''}|${JSON.stringify(style)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, { timeZone, ...style });
    formatters.set(key, cached);
  }
  return cached;
}

/** Row timestamps carry microseconds; Date keeps milliseconds, which is all a reader needs. */
export function parseTimestamp(value: string | null): Date | null {
  if (!value) return null;
  const trimmed = value.replace(/(\.\d{3})\d+/, '$1');
  const date = new Date(trimmed);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar day in the reader's time zone, as `YYYY-MM-DD` (for separators and `datetime`). */
export function dayKey(date: Date, options: TimeOptions = {}): string {
  const parts = formatter('en-CA', options.timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Time of day for today, date and time otherwise. */
export function formatMessageTime(date: Date, options: TimeOptions = {}): string {
  const today = dayKey(options.now ?? new Date(), options) === dayKey(date, options);
  const style: Intl.DateTimeFormatOptions = today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' };
  return formatter(options.locale, options.timeZone, style).format(date);
}

export function formatFullTime(date: Date, options: TimeOptions = {}): string {
  return formatter(options.locale, options.timeZone, { dateStyle: 'full', timeStyle: 'long' }).format(date);
}

export function formatDay(date: Date, options: TimeOptions = {}): string {
  return formatter(options.locale, options.timeZone, { dateStyle: 'full' }).format(date);
}
