import type { Usage } from '../model/usage.js';

/** Formatting the locales share: each passes its own number format and words. */

/**
 * "0.4 s" and "9.5 s" (tenths while short), "12 s", "3 min 5 s", "2 h 4 min": `units` names
 * seconds, minutes and hours in the locale. Shared by the locales.
 */
export function formatDuration(ms: number, format: (n: number) => string, [s, min, h]: readonly [string, string, string]): string {
  const seconds = ms / 1000;
  if (seconds < 10) return `${format(Math.round(seconds * 10) / 10)} ${s}`;
  const whole = Math.round(seconds);
  if (whole < 60) return `${format(whole)} ${s}`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return whole % 60 ? `${format(minutes)} ${min} ${format(whole % 60)} ${s}` : `${format(minutes)} ${min}`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${format(hours)} ${h} ${format(minutes % 60)} ${min}` : `${format(hours)} ${h}`;
}

/** "812 B", "4.2 kB", "1.5 MB" (powers of 1000): `units` names bytes to gigabytes in the locale. */
export function formatBytes(bytes: number, format: (n: number) => string, units: readonly [string, string, string, string]): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${format(unit === 0 ? value : Math.round(value * 10) / 10)} ${units[unit]}`;
}

/** "1,234 input · 56 output · 1,000 cached": the parts a usage has, in the locale's words. */
export function usageParts(
  usage: Usage,
  format: (n: number) => string,
  words: Record<'input' | 'output' | 'cached' | 'reasoning', string>,
): string {
  const parts = (['input', 'output', 'cached', 'reasoning'] as const).flatMap((key) => {
    const n = usage[key];
    return n === null ? [] : [`${format(n)} ${words[key]}`];
  });
  return parts.join(' · ');
}

/** One formatter per locale and currency (null: Intl does not know them): headers ask on every render. */
const costFormats = new Map<string, Intl.NumberFormat | null>();

function costFormat(locale: string, currency: string): Intl.NumberFormat | null {
  const key = `${locale}|${currency}`;
  if (!costFormats.has(key)) {
    let format: Intl.NumberFormat | null = null;
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumSignificantDigits: 3 });
    } catch {
      /* an unknown currency code or locale: shown as given */
    }
    costFormats.set(key, format);
  }
  return costFormats.get(key)!;
}

/** Money in the locale; a currency code Intl does not know is shown as given. */
export function formatCost(locale: string, amount: number, currency: string): string {
  return costFormat(locale, currency)?.format(amount) ?? `${amount} ${currency}`;
}
