import type { ComplexAttributeConverter } from 'lit';

/** What a JSON attribute holds when it does not parse: kept, so the element can say so. */
export class InvalidJson {
  constructor(
    readonly text: string,
    readonly message: string,
  ) {}
}

/** Reads JSON from an attribute without ever throwing; bad JSON becomes an `InvalidJson`. */
export const jsonAttribute: ComplexAttributeConverter<unknown> = {
  fromAttribute(value: string | null): unknown {
    if (value === null) return undefined;
    try {
      return JSON.parse(value);
    } catch (error) {
      return new InvalidJson(value, error instanceof Error ? error.message : String(error));
    }
  },
};
