// docs/frameworks.md "Phoenix LiveView": the app's hook setup, compiled against the packed package.
// Phoenix is not installed here: phoenix.d.ts declares only the names the snippet uses.
// #region app
import 'display-kit/define';
import { DisplayKitHook } from 'display-kit/liveview';
import { Socket } from 'phoenix';
import { LiveSocket } from 'phoenix_live_view';

const csrfToken = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content');
const liveSocket = new LiveSocket('/live', Socket, { hooks: { DisplayKit: DisplayKitHook }, params: { _csrf_token: csrfToken } });
liveSocket.connect();
// #endregion
