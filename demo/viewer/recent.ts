/**
 * Recently opened files, kept in the browser's own storage (never uploaded). Bounded so a few
 * large traces cannot fill the origin's quota: at most `entries` files and about `totalChars`
 * characters in all; a file's text is kept only when it is small, else only its name, size and
 * date, and the viewer asks the reader to open it again.
 */

/** The part of `Storage` used here, so tests can pass a stand-in. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface RecentFile {
  name: string;
  /** Size in bytes, as the file reported it. */
  size: number;
  /** ISO-8601 time it was last opened. */
  openedAt: string;
  /** The detected format's id, to show beside the name. */
  format?: string;
  /** The file's text, when it was small enough to keep; absent means "open it again". */
  text?: string;
}

export interface RecentLimits {
  entries: number;
  /** Files at or above this many bytes keep no text. */
  textBytes: number;
  /** Upper bound for everything stored, in characters of the stored JSON. */
  totalChars: number;
}

export const RECENT_LIMITS: RecentLimits = { entries: 10, textBytes: 200 * 1024, totalChars: 1024 * 1024 };

export const RECENT_STORAGE_KEY = 'display-kit-viewer:recent';

export interface OpenedFile {
  name: string;
  text: string;
  /** Bytes; measured from the text when not given. */
  size?: number;
  format?: string;
}

export class RecentFiles {
  private readonly storage: StorageLike;

  constructor(
    storage: StorageLike | null = browserStorage(),
    private readonly key = RECENT_STORAGE_KEY,
    private readonly limits: RecentLimits = RECENT_LIMITS,
  ) {
    // Without storage (blocked by the browser), the list lasts as long as the page.
    this.storage = storage ?? new MemoryStorage();
  }

  /** The stored entries, newest first. Whatever is stored is untrusted: bad entries are skipped. */
  list(): RecentFile[] {
    let parsed: unknown;
    try {
      parsed = JSON.parse(this.storage.getItem(this.key) ?? '[]');
    } catch {
      return [];
    }
    return Array.isArray(parsed) ? parsed.filter(isRecentFile).slice(0, this.limits.entries) : [];
  }

  /** Records an opened file at the top (replacing an older entry of the same name); returns the new list. */
  add(file: OpenedFile, now: Date = new Date()): RecentFile[] {
    const size = file.size ?? byteLength(file.text);
    const entry: RecentFile = { name: file.name, size, openedAt: now.toISOString() };
    if (file.format) entry.format = file.format;
    if (size < this.limits.textBytes) entry.text = file.text;
    const entries = [entry, ...this.list().filter((old) => old.name !== file.name)].slice(0, this.limits.entries);
    return this.save(this.fitTotal(entries));
  }

  clear(): void {
    try {
      this.storage.removeItem(this.key);
    } catch {
      // Storage that refuses to change keeps its list; there is nothing more to do.
    }
  }

  /** Drops kept texts, oldest first, until everything fits the total bound. */
  private fitTotal(entries: RecentFile[]): RecentFile[] {
    const fitted = entries.map((entry) => ({ ...entry }));
    for (let index = fitted.length - 1; index >= 0 && JSON.stringify(fitted).length > this.limits.totalChars; index--) {
      delete fitted[index].text;
    }
    // Names alone could still be too long (a hostile or absurd file name): drop the oldest.
    while (fitted.length > 1 && JSON.stringify(fitted).length > this.limits.totalChars) fitted.pop();
    return fitted;
  }

  /** Writes the list; when the browser's quota refuses it, keeps fewer texts and tries again. */
  private save(entries: RecentFile[]): RecentFile[] {
    let current = entries;
    for (;;) {
      try {
        this.storage.setItem(this.key, JSON.stringify(current));
        return current;
      } catch {
        const withText = current.map((entry) => 'text' in entry).lastIndexOf(true);
        if (withText < 0) return current;
        current = current.map((entry, index) => (index === withText ? withoutText(entry) : entry));
      }
    }
  }
}

function withoutText(entry: RecentFile): RecentFile {
  const copy = { ...entry };
  delete copy.text;
  return copy;
}

function isRecentFile(value: unknown): value is RecentFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.name === 'string' &&
    typeof entry.size === 'number' && Number.isFinite(entry.size) &&
    typeof entry.openedAt === 'string' &&
    (entry.text === undefined || typeof entry.text === 'string') &&
    (entry.format === undefined || typeof entry.format === 'string')
  );
}

export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** `localStorage` itself can throw (storage blocked for the page): then there is none. */
function browserStorage(): StorageLike | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** A stand-in with `Storage`'s behaviour, for tests and for pages without storage. */
export class MemoryStorage implements StorageLike {
  private readonly values = new Map<string, string>();

  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.values.set(key, String(value));
  }

  removeItem(key: string): void {
    this.values.delete(key);
  }
}
