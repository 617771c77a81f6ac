import { MessageList } from 'display-kit/react'; // registers the tags it renders

export function Chat({ rows }: { rows: unknown[] }) {
  return (
    <MessageList
      items={rows}
      toolDisplay="compact"
      onToolToggle={(event) => console.log(event.callId, event.open)}
      onContentCopy={(event) => console.log('copied', event.content)}
    />
  );
}
