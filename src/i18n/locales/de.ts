import type { DisplayKitStrings } from '../strings.js';
import { formatCost, formatDuration, usageParts } from '../format.js';

/**
 * German strings: an example locale. Use it for every element with `setStrings(germanStrings)`,
 * or for one element (and the items a list renders) with `element.strings = germanStrings`.
 */

const numbers = new Intl.NumberFormat('de', { maximumFractionDigits: 1 });
const plurals = new Intl.PluralRules('de');

function formatNumber(n: number): string {
  return numbers.format(n);
}

/** German has two plural forms: `one` (1) and `other` (0, 2, 1,5, …). */
function plural(n: number, one: string, other: string): string {
  return plurals.select(n) === 'one' ? one : other;
}

/** `n` and the noun in the right number: "1 Zeile", "1.234 Zeilen". */
function count(n: number, one: string, other: string): string {
  return `${formatNumber(n)} ${plural(n, one, other)}`;
}

export const germanStrings: DisplayKitStrings = {
  roles: { user: 'Sie', assistant: 'Assistent', tool: 'Werkzeug', system: 'System' },
  unfinished: 'unvollständig',
  message: (role, unfinished) => (unfinished ? `Nachricht (${role}), unvollständig` : `Nachricht (${role})`),
  thinking: 'Überlegungen',
  thinkingNow: 'Überlegungen…',
  stop: {
    cancelled: 'Sie haben diese Antwort angehalten',
    length: 'Die Antwort hat ihre Längengrenze erreicht',
    context_window: 'Die Antwort endet hier: Das Kontextfenster des Modells ist voll',
    pause_turn: 'Das Modell hat vor dem Ende pausiert',
    stream_error: 'Die Antwort ist fehlgeschlagen, bevor sie fertig war',
    timeout: 'Die Antwort hat zu lange gedauert und wurde angehalten',
    content_filtered: 'Der Inhaltsfilter des Anbieters hat diese Antwort angehalten',
    refusal: 'Das Modell hat eine Antwort abgelehnt',
    other: 'Vorzeitig beendet',
  },
  stopCategories: {
    cyber: 'Cybersicherheit', bio: 'Biologisches Risiko', chem: 'Chemisches Risiko', spii: 'Sensible personenbezogene Daten',
    recitation: 'Gibt urheberrechtlich geschütztes Material wieder', blocklist: 'Gesperrte Begriffe',
    overloaded_error: 'Der Dienst ist überlastet', rate_limit_error: 'Zu viele Anfragen', rate_limit_exceeded: 'Zu viele Anfragen',
    resource_exhausted: 'Zu viele Anfragen', api_error: 'Interner Fehler beim Anbieter', server_error: 'Interner Fehler beim Anbieter',
    authentication_error: 'Der API-Schlüssel wurde nicht akzeptiert', invalid_request_error: 'Die Anfrage war ungültig',
    insufficient_quota: 'Guthaben oder Kontingent aufgebraucht',
    context_length_exceeded: 'Die Unterhaltung passt nicht mehr in das Kontextfenster des Modells',
    // German capitalises nouns: the made-readable English names of the filters' other categories would not do.
    safety: 'Sicherheit', prohibited_content: 'Verbotene Inhalte', image_safety: 'Bildsicherheit', hate: 'Hass', violence: 'Gewalt',
    sexual: 'Sexuelle Inhalte', self_harm: 'Selbstverletzung', harassment: 'Belästigung',
  },
  stopDetails: 'Details',
  stopReason: 'Grund',
  stopActions: { continue: 'Fortsetzen', retry: 'Erneut versuchen' },
  toolStatus: {
    pending: 'Ausstehend',
    executing: 'Läuft',
    completed: 'Erledigt',
    failed: 'Fehlgeschlagen',
    interrupted: 'Wartet',
    cancelled: 'Abgebrochen',
    declined: 'Abgelehnt',
    incomplete: 'Nicht beendet',
    unknown: 'Unbekannter Status',
  },
  toolCall: 'Werkzeugaufruf',
  toolResult: 'Werkzeugergebnis',
  arguments: 'Argumente',
  noArguments: 'Keine Argumente',
  noOutput: 'Keine Ausgabe',
  argumentsArriving: 'werden noch übertragen',
  result: 'Ergebnis',
  error: 'Fehler',
  waiting: 'Wartet',
  approved: 'Genehmigt',
  declined: 'Abgelehnt',
  todoProgress: (done, total) => `${formatNumber(done)} von ${formatNumber(total)} erledigt`,
  todoStatus: { pending: 'Offen', in_progress: 'In Arbeit', completed: 'Erledigt', cancelled: 'Abgebrochen' },
  image: 'Bild',
  file: 'Datei',
  data: 'Daten',
  notice: 'Hinweis',
  noticeDetails: 'Details',
  unknownKind: (kind) => `Element der Art „${kind}“`,
  fallbackTitle: 'Dieses Element kann nicht angezeigt werden',
  fallbackRaw: 'Was empfangen wurde',
  duplicateId: (id) => `Eine andere Zeile hat dieselbe ID („${id}“): beide werden angezeigt`,
  blockedLink: 'blockierter Link',
  blockedImage: 'blockiertes Bild',
  brokenImage: 'Bild nicht geladen',
  loadImage: (host) => (host ? `Bild von ${host} laden` : 'Bild laden'),
  copyCode: 'Kopieren',
  copied: 'Kopiert',
  code: 'Code',
  table: 'Tabelle',
  taskDone: 'Erledigt:',
  taskOpen: 'Offen:',
  showMore: 'Mehr anzeigen',
  showAll: (lines) => `Alles anzeigen (${count(lines, 'Zeile', 'Zeilen')})`,
  showLess: 'Weniger anzeigen',
  jsonItems: (n) => count(n, 'Eintrag', 'Einträge'),
  jsonKeys: (n) => count(n, 'Schlüssel', 'Schlüssel'),
  copyArguments: 'Argumente kopieren',
  copyResult: 'Ergebnis kopieren',
  toolDetails: 'Details',
  rawRow: 'Alles, was die Zeile enthält',
  question: 'Frage',
  toolGroup: (total, counts) =>
    [count(total, 'Werkzeugaufruf', 'Werkzeugaufrufe'), ...counts.map(([label, n]) => `${formatNumber(n)} ${label.toLowerCase()}`)].join(' · '),
  toolsHidden: (n) => `${count(n, 'Werkzeugschritt', 'Werkzeugschritte')} ausgeblendet`,
  conversation: 'Unterhaltung',
  responding: 'Antwortet…',
  responseComplete: 'Antwort vollständig',
  jumpToLatest: (n) => (n > 0 ? `Zum Neuesten springen (${formatNumber(n)} neu)` : 'Zum Neuesten springen'),
  invalidJson: (detail) => `Diese Daten sind kein gültiges JSON: ${detail}`,
  copyMessage: 'Kopieren',
  messageActions: 'Aktionen zur Nachricht',
  exportMarkdown: 'Als Markdown exportieren',
  exportJSON: 'Als JSON exportieren',
  sentAt: (time) => `Gesendet: ${time}`,
  subagent: (n) => `Sub-Agent · ${count(n, 'Nachricht', 'Nachrichten')}`,
  subagentTitle: 'Sub-Agent',
  narration: 'Zwischenstand',
  sources: 'Quellen',
  citation: (number, source) => `Quelle ${formatNumber(number)}: ${source}`,
  citationPages: (start, end) => (start === end ? `S. ${formatNumber(start)}` : `S. ${formatNumber(start)}–${formatNumber(end)}`),
  untitledSource: 'Quelle ohne Titel',
  mathError: (detail) => `Diese Formel konnte nicht gesetzt werden: ${detail}`,
  diagram: 'Diagramm',
  diagramError: (detail) => `Dieses Diagramm konnte nicht gezeichnet werden: ${detail}`,
  showDiagramSource: 'Quelltext zeigen',
  showDiagram: 'Diagramm zeigen',
  duration: (ms) => formatDuration(ms, formatNumber, ['s', 'Min.', 'Std.']),
  thoughtFor: (duration) => `${duration} nachgedacht`,
  took: (duration) => `dauerte ${duration}`,
  tokens: (n) => `${formatNumber(n)} Tokens`,
  usageDetails: (usage) =>
    usageParts(usage, formatNumber, { input: 'Eingabe', output: 'Ausgabe', cached: 'aus dem Cache', reasoning: 'Überlegungen' }),
  cost: (amount, currency) => formatCost('de', amount, currency),
  approvalNeeded: (label) => `${label}: genehmigen oder ablehnen?`,
  approve: 'Genehmigen',
  decline: 'Ablehnen',
  decisionSent: (choice) => `Gesendet: ${choice}`,
  showRaw: 'Rohdaten anzeigen',
  viewFailed: (detail) => `Diese Ansicht konnte nicht angezeigt werden: ${detail}`,
  find: 'In der Unterhaltung suchen',
  findCount: (current, total) => `${formatNumber(current)} von ${formatNumber(total)}`,
  findNone: 'Keine Treffer',
  findPrevious: 'Vorheriger Treffer',
  findNext: 'Nächster Treffer',
  findClose: 'Schließen',
};
