import { expect } from '@open-wc/testing';
import type { SvelteHTMLElements } from 'svelte/elements';
import type {} from '../../src/integrations/svelte.js';

describe('Svelte', () => {
  it('types the tags (SvelteHTMLElements): properties, attributes, Svelte 5 and 4 events', () => {
    type ListAttributes = SvelteHTMLElements['message-list'];
    const good: ListAttributes = {
      items: [],
      'tool-display': 'hidden',
      class: 'chat',
      'ontool-toggle': (event) => event.callId,
      'on:content-copy': (event) => event.text,
    };
    // @ts-expect-error tool-display is full, compact or hidden
    const wrongMode: ListAttributes = { 'tool-display': 'wide' };
    expect([good, wrongMode]).to.have.length(2);
  });
});
