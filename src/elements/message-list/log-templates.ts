import { html, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { guard } from 'lit/directives/guard.js';
import { messageDeps, type ListRows, type Row } from '../../model/rows.js';
import { isStreaming } from '../../model/list-model.js';
import { renderDay, renderMessage, type ListContext } from './templates.js';
import { blockEstimate } from './message-list.styles.js';
import { icon } from '../support/icons.js';

/**
 * The newest messages parse their Markdown at once (the oldest too, in a history mounting from its
 * top); the others when they near the viewport.
 */
const EAGER_MESSAGES = 16;

/**
 * The saved messages, a block at a time (`fromTop`: the history mounts from its top). The host
 * skips it whole when only the draft, the reader's position or an announcement changed (the
 * model is a new object whenever items change); each block, while what it shows is unchanged.
 */
export function renderBlocks(context: ListContext, view: ListRows, fromTop: boolean): unknown {
  const last = view.blocks.length - 1;
  // The first and the last block are marked by attributes, not by ":first-of-type" (see the styles).
  return repeat(
    view.blocks,
    (block) => block.id,
    (block, index) =>
      guard([view.stampOf(block.id), context.copiedKey, context.options, index === 0, index === last], () =>
        html`<div class="block" data-near-group ?data-first=${index === 0} ?data-last=${index === last} .style=${blockEstimate(block.rows.length)}>
          ${repeat(block.rows, (row) => row.key, (row) => renderRow(context, view, row, fromTop))}
        </div>`,
      ),
  );
}

function renderRow(context: ListContext, view: ListRows, row: Row, fromTop: boolean): unknown {
  if ('day' in row) return guard([row.key, context.options], () => renderDay(context, row.day));
  // `lazy` only matters for an item's first render, so it is not a dependency.
  const lazy = row.index < view.model.messages.length - EAGER_MESSAGES && !(fromTop && row.index < EAGER_MESSAGES);
  const deps = messageDeps([context.options, context.copiedKey === row.message.key], row.message, view.model);
  return guard(deps, () => renderMessage(context, row.message, isStreaming(view.model, row.message), lazy));
}

/** "Jump to latest" (`label`), shown while the reader is scrolled up. */
export function renderJump(label: string, jump: () => void): TemplateResult {
  return html`<button type="button" part="jump-button" class="jump" @click=${jump}>
            ${icon('arrow-down')}${label}
          </button>`;
}
