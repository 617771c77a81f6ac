import type { ReactiveElement } from 'lit';
import { ContentCopyEvent, MessageActionEvent } from '../../../events.js';
import { messageMarkdown, type TranscriptWords } from '../../../model/transcript.js';
import type { Message } from '../../../model/types.js';
import type { DisplayKitStrings } from '../../../i18n/strings.js';
import { CopyController } from '../../controllers/copy-controller.js';
import type { MessageAction } from '../list-options.js';
import type { Announcer } from './announcer.js';

/** The actions in a message's footer: Copy (the message as Markdown, announced) and the host's own. */
export class MessageActions {
  readonly clipboard: CopyController;
  readonly #announcer: Announcer;
  readonly #emit: (event: Event) => void;
  readonly #words: () => [DisplayKitStrings, TranscriptWords];

  /** `emit` dispatches the host's typed events; `words`: the host's strings now, and the words a copy is written in. */
  constructor(host: ReactiveElement, announcer: Announcer, emit: (event: Event) => void, words: () => [DisplayKitStrings, TranscriptWords]) {
    this.clipboard = new CopyController(host);
    this.#announcer = announcer;
    this.#emit = emit;
    this.#words = words;
  }

  readonly copy = (message: Message): void => {
    const text = messageMarkdown(message, this.#words()[1]);
    void this.clipboard.copy(text, () => {
      this.#announcer.say(this.#words()[0].copied);
      return new ContentCopyEvent('message', text);
    }, message.key);
  };

  readonly choose = (action: MessageAction, message: Message): void => {
    this.#emit(new MessageActionEvent(action.id, message.role, message.items.map((item) => item.id ?? item.key), message.key));
  };
}
