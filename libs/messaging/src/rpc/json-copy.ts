/**
 * A deep copy with exactly JSON's result (`JSON.parse(JSON.stringify(value))`), without the
 * string in between: what the in-process transport hands across, so standalone sees what NATS
 * delivers (dates as ISO strings, class instances as plain objects, undefined fields gone,
 * NaN as null) and neither side can mutate the other's objects. The round trip through a
 * string was about 4 % of the gateway's CPU on `GET /v1/locations`.
 */
export function jsonCopy<T>(value: T): T {
  return copy(value, '') as T;
}

function copy(input: unknown, key: string): unknown {
  let value = input;
  if (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON(key: string): unknown }).toJSON(key);
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value + 0 : null; // + 0: -0 is written as 0
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object':
      if (value === null) return null;
      if (Array.isArray(value)) return copyArray(value);
      if (value instanceof Number || value instanceof String || value instanceof Boolean) {
        return copy(value.valueOf(), key);
      }
      return copyObject(value as Record<string, unknown>);
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined; // dropped from objects, null in arrays
  }
}

function copyArray(array: unknown[]): unknown[] {
  const out = new Array<unknown>(array.length);
  for (let i = 0; i < array.length; i++) {
    const item = copy(array[i], String(i));
    out[i] = item === undefined ? null : item;
  }
  return out;
}

function copyObject(object: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(object)) {
    const item = copy(object[key], key);
    if (item === undefined) continue;
    // JSON.parse makes "__proto__" an own property; an assignment would set the prototype.
    if (key === '__proto__')
      Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    else out[key] = item;
  }
  return out;
}
