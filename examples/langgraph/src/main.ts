import 'display-kit/define';
import { HumanMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph/web';
import { ToolNode, toolsCondition } from '@langchain/langgraph/prebuilt';
import { liveLangChain } from 'display-kit/live';
import { ScriptedChatModel, SCRIPTS } from './scripted-model';

const list = document.querySelector('message-list')!;
const stopButton = document.querySelector('button')!;
const script = SCRIPTS[new URLSearchParams(location.search).get('script') ?? ''] ?? SCRIPTS.weather;

const getWeather = tool(async ({ city }) => JSON.stringify({ city, temperature_c: 18, sky: 'sunny' }), {
  name: 'get_weather',
  description: 'The weather now in a city',
  schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
});
// The model answers from a script, with no key and no network; an app's is a provider's (`new ChatAnthropic({ model: … })`).
const model = new ScriptedChatModel(script.replies).bindTools([getWeather]);

// The agent: the model speaks, the tool node runs the calls it made, and the model goes on.
const graph = new StateGraph(MessagesAnnotation)
  // The web build has no async context: the node hands its config to the model, or the model's tokens never reach the stream.
  .addNode('agent', async (state, config) => ({ messages: [await model.invoke(state.messages, config)] }))
  .addNode('tools', new ToolNode([getWeather]))
  .addEdge(START, 'agent')
  .addConditionalEdges('agent', toolsCondition, ['tools', END])
  .addEdge('tools', 'agent')
  .compile();

const controller = new AbortController();
const { signal } = controller;
stopButton.onclick = () => controller.abort();
const question = new HumanMessage(script.question);

// #region connect
const live = liveLangChain(list);
live.push(question); // the question, as the graph gets it
await live.consume(await graph.stream({ messages: [question] }, { streamMode: 'messages', signal }), signal); // the model's chunks and the tools' messages
// #endregion
stopButton.disabled = true;
