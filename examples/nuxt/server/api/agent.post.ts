import type { RunAgentInput } from '@ag-ui/core';
// The SvelteKit example's scripted model: the same run, through a Nitro server route.
import { scriptedRun, serverSentEvents } from '../../../sveltekit/src/lib/server/agent';

// The AG-UI endpoint the page's HttpAgent posts its run to; the model is a script.
export default defineEventHandler(async (event) => {
  const events = scriptedRun(await readBody<RunAgentInput>(event));
  return new Response(serverSentEvents(events), { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
});
