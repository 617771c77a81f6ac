import { createRoot } from 'react-dom/client';
import { Chat } from './Chat';
import { scriptedAgent } from './agent';

const { agent, question } = scriptedAgent(new URLSearchParams(location.search).get('script') ?? '');
createRoot(document.getElementById('root')!).render(<Chat agent={agent} question={question} />);
