// Lit's hydration support must load before the tags are defined, so it comes first.
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import 'display-kit/define';

const list = document.querySelector('message-list');
list.addEventListener('tool-toggle', (event) => console.log(event.callId, event.open));
