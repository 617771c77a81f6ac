import { ROW_ESTIMATE_REM } from '../message-list.styles.js';

/** However small the viewport, a fresh history mounts at least this many messages at once. */
export const FIRST_MOUNT_MIN = 2;
/**
 * A history of at most this many messages mounts whole at once: it is whole after the host's
 * first update, as a host reading it then expects.
 */
export const WHOLE_HISTORY = 8;
/** However tall, at most this many (a viewport's size read wrong must not mount a whole history). */
export const FIRST_MOUNT_MAX = 80;
/**
 * Messages as short as the estimate over this still fill the viewport in the first frame: the
 * host reads this many times the first mount's count of messages at once, and `fill` takes no more.
 */
export const FILL_FACTOR = 4;

/**
 * The height of the host's viewport and of the messages it shows (px). `inWindow`: the host grows
 * with its messages, and its viewport is the part of the window from its top down.
 */
export type Heights = (inWindow: boolean) => { viewport: number; shown: number };

/**
 * What a fresh history mounts first: how many messages, and whether the oldest (else the newest).
 * `shown`: whether the host was shown when asked (else whether it grows is not known yet).
 */
export interface FirstMount {
  count: number;
  fromTop: boolean;
  shown: boolean;
}

/**
 * How many messages fill the host's viewport at their estimated height (a host that grows with
 * its messages, `grows`: what the window shows below its top), and from which end. Not more:
 * each message mounted at once is paid for in the first frame, and `fill` mounts more when the
 * ones shown fall short.
 */
export function firstMountOf(host: Element, grows: boolean | null, heights: Heights): FirstMount {
  const [fromTop, shown] = [grows === true, grows !== null];
  const viewport = fromTop ? heights(true).viewport : host.getBoundingClientRect().height || innerHeight;
  return { fromTop, shown, count: Math.min(FIRST_MOUNT_MAX, Math.max(FIRST_MOUNT_MIN, Math.ceil(viewport / estimatedHeight()))) };
}

/** A message's estimated height (px): the list's row estimate in the page's rem. */
export function estimatedHeight(): number {
  return ROW_ESTIMATE_REM * parseFloat(getComputedStyle(document.documentElement).fontSize);
}
