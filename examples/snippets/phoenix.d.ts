// Phoenix and LiveView are not installed here: the few names liveview.ts uses, as their own
// typings declare them, so that the snippet's use of the kit is what gets checked.
declare module 'phoenix' {
  export class Socket {
    constructor(endPoint: string, options?: object);
  }
}

declare module 'phoenix_live_view' {
  import type { Socket } from 'phoenix';
  export interface ViewHook {
    el: HTMLElement;
    mounted?(): void;
    updated?(): void;
    destroyed?(): void;
    handleEvent(event: string, callback: (payload: unknown) => void): void;
  }
  export class LiveSocket {
    constructor(url: string, socket: typeof Socket, options?: { hooks?: Record<string, Partial<ViewHook>>; params?: object });
    connect(): void;
  }
}
