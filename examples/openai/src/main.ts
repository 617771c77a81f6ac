import 'display-kit/define';
import OpenAI from 'openai';
import { runChat } from './chat';
import { mockFetch, SCRIPTS } from './mock-api';

const list = document.querySelector('message-list')!;
const stopButton = document.querySelector('button')!;
const script = SCRIPTS[new URLSearchParams(location.search).get('script') ?? ''] ?? SCRIPTS.weather;

// A real app keeps its key on a server; here the client answers from a script, with no network.
const client = new OpenAI({ apiKey: 'mock', dangerouslyAllowBrowser: true, fetch: mockFetch(script.chat) });

const controller = new AbortController();
stopButton.onclick = () => controller.abort();
await runChat(client, list, script.question, controller.signal);
stopButton.disabled = true;
