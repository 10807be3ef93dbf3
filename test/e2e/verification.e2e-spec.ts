import sharp from 'sharp';
import request from 'supertest';
import { createModerator, publishedListing } from '../harness/catalogue-fixtures';
import { withClient } from '../harness/databases';
import { createAccount, createMember, createWorkspace } from '../harness/identity-fixtures';
import { describeE2e } from '../harness/mode';
import { sharedPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

/** A small scanned-document stand-in, with EXIF that must not survive. */
function documentImage(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 240, g: 240, b: 230 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner-name' } } })
    .jpeg()
    .toBuffer();
}

describeE2e('broker verification and public broker pages', () => {
  let platform: Platform;
  const api = () => request(platform.baseUrl);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    platform = await sharedPlatform();
  });
  afterAll(() => platform?.close());

  it('should take a workspace from unverified to pending to rejected, then resubmitted and approved, with a badge', async () => {
    const workspace = await createWorkspace(platform, { name: 'Layla Realty عقارات ليلى', brokerKind: 'individual' });
    const owner = await createMember(platform, { role: 'owner', workspaceId: workspace.id });
    const agent = await createMember(platform, { role: 'agent', workspaceId: workspace.id });
    const moderator = await createModerator(platform);
    const listing = await publishedListing(platform, { workspaceId: workspace.id, createdBy: owner.accountId });

    const start = await api().get('/v1/workspace/verification').set(as(agent.token)).expect(200);
    expect(start.body).toMatchObject({
      status: 'unverified',
      document: false,
      broker_slug: expect.stringMatching(/^layla-realty-[0-9a-f]{8}$/),
    });
    const slug = start.body.broker_slug as string;

    const early = await api()
      .post('/v1/workspace/verification')
      .set(as(owner.token))
      .send({ kind: 'fal_licence', number: '1100012345' })
      .expect(422);
    expect(early.body).toMatchObject({ error: 'validation_error', field: 'document' });
    await api()
      .post('/v1/workspace/verification/document')
      .set(as(agent.token))
      .attach('file', await documentImage(), 'licence.jpg')
      .expect(403);
    const notImage = await api()
      .post('/v1/workspace/verification/document')
      .set(as(owner.token))
      .attach('file', Buffer.from('not an image at all'), 'licence.jpg')
      .expect(422);
    expect(notImage.body).toMatchObject({ error: 'validation_error', field: 'file' });
    await api()
      .post('/v1/workspace/verification/document')
      .set(as(owner.token))
      .attach('file', await documentImage(), 'licence.jpg')
      .expect(201);
    const pending = await api()
      .post('/v1/workspace/verification')
      .set(as(owner.token))
      .send({ kind: 'fal_licence', number: '1100012345' })
      .expect(201);
    expect(pending.body).toMatchObject({
      status: 'pending',
      kind: 'fal_licence',
      number: '1100012345',
      document: true,
    });
    const twice = await api()
      .post('/v1/workspace/verification')
      .set(as(owner.token))
      .send({ kind: 'fal_licence', number: '1100012345' })
      .expect(409);
    expect(twice.body).toMatchObject({ error: 'invalid_state', state: 'pending' });

    const queue = await api().get('/v1/moderation/verifications').set(as(moderator.token)).expect(200);
    expect(queue.body.data).toContainEqual(
      expect.objectContaining({
        workspace_id: workspace.id,
        workspace_name: 'Layla Realty عقارات ليلى',
        status: 'pending',
      }),
    );
    const document = await api()
      .get(`/v1/moderation/verifications/${workspace.id}/document`)
      .set(as(moderator.token))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(document.headers['cache-control']).toBe('private, no-store');
    const metadata = await sharp(document.body as Buffer).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 400, height: 300 });
    expect(metadata.exif).toBeUndefined();
    await api().get(`/v1/moderation/verifications/${workspace.id}/document`).set(as(owner.token)).expect(403);

    const noReason = await api()
      .post(`/v1/moderation/verifications/${workspace.id}/reject`)
      .set(as(moderator.token))
      .send({ reason: '  ' })
      .expect(422);
    expect(noReason.body).toMatchObject({ field: 'reason' });
    const rejected = await api()
      .post(`/v1/moderation/verifications/${workspace.id}/reject`)
      .set(as(moderator.token))
      .send({ reason: 'رقم الرخصة غير واضح' })
      .expect(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'رقم الرخصة غير واضح' });
    const seen = await api().get('/v1/workspace/verification').set(as(owner.token)).expect(200);
    expect(seen.body).toMatchObject({ status: 'rejected', reason: 'رقم الرخصة غير واضح' });

    await api()
      .post('/v1/workspace/verification')
      .set(as(owner.token))
      .send({ kind: 'fal_licence', number: '1100054321' })
      .expect(201);
    await api()
      .post(`/v1/moderation/verifications/${workspace.id}/approve`)
      .set(as(moderator.token))
      .send({})
      .expect(200);

    const page = await api().get(`/v1/brokers/${slug}`).expect(200);
    expect(page.body).toMatchObject({
      object: 'broker',
      slug,
      name: 'Layla Realty عقارات ليلى',
      broker_kind: 'individual',
      verified: true,
      listing_count: 1,
    });
    expect(page.body.properties.map((item: { id: string }) => item.id)).toEqual([listing]);
    const detail = await api().get(`/v1/properties/${listing}`).expect(200);
    expect(detail.body.broker).toEqual({ name: 'Layla Realty عقارات ليلى', slug, verified: true });
    const events = await withClient(platform.databaseUrl, (client) =>
      client.query<{ status: string }>(
        `SELECT payload->>'status' AS status FROM catalogue.outbox
          WHERE subject = 'catalogue.verification.changed.v1' AND payload->>'workspace_id' = $1`,
        [workspace.id],
      ),
    );
    expect(events.rows.map((row) => row.status).sort()).toEqual(['approved', 'pending', 'pending', 'rejected']);
  });

  it('should show an unverified broker without a badge, hide unpublished listings, and answer 404 for no broker', async () => {
    const owner = await createMember(platform, { role: 'owner' });
    await publishedListing(platform, { workspaceId: owner.workspaceId, createdBy: owner.accountId, status: 'draft' });
    const slug = (await api().get('/v1/workspace/verification').set(as(owner.token)).expect(200)).body
      .broker_slug as string;
    const page = await api().get(`/v1/brokers/${slug}`).expect(200);
    expect(page.body).toMatchObject({ verified: false, listing_count: 0, properties: [] });
    await api().get('/v1/brokers/no-such-broker-00000000').expect(404);
    const buyer = await createAccount(platform);
    await api().get('/v1/workspace/verification').set(as(buyer.token)).expect(403);
    await api().get('/v1/moderation/verifications').set(as(owner.token)).expect(403);
    await api().get('/v1/workspace/verification').expect(401);
  });
});
