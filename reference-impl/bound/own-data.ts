// Reading a property without running code (TR-BOUND-6): a getter, a setter-only accessor, a
// missing element (an array hole) all read as NOT_DATA, and the caller counts an unencodable node.
// Only called on values that are not proxies, so no trap can run either.

/** The marker for "not an own data property". */
export const NOT_DATA: unique symbol = Symbol('not-data');

const getOwnDescriptor = Object.getOwnPropertyDescriptor;

/** The value of an own data property, or NOT_DATA. */
export function ownDataValue(o: object, key: string | number): unknown {
  const d = getOwnDescriptor(o, key);
  if (d === undefined || !('value' in d)) return NOT_DATA;
  return d.value;
}

/** True when every own property of `o` named in `keys` is a data property. */
export function allDataProperties(o: object, keys: readonly string[]): boolean {
  for (let i = 0; i < keys.length; i++) {
    const d = getOwnDescriptor(o, keys[i]!);
    if (d === undefined || !('value' in d)) return false;
  }
  return true;
}
