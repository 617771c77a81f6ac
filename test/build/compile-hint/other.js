import { append } from './shared.js';

export const other = () => append('other');
