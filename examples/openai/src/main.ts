import 'display-kit/define';
import OpenAI from 'openai';
import { runChat } from './chat';
import { mockFetch, SCRIPTS } from './mock-api';
import { runResponses } from './responses';

const list = document.querySelector('message-list')!;
const stopButton = document.querySelector('button')!;
const query = new URLSearchParams(location.search);
const script = SCRIPTS[query.get('script') ?? ''] ?? SCRIPTS.weather;
const responsesApi = query.get('api') === 'responses';

// A real app keeps its key on a server; here the client answers from a script, with no network.
const client = new OpenAI({ apiKey: 'mock', dangerouslyAllowBrowser: true, fetch: mockFetch(responsesApi ? script.responses : script.chat) });

const controller = new AbortController();
stopButton.onclick = () => controller.abort();
await (responsesApi ? runResponses : runChat)(client, list, script.question, controller.signal);
stopButton.disabled = true;
