import 'display-kit/define'; // registers the six tags before Vue renders them
import { createApp, defineCustomElement } from 'vue';
import rows from '../../conversation.json';
import Chat from './Chat.vue';
import { ChatRendered } from './ChatRendered';
import FileListView from './FileListView.ce.vue';

// A Vue component as a custom element: the list gives it `call`, `result` and `status`.
customElements.define('file-list-view', defineCustomElement(FileListView));

createApp(Chat, { rows }).mount('#app');
createApp(ChatRendered, { rows }).mount('#render-function');
