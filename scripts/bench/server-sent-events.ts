/** One Server-Sent Event with its JSON data. */
export interface SseEvent {
  event: string;
  data: unknown;
}

/**
 * The complete events at the start of a stream's `buffer` (each block ends with a blank line; one
 * without both an `event:` and a `data:` line, such as a `:` keep-alive, is skipped) and the
 * unfinished rest, kept for the next chunk. Read as the widget page reads the chat's stream.
 */
export function takeEvents(buffer: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  let rest = buffer;
  let index: number;
  while ((index = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, index);
    rest = rest.slice(index + 2);
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (event && data) events.push({ event, data: JSON.parse(data) as unknown });
  }
  return { events, rest };
}
