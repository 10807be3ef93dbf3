import request from 'supertest';
import { createApiKey, createMember } from './identity-fixtures';
import type { Platform } from './platform';

/** A broker workspace with an API key and exactly `decisions` in its balance (bought in packs of 5). */
export async function fundedWorkspace(platform: Platform, decisions: number) {
  const owner = await createMember(platform, { role: 'owner' });
  const key = await createApiKey(platform, owner.workspaceId, owner.accountId);
  if (decisions % 5 !== 0) throw new Error('fund in packs of 5');
  // The largest packs first: a batch's balance of hundreds takes a few purchases, not dozens.
  for (let left = decisions; left > 0;) {
    const size = [50, 20, 5].find((pack) => pack <= left) as number;
    await request(platform.baseUrl)
      .post('/v1/workspace/decision-packs')
      .set('authorization', `Bearer ${key}`)
      .send({ size })
      .expect(201);
    left -= size;
  }
  return { owner, key, workspaceId: owner.workspaceId };
}

export function balanceOf(platform: Platform, key: string): Promise<number> {
  return request(platform.baseUrl)
    .get('/v1/workspace/balance')
    .set('authorization', `Bearer ${key}`)
    .expect(200)
    .then((res) => (res.body as { decisions: number }).decisions);
}
