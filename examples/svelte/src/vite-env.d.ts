/// <reference types="svelte" />
/// <reference types="vite/client" />
import type {} from 'display-kit/svelte'; // types the six tags in Svelte templates
