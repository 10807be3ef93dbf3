import { policyField, rateLimitField } from './rate-limit-fields';

const API_KEY = { name: 'api-key', quota: 600, windowSeconds: 60 };

describe('policyField', () => {
  it('should name the policy with its quota and window when built', () => {
    expect(policyField(API_KEY)).toBe('"api-key";q=600;w=60');
  });
});

describe('rateLimitField', () => {
  it('should give what is left and the reset when under the quota', () => {
    expect(rateLimitField(API_KEY, 1, 60)).toBe('"api-key";r=599;t=60');
  });

  it('should never go below zero when the quota is spent', () => {
    expect(rateLimitField(API_KEY, 650, 12)).toBe('"api-key";r=0;t=12');
    expect(rateLimitField(API_KEY, 600, -1)).toBe('"api-key";r=0;t=0');
  });
});
