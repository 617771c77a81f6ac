import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Copies text for a button, keeps a short-lived "copied" state, and tells the host's listeners. */
export class CopyController implements ReactiveController {
  /** Which of the host's copy buttons copied last (`''` for a host with one), while it shows "Copied". */
  copiedKey: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: ReactiveControllerHost & EventTarget) {
    host.addController(this);
  }

  get copied(): boolean {
    return this.copiedKey !== null;
  }

  async copy(text: string, announce: () => Event, key = ''): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return; // the browser refused (permissions, insecure context): nothing was copied
    }
    this.copiedKey = key;
    this.host.requestUpdate();
    this.host.dispatchEvent(announce());
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.copiedKey = null;
      this.host.requestUpdate();
    }, 2000);
  }

  /** A host taken out of the page shows no "Copied" when it comes back, and keeps no timer. */
  hostDisconnected(): void {
    clearTimeout(this.timer);
    this.copiedKey = null;
  }
}
