import { asksForHuman } from './human-request';

describe('asksForHuman', () => {
  it.each([
    'talk to a person',
    'Can I speak with a human please?',
    'agent',
    'I want a real person',
    'أريد التحدث مع موظف',
    'موظف',
    'شخص حقيقي',
    'ممكن أكلم أحد الموظفين؟',
    'أريد موظفاً',
  ])('should see a request for a person when the visitor writes %s', (text) => {
    expect(asksForHuman(text)).toBe(true);
  });

  it.each([
    'What is the price of a two-bedroom flat?',
    'When is the handover?',
    'كم سعر الشقة؟',
    'متى موعد التسليم؟',
    'Do you have an estate agency licence?',
  ])('should see a question when the visitor writes %s', (text) => {
    expect(asksForHuman(text)).toBe(false);
  });
});
