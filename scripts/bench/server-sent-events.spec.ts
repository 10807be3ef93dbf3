import { takeEvents } from './server-sent-events';

describe('takeEvents', () => {
  it('should take the complete events, skip keep-alives and keep an unfinished block for the next chunk', () => {
    const message = { author: 'assistant', text: 'خطة الدفع 10% عند الحجز.' };
    const first = takeEvents(
      `event: session\ndata: {"id":"s1"}\n\n: keep-alive\n\nevent: message\ndata: ${JSON.stringify(message)}\n\nevent: mess`,
    );
    expect(first.events).toEqual([
      { event: 'session', data: { id: 's1' } },
      { event: 'message', data: message },
    ]);
    expect(first.rest).toBe('event: mess');
    const second = takeEvents(`${first.rest}age\ndata: {"author":"visitor"}\n\n`);
    expect(second).toEqual({ events: [{ event: 'message', data: { author: 'visitor' } }], rest: '' });
  });
});
