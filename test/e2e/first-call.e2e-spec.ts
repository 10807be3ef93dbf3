import request from 'supertest';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

/**
 * A broker who signs up, logs in, makes an API key and asks for a decision straight away is
 * served: the welcome allowance is granted before sign-up answers, not later by the event. So
 * are the plan's monthly lead credits: the first inquiry a new broker receives is not locked.
 */
describeE2e('the first decision right after sign-up', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await sharedPlatform();
  });

  afterAll(() => platform.close());

  /** Signs a new broker up and logs in, as a person does; returns the access token. */
  async function newBroker(name: string, brokerKind: 'individual' | 'company'): Promise<string> {
    const email = `first-call-${Date.now()}-${brokerKind}@example.test`;
    const password = 'a-long-password-1';
    await request(platform.baseUrl)
      .post('/v1/accounts')
      .send({ email, password, name, role: 'broker', broker_kind: brokerKind })
      .expect(201);
    const login = await request(platform.baseUrl).post('/v1/auth/login').send({ email, password }).expect(200);
    return login.body.access_token as string;
  }

  it('should answer the first decision with the free allowance when it is asked at once', async () => {
    const token = await newBroker('فهد الغامدي', 'individual');
    const key = await request(platform.baseUrl)
      .post('/v1/workspace/api-keys')
      .set('authorization', `Bearer ${token}`)
      .send({ label: 'first call' })
      .expect(201);
    const decision = await request(platform.baseUrl)
      .post('/v1/decisions')
      .set('authorization', `Bearer ${key.body.secret}`)
      .send({
        property: { type: 'apartment', price: 1_200_000, area: 150, bedrooms: 3 },
        location: { city: 'الرياض', district: 'العليا' },
        reasoning: false,
      })
      .expect(200);
    expect(decision.body).toMatchObject({ object: 'decision', credits_used: 1, credits_remaining: 9 });
  });

  it("should show the plan's lead credits in the first balance read when it follows sign-up at once", async () => {
    const token = await newBroker('Noura Al-Harbi', 'company');
    const balance = await request(platform.baseUrl)
      .get('/v1/workspace/balance')
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(balance.body).toMatchObject({ decisions: 10, lead_credits: 20 });
  });
});
