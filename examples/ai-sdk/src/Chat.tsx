import 'display-kit/define'; // registers the tags before React renders them
import type {} from 'display-kit/react/jsx'; // JSX types for the tags
import { useChat } from '@ai-sdk/react';
import { DirectChatTransport } from 'ai';
import { liveAISDK, type AISDKLive } from 'display-kit/live';
import { useEffect, useRef, useState } from 'react';
import type { WeatherAgent } from './agent';

export function Chat({ agent, question }: { agent: WeatherAgent; question: string }) {
  // The agent runs in the page; with a server, `new DefaultChatTransport({ api: '/api/chat' })`.
  const [transport] = useState(() => new DirectChatTransport({ agent }));
  const [input, setInput] = useState(question);
  // #region connect
  const list = useRef<HTMLElementTagNameMap['message-list']>(null);
  const live = useRef<AISDKLive>(null);
  const { messages, status, error, sendMessage, stop } = useChat({
    transport,
    onFinish: (event) => live.current?.finish(event), // whether the turn was stopped, failed or cut off
  });
  useEffect(() => {
    live.current ??= liveAISDK(list.current!);
    live.current.update(messages, status, error); // the chat's state, on every change; the error says why a turn failed
  }, [messages, status, error]);
  const busy = status === 'submitted' || status === 'streaming';

  return (
    <form onSubmit={(event) => { event.preventDefault(); sendMessage({ text: input }); setInput(''); }}>
      <message-list ref={list} />
      <input value={input} onChange={(event) => setInput(event.target.value)} aria-label="Message" />
      <button disabled={busy || input === ''}>Send</button>
      <button type="button" onClick={() => stop()} disabled={!busy}>Stop</button>
    </form>
  );
  // #endregion
}
