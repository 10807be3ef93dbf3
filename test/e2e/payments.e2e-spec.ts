import request from 'supertest';
import { createMember } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describeE2e('payments', () => {
  describe('a platform without a payment provider', () => {
    let platform: Platform;

    beforeAll(async () => {
      // What a production start looks like when nobody configured a provider.
      platform = await sharedPlatform({ env: { PAYMENTS_PROVIDER: '', PAYMENTS_ALLOW_MANUAL: '' } });
    });

    afterAll(() => platform?.close());

    it('should start, and refuse packs and lead credits with 503 payments_not_configured, crediting nothing', async () => {
      await request(platform.baseUrl).get('/v1/health/ready').expect(200);
      const owner = await createMember(platform, { role: 'owner' });
      const pack = await request(platform.baseUrl)
        .post('/v1/workspace/decision-packs')
        .set(bearer(owner.token))
        .send({ size: 50 })
        .expect(503);
      expect(pack.body).toMatchObject({ error: 'payments_not_configured', code: 'SERVICE_UNAVAILABLE' });
      const credits = await request(platform.baseUrl)
        .post('/v1/workspace/lead-credits')
        .set(bearer(owner.token))
        .send({ quantity: 10 })
        .expect(503);
      expect(credits.body).toMatchObject({ error: 'payments_not_configured' });
      const balance = await request(platform.baseUrl).get('/v1/workspace/balance').set(bearer(owner.token)).expect(200);
      expect(balance.body).toMatchObject({ decisions: 0, lead_credits: 0 });
    });
  });
});
