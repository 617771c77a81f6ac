import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Copies text for a button, keeps a short-lived "copied" state, and tells the host's listeners. */
export class CopyController implements ReactiveController {
  copied = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: ReactiveControllerHost & EventTarget) {
    host.addController(this);
  }

  async copy(text: string, announce: () => Event): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return; // the browser refused (permissions, insecure context): nothing was copied
    }
    this.copied = true;
    this.host.requestUpdate();
    this.host.dispatchEvent(announce());
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.copied = false;
      this.host.requestUpdate();
    }, 2000);
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
  }
}
