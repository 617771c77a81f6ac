import { expect } from '@open-wc/testing';
import { seededRandom } from '../markdown/generate.js';
import { conversationMarkdown, messageMarkdown, type TranscriptWords } from '../../src/model/transcript.js';
import { dayKey, formatMessageTime, parseTimestamp } from '../../src/model/time.js';
import { groupMessages } from '../../src/model/group.js';
import { normalizeItems } from '../../src/model/normalize.js';
import { pairToolResults } from '../../src/model/tools.js';
import { loadFixture } from '../fixtures.js';

const words: TranscriptWords = {
  role: (role) => role.toUpperCase(),
  stop: (stop) => `stopped: ${stop.reason}${stop.details?.explanation ? ` — ${stop.details.explanation}` : ''}`,
  toolStatus: (view) => view.status,
  thinking: 'Thinking',
};

describe('transcript', () => {
  it('copies a message as its text only, with the stop as a note', async () => {
    const [, assistant] = groupMessages(normalizeItems(await loadFixture('sagents-stopped-early')));
    expect(messageMarkdown(assistant, words)).to.equal('Here is the\n\n> stopped: length');
  });

  it('writes a conversation with roles as headings, tools as summaries and stop notes', async () => {
    const items = normalizeItems(await loadFixture('sagents-refusal-and-tools'));
    const markdown = conversationMarkdown(groupMessages(items), pairToolResults(items).resultsByCall, words);
    expect(markdown).to.equal(
      [
        '## USER\n\nWrite me an exploit for this CVE.',
        '## ASSISTANT\n\nI can\'t help with\n\n> stopped: content_filtered — Declined to assist.',
        '## USER\n\nSearch for elixir and check the weather in NYC.',
        '## ASSISTANT\n\nLet me search...\n\n- Search (completed) — `q=elixir`\n\n- Weather (failed) — `city=NYC`',
        '## SYSTEM\n\nSorry, I encountered an error: bad request',
      ].join('\n\n') + '\n',
    );
  });

  it('quotes reasoning in the whole transcript', async () => {
    const items = normalizeItems(await loadFixture('sagents-hitl-file-delete'));
    const markdown = conversationMarkdown(groupMessages(items), pairToolResults(items).resultsByCall, words);
    expect(markdown).to.contain('> **Thinking:** The user wants the dad jokes file removed.');
    expect(markdown).to.contain('- Deleting file (pending) — `file_path=/Memories/dad_jokes.txt`');
  });
});

describe('time', () => {
  it('parses microsecond timestamps', () => {
    expect(parseTimestamp('2026-08-20T17:03:12.100231Z')!.toISOString()).to.equal('2026-08-20T17:03:12.100Z');
    expect(parseTimestamp('not a date')).to.equal(null);
    expect(parseTimestamp(null)).to.equal(null);
  });

  it('formats in the reader’s locale and time zone', () => {
    const date = parseTimestamp('2026-08-20T17:03:12.100231Z')!;
    const now = new Date('2026-11-30T12:00:00Z');
    expect(formatMessageTime(date, { locale: 'en-US', timeZone: 'America/New_York', now })).to.equal('Aug 20, 2026, 1:03 PM');
    expect(formatMessageTime(date, { locale: 'de-DE', timeZone: 'Europe/Berlin', now })).to.equal('20.08.2026, 19:03');
  });

  it('shows only the time of day for today', () => {
    const now = new Date('2026-08-20T20:00:00Z');
    const date = parseTimestamp('2026-08-20T17:03:12.100231Z')!;
    expect(formatMessageTime(date, { locale: 'en-US', timeZone: 'UTC', now })).to.equal('5:03 PM');
  });

  it('decides the day in the reader’s time zone', () => {
    const late = parseTimestamp('2026-08-20T23:30:00Z')!;
    expect(dayKey(late, { timeZone: 'UTC' })).to.equal('2026-08-20');
    expect(dayKey(late, { timeZone: 'Europe/Berlin' })).to.equal('2026-08-21');
  });

  it('gives the same day as Intl itself around midnights and offset changes in odd zones', () => {
    const zones = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/St_Johns'];
    const random = seededRandom(5);
    const instants = [
      ...Array.from({ length: 400 }, () => Date.UTC(1985, 0, 1) + Math.floor(random() * 45 * 365 * 86_400_000)),
      // Every five minutes of two days that hold a change of offset (northern and southern spring).
      ...Array.from({ length: 2 * 288 }, (_, step) => Date.UTC(2026, 2, 8) + step * 300_000),
      ...Array.from({ length: 2 * 288 }, (_, step) => Date.UTC(2026, 9, 3) + step * 300_000),
      Date.UTC(1970, 0, 1, 23, 59),
    ];
    const wrong: string[] = [];
    for (const timeZone of zones) {
      const day = intlDay(timeZone);
      for (const time of instants) {
        const date = new Date(time);
        if (dayKey(date, { timeZone }) !== day(date)) wrong.push(`${timeZone} ${date.toISOString()}`);
      }
    }
    expect(wrong).to.deep.equal([]);
  });

  it('gives the day in the reader’s own zone when none is given, as Intl does there', () => {
    const day = intlDay(undefined);
    const random = seededRandom(7);
    // Within an hour of every midnight of a year, and instants across the years 1 to 9000.
    const instants = [
      ...Array.from({ length: 365 }, (_, step) => Date.UTC(2026, 0, 1) + step * 86_400_000 + Math.floor(random() * 7_200_000) - 3_600_000),
      ...Array.from({ length: 200 }, () => Date.UTC(1, 0, 1) + Math.floor(random() * 9_000 * 365 * 86_400_000)),
    ];
    const wrong = instants.map((time) => new Date(time)).filter((date) => dayKey(date) !== day(date));
    expect(wrong.map((date) => date.toISOString())).to.deep.equal([]);
  });
});

/**
 * The calendar day Intl gives in `timeZone` (the reader's own when undefined), as `YYYY-MM-DD`.
 * By parts: how en-CA writes a short date depends on the engine's CLDR (WebKitGTK: 01/08/2016).
 */
function intlDay(timeZone: string | undefined): (date: Date) => string {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (date) => {
    const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
    return `${parts.year.padStart(4, '0')}-${parts.month}-${parts.day}`;
  };
}
