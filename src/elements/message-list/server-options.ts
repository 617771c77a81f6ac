/**
 * The options a server rendered a list with (`renderConversation` in `display-kit/ssr`), sent
 * beside its items: the browser's first render must draw what the server drew, or hydration
 * cannot match the server's DOM. A host's own values follow right after.
 */
export const SERVER_OPTIONS = 'data-dk-server-options';

/** The list's options that change what it draws and are not attributes. */
export interface ServerOptions {
  messageActions?: readonly unknown[];
  participants?: Record<string, unknown>;
  strings?: Record<string, unknown>;
  linkSchemes?: readonly string[];
  approvalActions?: readonly unknown[];
}

export const SERVER_OPTION_KEYS = ['messageActions', 'participants', 'strings', 'linkSchemes', 'approvalActions'] as const;
