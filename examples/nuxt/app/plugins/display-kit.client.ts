// The browser only: Lit's hydration support must load before the tags are defined, so the list keeps the server's DOM.
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import 'display-kit/define';

export default defineNuxtPlugin(() => {});
