/**
 * A `fetch` for the SDK clients that answers from scripts instead of the network: each request
 * takes the next script, a list of server-sent events (`[event name, data]`) sent one per
 * chunk, a task apart, or a JSON body (with its status). The SDK's own parser reads what a server would send.
 */
export type SseScript = Array<[event: string | null, data: unknown]>;

/** A JSON body, with the HTTP status a server answered it with (200 unless said). */
export interface JsonReply {
  json: unknown;
  status?: number;
}

export function scriptedFetch(scripts: Array<SseScript | JsonReply>): typeof fetch {
  let next = 0;
  return async (_input, init) => {
    const script = scripts[next++];
    if (!script) throw new Error('No more scripted responses.');
    if (!Array.isArray(script)) return new Response(JSON.stringify(script.json), { status: script.status ?? 200, headers: { 'content-type': 'application/json' } });
    const signal = init?.signal ?? undefined;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const [event, data] of script) {
          await new Promise((resolve) => setTimeout(resolve));
          if (signal?.aborted) {
            controller.error(new DOMException('The operation was aborted.', 'AbortError'));
            return;
          }
          const text = typeof data === 'string' ? data : JSON.stringify(data);
          controller.enqueue(encoder.encode(`${event ? `event: ${event}\n` : ''}data: ${text}\n\n`));
        }
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
}

/** Yields a stream's events and aborts `controller` after `count` of them (as a reader's Stop button would). */
export async function* abortAfter<T>(stream: AsyncIterable<T>, count: number, controller: AbortController): AsyncGenerator<T> {
  let seen = 0;
  for await (const event of stream) {
    yield event;
    if (++seen === count) controller.abort();
  }
}
