import { afterNextRender, Component, CUSTOM_ELEMENTS_SCHEMA, type ElementRef, inject, REQUEST_CONTEXT, signal, viewChild } from '@angular/core';
import type { ToolToggleEvent } from 'display-kit';
import { liveAGUI } from 'display-kit/live';
import { ServerHtml } from './server-html';

@Component({
  selector: 'app-root',
  imports: [ServerHtml],
  // The kit's tags are custom elements: Angular leaves them to the browser.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main #main [serverHtml]="conversation" (tool-toggle)="onToggle($event)"></main>
    <button type="button" [disabled]="!hydrated() || running()" (click)="ask()">Ask about the weather</button>
  `,
})
export class App {
  /** The conversation's HTML, which src/server.ts renders for every request (null in the browser). */
  protected readonly conversation = (inject(REQUEST_CONTEXT, { optional: true }) as { conversation: string } | null)?.conversation ?? '';
  private readonly main = viewChild.required<ElementRef<HTMLElement>>('main');
  protected readonly hydrated = signal(false);
  protected readonly running = signal(false);

  constructor() {
    // The browser only, once the page has hydrated: Lit's hydration support must load before the
    // tags are defined, so the list keeps the server's DOM.
    afterNextRender(async () => {
      await import('@lit-labs/ssr-client/lit-element-hydrate-support.js');
      await import('display-kit/define');
      this.hydrated.set(true);
    });
  }

  protected onToggle(event: ToolToggleEvent) {
    console.log(event.callId, event.open);
  }

  /** A live turn: POST /api/agent (src/server.ts) answers with AG-UI events, which the list shows as they arrive. */
  protected async ask() {
    // Loaded on the first question: the agent client is about 0.9 MB minified, over the initial
    // bundle budget (1 MB) `ng new` sets once Angular itself is in.
    const { HttpAgent } = await import('@ag-ui/client');
    const agent = new HttpAgent({ url: '/api/agent' });
    agent.addMessage({ id: crypto.randomUUID(), role: 'user', content: 'What is the weather in Paris?' });
    const live = liveAGUI(this.main().nativeElement.querySelector('message-list')!);
    this.running.set(true);
    try {
      await agent.runAgent({}, live.subscriber);
    } finally {
      this.running.set(false);
    }
  }
}
