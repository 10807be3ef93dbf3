/** The decision service's location patterns and payloads (filled by the locations feature). */
export {};
