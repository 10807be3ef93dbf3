/**
 * A two-level cache of prom-client children by label values, so a hot path looks up its
 * series with two Map gets instead of building a labels object per observation.
 */
export class ChildCache<Child> {
  private readonly children = new Map<string | number, Map<string | number, Child>>();

  constructor(private readonly create: (a: string | number, b: string | number) => Child) {}

  get(a: string | number, b: string | number): Child {
    let inner = this.children.get(a);
    if (!inner) {
      inner = new Map();
      this.children.set(a, inner);
    }
    let child = inner.get(b);
    if (!child) {
      child = this.create(a, b);
      inner.set(b, child);
    }
    return child;
  }
}
