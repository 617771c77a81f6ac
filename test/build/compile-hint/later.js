import { append } from './shared.js';

export const shown = (text) => append(text);
