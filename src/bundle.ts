/** The no-build bundle (`dist/display-kit.bundle.js`): registers all six tags and exports the API. */
import './define.js';
export * from './index.js';
