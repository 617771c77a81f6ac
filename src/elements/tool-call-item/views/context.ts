import type { DisplayKitStrings } from '../../../i18n/strings.js';
import type { ToolDisplayStatus } from '../../../model/types.js';

/**
 * What a built-in view is drawn with besides its data: the element's words, the call's status,
 * and the URL policy the host set on the element (links and remote images in tool output obey it
 * as they do in Markdown).
 */
export interface BuiltinViewContext {
  text: DisplayKitStrings;
  status: ToolDisplayStatus;
  /** Link schemes that may be followed (the element's `linkSchemes`, else the default). */
  linkSchemes: readonly string[];
  /** `target` for links. */
  linkTarget: string;
  /** Origins whose remote images load without a click (`image-origins`, parsed). */
  imageOrigins: readonly string[] | '*';
  /** Asks the element to draw again (a fold opened, highlighted code arrived). */
  requestUpdate: () => void;
}
