/** A corner of a piecewise-linear curve: at `x` the curve is `y`. */
export interface CurvePoint {
  x: number;
  y: number;
}

/**
 * The curve through `points` at `x`: flat before the first and after the last point,
 * straight lines between. Points come in order of x; an x smaller than the one before
 * (a benchmark whose p25 exceeds its median) is raised to it, so a curve whose y values
 * never rise can never rise in x either.
 */
export function piecewiseLinear(points: readonly CurvePoint[], x: number): number {
  let previous = points[0];
  if (x <= previous.x) return previous.y;
  for (const point of points.slice(1)) {
    const corner = { x: Math.max(point.x, previous.x), y: point.y };
    if (x <= corner.x) {
      return previous.y + ((corner.y - previous.y) * (x - previous.x)) / (corner.x - previous.x);
    }
    previous = corner;
  }
  return previous.y;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** A sub-score: clamped to 0-100 and rounded to an integer. */
export function toScore(value: number): number {
  return Math.round(clamp(value, 0, 100));
}

/** Rounded to one decimal, for the numbers factors carry. */
export function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}
