import 'display-kit/define'; // registers the six tags before React renders them
import type {} from 'display-kit/react/jsx'; // JSX types for the six tags
import './FileListView'; // <file-list-view>: a React component as a custom element

export function Chat({ rows }: { rows: unknown[] }) {
  return (
    <message-list
      items={rows}
      tool-display="compact"
      toolViews={{ list_files: 'file-list-view' }}
      ontool-toggle={(event) => console.log(event.callId, event.open)}
      oncontent-copy={(event) => console.log('copied', event.content)}
    />
  );
}
