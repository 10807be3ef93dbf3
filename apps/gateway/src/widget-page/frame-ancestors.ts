/**
 * An allowed origin as a CSP source: scheme, host and an optional port or port wildcard
 * (`http://localhost:*`), nothing else. Anything that could end the directive or add another
 * (spaces, `;`, `,`, quotes, a path) is left out rather than escaped: CSP has no escaping.
 */
const CSP_ORIGIN =
  /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$|^https?:\/\/\[[0-9a-f:.]+\](:(\d{1,5}|\*))?$/i;

/** The `frame-ancestors` sources for a widget's allowed origins; `'none'` when none is usable. */
export function frameAncestorsOf(allowedOrigins: readonly string[]): string {
  const sources = [...new Set(allowedOrigins.map((origin) => origin.trim().replace(/\/$/, '').toLowerCase()))].filter(
    (origin) => CSP_ORIGIN.test(origin),
  );
  return sources.length > 0 ? sources.join(' ') : "'none'";
}

/** The page policy with its `frame-ancestors` directive replaced (the rest of the policy stays as browser-safety set it). */
export function withFrameAncestors(policy: string, sources: string): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !/^frame-ancestors(\s|$)/i.test(directive));
  return [...directives, `frame-ancestors ${sources}`].join(';');
}
