declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<{ rows: unknown[] }>;
  export default component;
}
