import type { TranscriptWords } from '../../model/transcript.js';
import { roleName, type DisplayKitStrings } from '../../i18n/strings.js';
import { stopWords } from '../stop-mark/stop-mark.js';
import { participant } from './templates.js';
import type { Participants } from './list-options.js';

/** The words an export or a copied message is written in: the names and wording the list shows. */
export function transcriptWords(text: DisplayKitStrings, participants: Participants): TranscriptWords {
  return {
    role: (role) => participant(participants, role)?.name ?? roleName(text, role),
    stop: (stop) => stopWords(text, stop.reason, stop.details),
    toolStatus: (view) => text.toolStatus[view.status],
    thinking: text.thinking,
  };
}
