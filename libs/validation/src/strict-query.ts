/**
 * A query string read strictly, as the public search's (spec 4.3, decisions.md "Search"): a bad
 * or unknown parameter is 400 `invalid_param` naming it, not the 422 `validation_error` of a
 * body. The class carries the rules; this mark tells the error renderer which error they make.
 */
const STRICT_QUERY = Symbol('strictQuery');

interface StrictQueryOptions {
  /** The message for a parameter the class does not name. */
  unknown: (name: string) => string;
}

type Marked = { [STRICT_QUERY]?: StrictQueryOptions };

export function StrictQuery(options: StrictQueryOptions): ClassDecorator {
  return (target) => {
    (target as unknown as Marked)[STRICT_QUERY] = options;
  };
}

/** The options of the strict query `instance` belongs to, or undefined for any other class. */
export function strictQueryOf(instance: unknown): StrictQueryOptions | undefined {
  if (instance === null || typeof instance !== 'object') return undefined;
  return (instance.constructor as Marked)[STRICT_QUERY];
}
