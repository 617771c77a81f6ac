import 'display-kit/define'; // registers the six tags before Svelte renders them
import { mount } from 'svelte';
import rows from '../../conversation.json';
import Chat from './Chat.svelte';

mount(Chat, { target: document.getElementById('app')!, props: { rows } });
