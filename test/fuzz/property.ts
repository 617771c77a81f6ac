/**
 * Runs a fuzz property in the browser: `runs` cases, each from a seed of its own (so any one
 * replays alone), and on the first failure shrinks the case and fails with the seed, the
 * minimal case and its error.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import { Fuzz, type FuzzOptions } from './items.js';
import { describeCase, shrink } from './shrink.js';

export interface FuzzSettings {
  /** `FUZZ_RUNS` when set: then every property runs that many cases. */
  runs: number | null;
  /** `FUZZ_SEED` when set: the first seed of every property. */
  seed: number | null;
}

let settings: Promise<FuzzSettings> | null = null;

export function fuzzSettings(): Promise<FuzzSettings> {
  settings ??= executeServerCommand<FuzzSettings, undefined>('fuzz-settings');
  return settings;
}

export interface Property<T> {
  /** Cases in `npm test`; `FUZZ_RUNS` replaces it. */
  runs: number;
  seed: number;
  options?: FuzzOptions;
  generate: (fuzz: Fuzz) => T;
  /** Throws (an assertion, or whatever the code under test threw) when the property does not hold. */
  check: (value: T) => void | Promise<void>;
  /** How many smaller cases the shrinker may try. */
  budget?: number;
}

/**
 * A test that the property holds. A run with `FUZZ_RUNS` has no time limit: it is a search,
 * not a test of speed.
 */
export function itHolds<T>(title: string, holds: Property<T>, timeout = 10_000): void {
  it(title, async function () {
    this.timeout((await fuzzSettings()).runs ? 0 : timeout);
    await property(holds);
  });
}

export async function property<T>({ runs, seed, options, generate, check, budget = 400 }: Property<T>): Promise<void> {
  const fromEnv = await fuzzSettings();
  const first = fromEnv.seed ?? seed;
  const count = fromEnv.runs ?? runs;
  for (let run = 0; run < count; run++) {
    const value = generate(new Fuzz(first + run, options));
    const failure = await failureOf(check, value);
    if (failure === null) continue;
    // A smaller case must fail twice running: an error the page reports late, from the case
    // before, must not pass for a failure of this one.
    const failsTwice = async (candidate: T) => (await failureOf(check, candidate)) !== null && (await failureOf(check, candidate)) !== null;
    const shrunk = await shrink(value, failsTwice, budget);
    const error = (await failureOf(check, shrunk.value)) ?? new Error('(the shrunk case passed when checked again)');
    throw new Error(
      `Property failed for seed ${first + run}: ${error.message}\n` +
        `Minimal case (after ${shrunk.tries} tries): ${describeCase(shrunk.value)}\n` +
        (error.message === failure.message ? '' : `The unshrunk case failed with: ${failure.message}\n`) +
        (error.stack ?? ''),
    );
  }
}

async function failureOf<T>(check: (value: T) => void | Promise<void>, value: T): Promise<Error | null> {
  try {
    await check(value);
    return null;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
