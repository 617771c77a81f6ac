/** The little of highlight.js's ES-module build that the highlighter entry uses. */
declare module '@highlightjs/cdn-assets/es/core.min.js' {
  interface HighlightJs {
    registerLanguage(name: string, language: unknown): void;
    getLanguage(name: string): unknown;
    highlight(code: string, options: { language: string; ignoreIllegals?: boolean }): { value: string };
  }
  const hljs: HighlightJs;
  export default hljs;
}

declare module '@highlightjs/cdn-assets/es/languages/*' {
  const language: unknown;
  export default language;
}
