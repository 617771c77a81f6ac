import { isPlatformServer } from '@angular/common';
import { Directive, ElementRef, inject, input, type OnInit, PLATFORM_ID, Renderer2 } from '@angular/core';

/**
 * Fills its element with HTML from the server, on the server only. Not `[innerHTML]`: Angular
 * sets a binding again when the browser hydrates the page, and the list would be replaced by a
 * copy made through `innerHTML`, where declarative shadow roots are not parsed (the browser parses
 * them only in a page's HTML). Angular's hydration leaves the inside of an element whose template
 * has no children alone, so the browser keeps the list as it parsed it, for Lit to hydrate.
 *
 * Nothing is sanitized: the HTML is `renderConversation`'s, which escapes every item's text and
 * writes the rows into the page as JSON with `<` escaped; no reader's markup reaches it unescaped.
 */
@Directive({ selector: '[serverHtml]' })
export class ServerHtml implements OnInit {
  readonly serverHtml = input<string>('');
  private readonly element = inject<ElementRef<HTMLElement>>(ElementRef);
  private readonly renderer = inject(Renderer2);
  private readonly onServer = isPlatformServer(inject(PLATFORM_ID));

  ngOnInit() {
    if (this.onServer) this.renderer.setProperty(this.element.nativeElement, 'innerHTML', this.serverHtml());
  }
}
