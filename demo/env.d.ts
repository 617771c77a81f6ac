/// <reference types="vite/client" />
// Vite's own types for the demo: `import.meta.glob` and `?raw` imports (demo/examples.ts).
