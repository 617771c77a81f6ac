'use client';
import type {} from 'display-kit/events'; // the kit's events in HTMLElementEventMap
import { useChat } from '@ai-sdk/react';
import { liveAISDK, type AISDKLive } from 'display-kit/live';
import { useEffect, useRef, useState } from 'react';

/**
 * The server's HTML for the list comes in as a string and goes out the same way on the client,
 * through `dangerouslySetInnerHTML`: React never reconciles the list's inside, so hydration finds
 * nothing to compare, and later renders leave it alone (the string does not change).
 */
export function Chat({ conversation }: { conversation: string }) {
  const main = useRef<HTMLElement>(null);
  const live = useRef<AISDKLive>(null);
  const [hydrated, setHydrated] = useState(false);

  // The tags are defined in the browser only, after Lit's hydration support, so the list keeps the server's DOM.
  useEffect(() => {
    const onToggle = (event: HTMLElementEventMap['tool-toggle']) => console.log(event.callId, event.open);
    main.current!.addEventListener('tool-toggle', onToggle);
    (async () => {
      await import('@lit-labs/ssr-client/lit-element-hydrate-support.js');
      await import('display-kit/define');
      setHydrated(true);
    })();
    return () => main.current?.removeEventListener('tool-toggle', onToggle);
  }, []);

  // A live turn: useChat posts to app/api/chat/route.ts, whose UI message stream the list shows as it arrives.
  const { messages, status, sendMessage } = useChat({
    onFinish: (event) => live.current?.finish(event), // whether the turn was stopped, failed or cut off
  });
  useEffect(() => {
    if (messages.length === 0) return; // the saved conversation stays as the server drew it until a turn starts
    live.current ??= liveAISDK(main.current!.querySelector('message-list')!);
    live.current.update(messages, status); // the chat's state, on every change
  }, [messages, status]);
  const busy = status === 'submitted' || status === 'streaming';

  return (
    <>
      <main ref={main} dangerouslySetInnerHTML={{ __html: conversation }} />
      <button type="button" disabled={!hydrated || busy} onClick={() => sendMessage({ text: 'What is the weather in Paris?' })}>
        Ask about the weather
      </button>
    </>
  );
}
