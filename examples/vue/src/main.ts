import 'display-kit/define'; // registers the six tags before Vue renders them
import { createApp } from 'vue';
import rows from '../../conversation.json';
import Chat from './Chat.vue';
import { ChatRendered } from './ChatRendered';

createApp(Chat, { rows }).mount('#app');
createApp(ChatRendered, { rows }).mount('#render-function');
