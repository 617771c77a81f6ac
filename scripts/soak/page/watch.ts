/** Imported first: counting starts before any of the kit's modules runs. */
import { watchRegistries } from '../../../test/memory/registries.js';

export const registered = watchRegistries();
