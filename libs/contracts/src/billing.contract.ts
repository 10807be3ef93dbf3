/** Billing's message patterns, event subjects and payloads (filled by the billing feature). */
export {};
