// docs/frameworks.md "Angular": the component, compiled against the packed package.
// Checked against the @angular/core that examples/angular installs.
// #region main
// main.ts
import 'display-kit/define';
// #endregion

// #region component
// chat.component.ts
import { Component, CUSTOM_ELEMENTS_SCHEMA, input } from '@angular/core';
import type { ToolToggleEvent } from 'display-kit';

@Component({
  selector: 'app-chat',
  standalone: true,
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `<message-list [items]="rows()" tool-display="compact" (tool-toggle)="onToggle($event)"></message-list>`,
})
export class ChatComponent {
  rows = input<unknown[]>([]);
  onToggle(event: ToolToggleEvent) {
    console.log(event.callId, event.open);
  }
}
// #endregion
