import type { RunAgentInput } from '@ag-ui/core';
import type { APIRoute } from 'astro';
import { scriptedRun, serverSentEvents } from '../../lib/agent';

// The AG-UI endpoint the page's HttpAgent posts its run to; the model is a script (src/lib/agent.ts).
export const POST: APIRoute = async ({ request }) => {
  const events = scriptedRun((await request.json()) as RunAgentInput);
  return new Response(serverSentEvents(events), { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
};
