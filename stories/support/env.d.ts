/** Vite's `?raw` imports (the LangChain trace fixture is JSONL text). */
declare module '*?raw' {
  const text: string;
  export default text;
}
