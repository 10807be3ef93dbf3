import { retryDelayMs, serviceOfSubject, subjectMatches } from '@app/messaging';

describe('subjectMatches', () => {
  it('should match when filter and subject are identical', () => {
    expect(subjectMatches('leads.inquiry.created.v1', 'leads.inquiry.created.v1')).toBe(true);
  });

  it('should not match when one token differs', () => {
    expect(subjectMatches('leads.inquiry.created.v1', 'leads.inquiry.updated.v1')).toBe(false);
    expect(subjectMatches('leads.inquiry.created.v1', 'leads.inquiry.created.v2')).toBe(false);
  });

  it('should match any single token when the filter has *', () => {
    expect(subjectMatches('leads.*.created.v1', 'leads.inquiry.created.v1')).toBe(true);
    expect(subjectMatches('leads.*.created.v1', 'leads.booking.created.v1')).toBe(true);
    expect(subjectMatches('*.*.*.*', 'billing.invoice.paid.v1')).toBe(true);
  });

  it('should not let * stand for more or fewer than one token when the lengths differ', () => {
    expect(subjectMatches('leads.*.v1', 'leads.inquiry.created.v1')).toBe(false);
    expect(subjectMatches('leads.*.created.v1', 'leads.created.v1')).toBe(false);
  });

  it('should not match when the other tokens around * differ', () => {
    expect(subjectMatches('leads.*.created.v1', 'billing.inquiry.created.v1')).toBe(false);
  });

  it('should match the rest of the subject when the filter ends with >', () => {
    expect(subjectMatches('leads.>', 'leads.inquiry')).toBe(true);
    expect(subjectMatches('leads.>', 'leads.inquiry.created.v1')).toBe(true);
    expect(subjectMatches('>', 'billing.invoice.paid.v1')).toBe(true);
    expect(subjectMatches('leads.*.>', 'leads.inquiry.created.v1')).toBe(true);
  });

  it('should require at least one token when the filter ends with >', () => {
    expect(subjectMatches('leads.>', 'leads')).toBe(false);
    expect(subjectMatches('leads.inquiry.>', 'leads.inquiry')).toBe(false);
  });

  it('should not match when the tokens before > differ', () => {
    expect(subjectMatches('leads.>', 'billing.invoice.paid.v1')).toBe(false);
  });

  it('should not match when the subject is longer than the filter', () => {
    expect(subjectMatches('leads.inquiry', 'leads.inquiry.created.v1')).toBe(false);
  });

  it('should not match when the subject is shorter than the filter', () => {
    expect(subjectMatches('leads.inquiry.created.v1', 'leads.inquiry')).toBe(false);
    expect(subjectMatches('leads.inquiry.*', 'leads.inquiry')).toBe(false);
  });

  it('should compare tokens exactly when they only share a prefix', () => {
    expect(subjectMatches('lead.>', 'leads.inquiry.created.v1')).toBe(false);
    expect(subjectMatches('leads.inquiry.created.v1', 'leads.inquiry.created.v10')).toBe(false);
  });
});

describe('serviceOfSubject', () => {
  it('should give the first token when the subject has several', () => {
    expect(serviceOfSubject('billing.invoice.paid.v1')).toBe('billing');
  });

  it('should give the whole subject when it has one token', () => {
    expect(serviceOfSubject('catalogue')).toBe('catalogue');
  });
});

describe('retryDelayMs', () => {
  it('should give the base delay when it is the first attempt', () => {
    expect(retryDelayMs(1, 1000)).toBe(1000);
  });

  it('should double the delay when each attempt follows', () => {
    expect(retryDelayMs(2, 1000)).toBe(2000);
    expect(retryDelayMs(3, 1000)).toBe(4000);
    expect(retryDelayMs(4, 250)).toBe(2000);
  });

  it('should cap the delay at five minutes when the backoff grows past it', () => {
    expect(retryDelayMs(9, 1000)).toBe(256_000);
    expect(retryDelayMs(10, 1000)).toBe(300_000);
    expect(retryDelayMs(50, 1000)).toBe(300_000);
    expect(retryDelayMs(1, 600_000)).toBe(300_000);
  });

  it('should treat the attempt as the first when it is 0 or negative', () => {
    expect(retryDelayMs(0, 1000)).toBe(1000);
    expect(retryDelayMs(-3, 1000)).toBe(1000);
  });
});
