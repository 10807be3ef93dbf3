import sharp from 'sharp';
import request from 'supertest';
import { ProjectsRpc } from '@app/contracts';
import type {
  ProjectFacts,
  ProjectFactsRequest,
  ListingResponse,
  ProjectResponse,
  ProjectsPageResponse,
  PublicProjectResponse,
  UnitResponse,
  UnitsPageResponse,
} from '@app/contracts';
import { addListingImage, createModerator } from '../harness/catalogue-fixtures';
import { withClient } from '../harness/databases';
import { createApiKey, createMember, createWorkspace } from '../harness/identity-fixtures';
import type { AccountFixture, MemberFixture } from '../harness/identity-fixtures';
import { startTestImageStore } from '../harness/image-store';
import type { TestImageStore } from '../harness/image-store';
import { NamespacedNatsClient, RpcClient } from '@app/messaging';
import type { RuntimeOptions } from '@app/messaging';
import { describeE2e, e2eMode } from '../harness/mode';
import { startPlatform } from '../harness/platform';
import type { Platform } from '../harness/platform';

const NAME_AR = 'مشروع واحة النخيل السكني';
const DESCRIPTION_AR = 'مجمع سكني على الخارطة بالقرب من طريق الملك فهد، مع حدائق ومسابح.';
const OLAYA_RIYADH = 10100003075;

const riyadhProject = (overrides: Record<string, unknown> = {}) => ({
  name_en: 'Palm Oasis Residences',
  name_ar: NAME_AR,
  description_en: 'Off-plan residential compound near King Fahd Road, with gardens and pools.',
  description_ar: DESCRIPTION_AR,
  city: 'الرياض',
  district: 'العليا',
  status: 'off_plan',
  handover_date: '2027-12-31',
  rega_licence_number: '1234567890',
  escrow_account_number: 'SA0380000000608010167519',
  ...overrides,
});

const dubaiProject = (overrides: Record<string, unknown> = {}) => ({
  name_en: 'Marina Heights',
  name_ar: 'مرتفعات المرسى',
  city: 'Dubai',
  district: 'Dubai Marina',
  status: 'ready',
  dld_project_number: '3021',
  escrow_account_number: 'AE070331234567890123456',
  ...overrides,
});

/** The catalogue's recorded events about one project, oldest first. */
async function projectEvents(
  platform: Platform,
  projectId: string,
): Promise<{ subject: string; payload: Record<string, unknown> }[]> {
  const result = await withClient(platform.databaseUrl, (client) =>
    client.query<{ subject: string; payload: Record<string, unknown> }>(
      `SELECT subject, payload FROM catalogue.outbox WHERE payload->>'project_id' = $1 ORDER BY created_at, id`,
      [projectId],
    ),
  );
  return result.rows;
}

describeE2e('developer projects and units', () => {
  let platform: Platform;
  let developer: MemberFixture;
  let developerAgent: MemberFixture;
  let otherDeveloper: MemberFixture;
  let broker: MemberFixture;
  let moderator: AccountFixture;
  /** Local disk standalone; a real S3-protocol server distributed (copies go through CopyObject). */
  let store: TestImageStore;

  beforeAll(async () => {
    store = await startTestImageStore();
    platform = await startPlatform({ env: { DEMO_TRANSACTIONS: 'true', ...store.env } });
    const workspace = await createWorkspace(platform, { kind: 'developer' });
    developer = await createMember(platform, { workspaceId: workspace.id, role: 'owner' });
    developerAgent = await createMember(platform, { workspaceId: workspace.id, role: 'agent' });
    otherDeveloper = await createMember(platform, {
      workspaceId: (await createWorkspace(platform, { kind: 'developer' })).id,
      role: 'owner',
    });
    broker = await createMember(platform, { role: 'owner' });
    moderator = await createModerator(platform);
  });

  afterAll(async () => {
    await natsClient?.close();
    await platform?.close();
    await store?.close();
  });

  let natsClient: NamespacedNatsClient | undefined;

  /**
   * The catalogue's facts handler, asked as the leads service asks it: over the platform's own
   * transport (in-process standalone; the run's namespaced NATS distributed).
   */
  const facts = async (
    data: ProjectFactsRequest,
  ): Promise<{ ok: ProjectFacts } | { error: Record<string, unknown> }> => {
    let rpc: RpcClient;
    if (e2eMode === 'standalone') {
      rpc = platform.app!.get(RpcClient, { strict: false });
    } else {
      natsClient ??= new NamespacedNatsClient({ servers: [platform.env!.NATS_URL] }, platform.env!.EVENTS_NAMESPACE);
      rpc = new RpcClient(
        natsClient as unknown as ConstructorParameters<typeof RpcClient>[0],
        {
          rpcTimeoutMs: 5000,
        } as RuntimeOptions,
      );
    }
    try {
      return { ok: await rpc.call(ProjectsRpc.facts, data) };
    } catch (err) {
      return { error: (err as { toEnvelope(): Record<string, unknown> }).toEnvelope() };
    }
  };

  const as = (token: string | null) => {
    const http = request(platform.baseUrl);
    const auth = <T extends request.Test>(test: T): T => (token ? test.set('authorization', `Bearer ${token}`) : test);
    return {
      get: (path: string) => auth(http.get(path)),
      post: (path: string, body?: object) => auth(http.post(path)).send(body ?? {}),
      patch: (path: string, body: object) => auth(http.patch(path)).send(body),
      delete: (path: string) => auth(http.delete(path)),
    };
  };

  const createProject = async (body: object = riyadhProject(), token = developer.token): Promise<ProjectResponse> =>
    (await as(token).post('/v1/projects', body).expect(201)).body as ProjectResponse;

  const createUnit = async (projectId: string, body: object, token = developer.token): Promise<UnitResponse> =>
    (await as(token).post(`/v1/projects/${projectId}/units`, body).expect(201)).body as UnitResponse;

  describe('projects', () => {
    it('should store and return the Arabic name exactly, with the place resolved in both languages', async () => {
      const project = await createProject();
      expect(project).toMatchObject({
        object: 'project',
        workspace_id: developer.workspaceId,
        name_ar: NAME_AR,
        description_ar: DESCRIPTION_AR,
        status: 'off_plan',
        handover_date: '2027-12-31',
        country_code: 'SA',
        district_id: OLAYA_RIYADH,
        city_en: 'Riyadh',
        city_ar: 'الرياض',
        district_ar: 'حي العليا',
        rega_licence_number: '1234567890',
        dld_project_number: null,
        unit_count: 0,
      });
      const again = (await as(developerAgent.token).get(`/v1/projects/${project.id}`).expect(200))
        .body as ProjectResponse;
      expect(again.name_ar).toBe(NAME_AR);
      const events = await projectEvents(platform, project.id);
      expect(events.map((event) => event.subject)).toEqual(['catalogue.project.created.v1']);
    });

    it('should answer 422 naming the field for a REGA licence in Dubai, a DLD number in Riyadh, a missing or unknown place', async () => {
      const rega = await as(developer.token)
        .post('/v1/projects', dubaiProject({ rega_licence_number: '1234567890' }))
        .expect(422);
      expect(rega.body).toMatchObject({ error: 'validation_error', field: 'rega_licence_number' });
      const dld = await as(developer.token)
        .post('/v1/projects', riyadhProject({ dld_project_number: '3021' }))
        .expect(422);
      expect(dld.body).toMatchObject({ error: 'validation_error', field: 'dld_project_number' });
      const noPlace = await as(developer.token)
        .post('/v1/projects', riyadhProject({ city: undefined, district: undefined }))
        .expect(422);
      expect(noPlace.body).toMatchObject({ error: 'validation_error', field: 'district_id' });
      const unknown = await as(developer.token)
        .post('/v1/projects', riyadhProject({ district: 'Qqqqzzzz' }))
        .expect(422);
      expect(unknown.body).toMatchObject({ error: 'validation_error', field: 'district', suggestions: [] });
      const badDate = await as(developer.token)
        .post('/v1/projects', riyadhProject({ handover_date: '2027-02-30' }))
        .expect(422);
      expect(badDate.body).toMatchObject({ error: 'validation_error', field: 'handover_date' });
    });

    it('should answer 404 project_not_found for another workspace’s project on every route, and change nothing', async () => {
      const project = await createProject();
      const unit = await createUnit(project.id, { unit_type: 'apartment', area_sqm: 120, price: 900_000, bedrooms: 2 });
      const other = as(otherDeveloper.token);
      for (const res of [
        await other.get(`/v1/projects/${project.id}`),
        await other.patch(`/v1/projects/${project.id}`, { name_en: 'Taken' }),
        await other.delete(`/v1/projects/${project.id}`),
        await other.get(`/v1/projects/${project.id}/units`),
        await other.post(`/v1/projects/${project.id}/units`, { unit_type: 'villa', area_sqm: 300, price: 2_000_000 }),
        await other.patch(`/v1/projects/${project.id}/units/${unit.id}`, { status: 'sold' }),
        await other.delete(`/v1/projects/${project.id}/units/${unit.id}`),
        await other.post(`/v1/projects/${project.id}/units/${unit.id}/listing`),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ error: 'project_not_found' });
      }
      const mine = (await as(developer.token).get(`/v1/projects/${project.id}`).expect(200)).body as ProjectResponse;
      expect(mine).toMatchObject({ name_en: 'Palm Oasis Residences', unit_count: 1 });
      await as(developer.token).get('/v1/projects/not-a-uuid').expect(404);
    });

    it('should refuse a broker workspace with 403 forbidden, and anyone without a credential with 401', async () => {
      const res = await as(broker.token).post('/v1/projects', riyadhProject()).expect(403);
      expect(res.body).toMatchObject({ error: 'forbidden' });
      await as(broker.token).get('/v1/projects').expect(403);
      // API keys belong to broker workspaces: a key reaches the guard, then the same 403.
      const brokerKey = await createApiKey(platform, broker.workspaceId, broker.accountId);
      await as(brokerKey).get('/v1/projects').expect(403);
      await as(null).get('/v1/projects').expect(401);
    });

    it('should edit and list projects sorted by Arabic name, page them, and delete one', async () => {
      const key = otherDeveloper.token;
      const names = ['ياسمين', 'أبراج الواحة', 'بوابة الشمال'];
      for (const name of names) await createProject(riyadhProject({ name_ar: name, name_en: `P ${name.length}` }), key);
      const page = (await as(key).get('/v1/projects?sort=name_ar&limit=10').expect(200)).body as ProjectsPageResponse;
      expect(page.data.map((project) => project.name_ar)).toEqual(['أبراج الواحة', 'بوابة الشمال', 'ياسمين']);
      const first = page.data[0];
      const edited = await as(key)
        .patch(`/v1/projects/${first.id}`, { status: 'ready', handover_date: null, description_en: 'Handed over.' })
        .expect(200);
      expect(edited.body).toMatchObject({ status: 'ready', handover_date: null, description_en: 'Handed over.' });
      const twoPerPage = (await as(key).get('/v1/projects?limit=2').expect(200)).body as ProjectsPageResponse;
      expect(twoPerPage).toMatchObject({ has_more: true, limit: 2, offset: 0 });
      await as(key).delete(`/v1/projects/${first.id}`).expect(200, { object: 'project', id: first.id, deleted: true });
      await as(key).get(`/v1/projects/${first.id}`).expect(404);
      const events = await projectEvents(platform, first.id);
      expect(events.map((event) => event.subject)).toEqual([
        'catalogue.project.created.v1',
        'catalogue.project.updated.v1',
        'catalogue.project.deleted.v1',
      ]);
    });
  });

  /** A project image of this size in one colour, uploaded; its record. */
  const uploadProjectImage = async (
    projectId: string,
    width: number,
    height: number,
  ): Promise<{ id: string; url: string; thumbnail_url: string; width: number; height: number }> => {
    const png = await sharp({ create: { width, height, channels: 3, background: { r: width % 256, g: 90, b: 40 } } })
      .png()
      .toBuffer();
    const uploaded = await request(platform.baseUrl)
      .post(`/v1/projects/${projectId}/images`)
      .set('authorization', `Bearer ${developer.token}`)
      .attach('file', png, 'view.png')
      .expect(201);
    return uploaded.body as { id: string; url: string; thumbnail_url: string; width: number; height: number };
  };

  /** The bytes an image URL answers with (200 expected). */
  const imageBytes = async (url: string): Promise<Buffer> => {
    const res = await request(platform.baseUrl)
      .get(new URL(url).pathname)
      .buffer(true)
      .parse((stream, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200)
      .expect('content-type', 'image/webp');
    return res.body as Buffer;
  };

  describe('images', () => {
    it('should take a project image through the listing pipeline (WebP, no metadata), serve it, and delete it', async () => {
      const project = await createProject();
      const jpeg = await sharp({
        create: { width: 2400, height: 1200, channels: 3, background: { r: 20, g: 120, b: 200 } },
      })
        .withExif({ IFD0: { Make: 'TestCam', Copyright: 'Owner Name' } })
        .jpeg()
        .toBuffer();
      const uploaded = await request(platform.baseUrl)
        .post(`/v1/projects/${project.id}/images`)
        .set('authorization', `Bearer ${developer.token}`)
        .attach('file', jpeg, 'tower.jpg')
        .expect(201);
      expect(uploaded.body).toMatchObject({ position: 0, width: 1600, height: 800 });
      const image = uploaded.body as { id: string; url: string; thumbnail_url: string };
      const withImage = (await as(developer.token).get(`/v1/projects/${project.id}`).expect(200))
        .body as ProjectResponse;
      expect(withImage.image_urls).toEqual([image.url]);
      const file = await request(platform.baseUrl)
        .get(new URL(image.url).pathname)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      const metadata = await sharp(file.body as Buffer).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 800 });
      expect(metadata.exif).toBeUndefined();
      await request(platform.baseUrl)
        .post(`/v1/projects/${project.id}/images`)
        .set('authorization', `Bearer ${otherDeveloper.token}`)
        .attach('file', jpeg, 'tower.jpg')
        .expect(404);
      await as(developer.token)
        .delete(`/v1/projects/${project.id}/images/${image.id}`)
        .expect(200, { object: 'project_image', id: image.id, deleted: true });
      await request(platform.baseUrl).get(new URL(image.url).pathname).expect(404);
      const without = (await as(developer.token).get(`/v1/projects/${project.id}`).expect(200)).body as ProjectResponse;
      expect(without.images).toEqual([]);
    });
  });

  describe('units', () => {
    it('should price a Dubai unit in AED by default with price_sar at the peg', async () => {
      const project = await createProject(dubaiProject());
      expect(project).toMatchObject({ country_code: 'AE', dld_project_number: '3021', rega_licence_number: null });
      const unit = await createUnit(project.id, {
        unit_ref: 'MH-1204',
        unit_type: 'apartment',
        area_sqm: 95.5,
        bedrooms: 2,
        floor: 12,
        price: 1_000_000,
      });
      expect(unit).toMatchObject({
        object: 'unit',
        project_id: project.id,
        unit_ref: 'MH-1204',
        currency: 'AED',
        price: 1_000_000,
        price_sar: 1_021_102.79,
        status: 'available',
        listing_id: null,
      });
    });

    it('should answer 422 naming bedrooms for land with bedrooms and store nothing', async () => {
      const project = await createProject();
      const res = await as(developer.token)
        .post(`/v1/projects/${project.id}/units`, { unit_type: 'land', area_sqm: 600, price: 1_500_000, bedrooms: 3 })
        .expect(422);
      expect(res.body).toMatchObject({ error: 'validation_error', field: 'bedrooms' });
      const units = (await as(developer.token).get(`/v1/projects/${project.id}/units`).expect(200))
        .body as UnitsPageResponse;
      expect(units.data).toEqual([]);
    });

    it('should move available → reserved → available → sold, refuse sold → available, and refuse a taken unit_ref', async () => {
      const project = await createProject();
      const unit = await createUnit(project.id, {
        unit_ref: 'A-101',
        unit_type: 'villa',
        area_sqm: 350,
        price: 2_400_000,
        bedrooms: 5,
      });
      const path = `/v1/projects/${project.id}/units/${unit.id}`;
      await as(developer.token).patch(path, { status: 'reserved' }).expect(200);
      await as(developer.token).patch(path, { status: 'available', price: 2_300_000 }).expect(200);
      const sold = (await as(developer.token).patch(path, { status: 'sold' }).expect(200)).body as UnitResponse;
      expect(sold).toMatchObject({ status: 'sold', price: 2_300_000, price_sar: 2_300_000 });
      const back = await as(developer.token).patch(path, { status: 'available' }).expect(409);
      expect(back.body).toMatchObject({ error: 'invalid_state', state: 'sold' });
      const taken = await as(developer.token)
        .post(`/v1/projects/${project.id}/units`, {
          unit_ref: 'A-101',
          unit_type: 'villa',
          area_sqm: 350,
          price: 2_400_000,
        })
        .expect(409);
      expect(taken.body).toMatchObject({ error: 'conflict', field: 'unit_ref' });
      const events = await projectEvents(platform, project.id);
      expect(
        events.filter((event) => event.subject === 'catalogue.unit.updated.v1').map((e) => e.payload.status),
      ).toEqual(['available', 'reserved', 'available', 'sold']);
      await as(developer.token).delete(path).expect(200, { object: 'unit', id: unit.id, deleted: true });
      await as(developer.token).get(`/v1/projects/${project.id}/units`).expect(200, {
        object: 'list',
        data: [],
        limit: 20,
        offset: 0,
        has_more: false,
      });
    });
  });

  describe('the project facts RPC (ProjectsRpc.facts.pattern)', () => {
    it('should answer the live units of the caller workspace’s project and project_not_found for another’s', async () => {
      const project = await createProject(dubaiProject({ handover_date: '2026-03-31' }));
      const unit = await createUnit(project.id, {
        unit_ref: 'MH-1',
        unit_type: 'apartment',
        area_sqm: 80,
        price: 900_000,
      });
      await as(developer.token)
        .patch(`/v1/projects/${project.id}/units/${unit.id}`, { price: 880_000, status: 'reserved' })
        .expect(200);
      const answer = await facts({ project_id: project.id, workspace_id: developer.workspaceId });
      expect(answer).toEqual({
        ok: {
          id: project.id,
          workspace_id: developer.workspaceId,
          name_en: 'Marina Heights',
          name_ar: 'مرتفعات المرسى',
          city_en: 'Dubai',
          city_ar: 'دبي',
          district_en: expect.any(String),
          district_ar: expect.any(String),
          handover_date: '2026-03-31',
          units: [
            {
              id: unit.id,
              unit_ref: 'MH-1',
              unit_type: 'apartment',
              bedrooms: null,
              area_sqm: 80,
              floor: null,
              price: 880_000,
              currency: 'AED',
              price_sar: 898_570.46,
              status: 'reserved',
            },
          ],
        },
      });
      expect(await facts({ project_id: project.id, workspace_id: otherDeveloper.workspaceId })).toMatchObject({
        error: { error: 'project_not_found' },
      });
      expect(await facts({ project_id: 'not-a-uuid' })).toMatchObject({ error: { error: 'project_not_found' } });
      expect(await facts({ project_id: project.id })).toMatchObject({ ok: { id: project.id } });
    });
  });

  describe("a unit's listing starts with its project's images", () => {
    it("should copy the project's images in order, serve them, and let the listing be submitted at once", async () => {
      const project = await createProject(riyadhProject({ name_ar: 'أبراج الياسمين' }));
      const first = await uploadProjectImage(project.id, 64, 48);
      const second = await uploadProjectImage(project.id, 30, 60);
      const unit = await createUnit(project.id, { unit_type: 'apartment', area_sqm: 110, price: 980_000, bedrooms: 2 });

      const listing = (
        await as(developer.token).post(`/v1/projects/${project.id}/units/${unit.id}/listing`).expect(201)
      ).body as ListingResponse;
      expect(listing.title_ar).toContain('أبراج الياسمين');
      expect(listing.images.map((image) => [image.position, image.width, image.height])).toEqual([
        [0, 64, 48],
        [1, 30, 60],
      ]);
      expect(listing.image_urls).toEqual(listing.images.map((image) => image.url));
      // The listing's own files, under its own id: not the project's URLs.
      for (const image of listing.images) {
        expect(image.url).toContain(`/v1/images/listings/${listing.id}/${image.id}.webp`);
        expect([first.id, second.id]).not.toContain(image.id);
      }
      expect(await imageBytes(listing.images[0].url)).toEqual(await imageBytes(first.url));
      expect(await imageBytes(listing.images[1].url)).toEqual(await imageBytes(second.url));
      expect(await imageBytes(listing.images[1].thumbnail_url)).toEqual(await imageBytes(second.thumbnail_url));
      expect(await store.keys()).toEqual(
        expect.arrayContaining(
          listing.images.flatMap((image) => [
            `listings/${listing.id}/${image.id}.webp`,
            `listings/${listing.id}/${image.id}-thumb.webp`,
          ]),
        ),
      );
      const read = (await as(developer.token).get(`/v1/listings/${listing.id}`).expect(200)).body as ListingResponse;
      expect(read.image_urls).toEqual(listing.image_urls);

      const submitted = await as(developer.token).post(`/v1/listings/${listing.id}/submit`).expect(200);
      expect(submitted.body).toMatchObject({ status: 'pending' });
    });

    it("should keep the project's images when the listing deletes one, and the listing's when the project deletes one", async () => {
      const project = await createProject();
      const first = await uploadProjectImage(project.id, 64, 48);
      const second = await uploadProjectImage(project.id, 30, 60);
      const unit = await createUnit(project.id, { unit_type: 'villa', area_sqm: 320, price: 3_100_000, bedrooms: 5 });
      const listing = (
        await as(developer.token).post(`/v1/projects/${project.id}/units/${unit.id}/listing`).expect(201)
      ).body as ListingResponse;
      const [copyOfFirst, copyOfSecond] = listing.images;

      await as(developer.token).delete(`/v1/listings/${listing.id}/images/${copyOfFirst.id}`).expect(200);
      await request(platform.baseUrl).get(new URL(copyOfFirst.url).pathname).expect(404);
      const projectAfter = (await as(developer.token).get(`/v1/projects/${project.id}`).expect(200))
        .body as ProjectResponse;
      expect(projectAfter.image_urls).toEqual([first.url, second.url]);
      await imageBytes(first.url);
      await imageBytes(first.thumbnail_url);

      await as(developer.token).delete(`/v1/projects/${project.id}/images/${second.id}`).expect(200);
      await request(platform.baseUrl).get(new URL(second.url).pathname).expect(404);
      const listingAfter = (await as(developer.token).get(`/v1/listings/${listing.id}`).expect(200))
        .body as ListingResponse;
      expect(listingAfter.image_urls).toEqual([copyOfSecond.url]);
      expect(listingAfter.images[0]).toMatchObject({ id: copyOfSecond.id, position: 0, width: 30, height: 60 });
      await imageBytes(copyOfSecond.url);
      await imageBytes(copyOfSecond.thumbnail_url);
    });

    it('should give a listing without images for a project without images, which submit refuses naming images', async () => {
      const project = await createProject(dubaiProject());
      const unit = await createUnit(project.id, {
        unit_type: 'apartment',
        area_sqm: 95,
        price: 1_700_000,
        bedrooms: 1,
      });
      const listing = (
        await as(developer.token).post(`/v1/projects/${project.id}/units/${unit.id}/listing`).expect(201)
      ).body as ListingResponse;
      expect(listing.images).toEqual([]);
      expect(listing.image_urls).toEqual([]);
      expect((await store.keys()).filter((key) => key.startsWith(`listings/${listing.id}/`))).toEqual([]);
      const incomplete = await as(developer.token).post(`/v1/listings/${listing.id}/submit`).expect(422);
      expect(incomplete.body).toMatchObject({ error: 'listing_incomplete', missing: ['images'] });
    });

    it('should answer 503 and leave no listing and no copied file when a project file cannot be copied', async () => {
      const project = await createProject();
      await uploadProjectImage(project.id, 64, 48);
      const second = await uploadProjectImage(project.id, 30, 60);
      const unit = await createUnit(project.id, { unit_type: 'apartment', area_sqm: 90, price: 800_000, bedrooms: 2 });
      await store.remove(`projects/${project.id}/${second.id}-thumb.webp`);
      const before = await store.keys();

      const failed = await as(developer.token).post(`/v1/projects/${project.id}/units/${unit.id}/listing`).expect(503);
      expect(failed.body).toMatchObject({ error: 'service_unavailable' });
      expect(await store.keys()).toEqual(before);
      const units = (await as(developer.token).get(`/v1/projects/${project.id}/units`).expect(200))
        .body as UnitsPageResponse;
      expect(units.data.find((u) => u.id === unit.id)?.listing_id).toBeNull();
      const listed = await withClient(platform.databaseUrl, (client) =>
        client.query(`SELECT id FROM catalogue.listings WHERE unit_id = $1`, [unit.id]),
      );
      expect(listed.rows).toEqual([]);

      // With the broken image gone from the project, the unit is listed with the other one.
      await as(developer.token).delete(`/v1/projects/${project.id}/images/${second.id}`).expect(200);
      const listing = (
        await as(developer.token).post(`/v1/projects/${project.id}/units/${unit.id}/listing`).expect(201)
      ).body as ListingResponse;
      expect(listing.images.map((image) => [image.position, image.width])).toEqual([[0, 64]]);
    });

    it('should copy nothing and create nothing when the unit cannot be listed (sold, or listed already)', async () => {
      const project = await createProject();
      await uploadProjectImage(project.id, 64, 48);
      const unit = await createUnit(project.id, { unit_type: 'apartment', area_sqm: 80, price: 700_000, bedrooms: 1 });
      await as(developer.token).post(`/v1/projects/${project.id}/units/${unit.id}/listing`).expect(201);
      const before = await store.keys();
      const twice = await as(developer.token).post(`/v1/projects/${project.id}/units/${unit.id}/listing`).expect(409);
      expect(twice.body).toMatchObject({ error: 'conflict' });
      const sold = await createUnit(project.id, {
        unit_type: 'apartment',
        area_sqm: 80,
        price: 700_000,
        status: 'sold',
      });
      const refused = await as(developer.token).post(`/v1/projects/${project.id}/units/${sold.id}/listing`).expect(409);
      expect(refused.body).toMatchObject({ error: 'invalid_state', state: 'sold' });
      expect(await store.keys()).toEqual(before);
    });
  });

  describe('a unit published as a listing, and the public project page', () => {
    it('should go unit → draft listing → submit → approve → public page and search; selling the unit withdraws it', async () => {
      const project = await createProject();
      const unit = await createUnit(project.id, {
        unit_ref: 'B-204',
        unit_type: 'apartment',
        area_sqm: 140,
        bedrooms: 3,
        floor: 2,
        price: 1_350_000,
      });
      await createUnit(project.id, { unit_type: 'land', area_sqm: 900, price: 2_000_000 });
      await as(null).get(`/v1/public/projects/${project.id}`).expect(404);

      const listing = (
        await as(developerAgent.token).post(`/v1/projects/${project.id}/units/${unit.id}/listing`).expect(201)
      ).body as ListingResponse;
      expect(listing).toMatchObject({
        status: 'draft',
        project_id: project.id,
        unit_id: unit.id,
        property_type: 'apartment',
        price: 1_350_000,
        currency: 'SAR',
        area_sqm: 140,
        bedrooms: 3,
        district_id: OLAYA_RIYADH,
        city_ar: 'الرياض',
      });
      expect(listing.title_ar).toContain(NAME_AR);
      expect(listing.title_en).toContain('Palm Oasis Residences');
      const twice = await as(developer.token).post(`/v1/projects/${project.id}/units/${unit.id}/listing`).expect(409);
      expect(twice.body).toMatchObject({ error: 'conflict' });
      const units = (await as(developer.token).get(`/v1/projects/${project.id}/units`).expect(200))
        .body as UnitsPageResponse;
      expect(units.data.find((u) => u.id === unit.id)?.listing_id).toBe(listing.id);

      await addListingImage(platform, listing.id);
      const pending = (await as(developer.token).post(`/v1/listings/${listing.id}/submit`).expect(200))
        .body as ListingResponse;
      expect(pending.status).toBe('pending');
      await as(null).get(`/v1/public/projects/${project.id}`).expect(404);
      await as(moderator.token).post(`/v1/moderation/listings/${listing.id}/approve`).expect(200);

      const page = (await as(null).get(`/v1/public/projects/${project.id}`).expect(200)).body as PublicProjectResponse;
      expect(page).toMatchObject({ id: project.id, name_ar: NAME_AR, city_ar: 'الرياض', status: 'off_plan' });
      expect(page).not.toHaveProperty('workspace_id');
      expect(page).not.toHaveProperty('escrow_account_number');
      expect(page.units).toEqual([
        expect.objectContaining({
          id: unit.id,
          status: 'available',
          price: 1_350_000,
          bedrooms: 3,
          property_id: listing.id,
        }),
        expect.objectContaining({ unit_type: 'land', bedrooms: null, property_id: null }),
      ]);
      await as(null).get(`/v1/properties/${listing.id}`).expect(200);

      // The live price follows from the unit onto the public page and the published listing.
      await as(developer.token)
        .patch(`/v1/projects/${project.id}/units/${unit.id}`, { status: 'reserved', price: 1_320_000 })
        .expect(200);
      const reserved = (await as(null).get(`/v1/public/projects/${project.id}`).expect(200))
        .body as PublicProjectResponse;
      expect(reserved.units[0]).toMatchObject({ status: 'reserved', price: 1_320_000 });
      const followed = (await as(developer.token).get(`/v1/listings/${listing.id}`).expect(200))
        .body as ListingResponse;
      expect(followed.price).toBe(1_320_000);

      // Sold: the listing leaves search (back to draft, with the reason), and the page with it.
      await as(developer.token).patch(`/v1/projects/${project.id}/units/${unit.id}`, { status: 'sold' }).expect(200);
      const withdrawn = (await as(developer.token).get(`/v1/listings/${listing.id}`).expect(200))
        .body as ListingResponse;
      expect(withdrawn).toMatchObject({ status: 'draft', rejection_reason: 'Withdrawn: the unit was sold.' });
      await as(null).get(`/v1/properties/${listing.id}`).expect(404);
      await as(null).get(`/v1/public/projects/${project.id}`).expect(404);
      const resubmitted = await as(developer.token).post(`/v1/listings/${listing.id}/submit`).expect(409);
      expect(resubmitted.body).toMatchObject({ error: 'invalid_state', state: 'sold' });
    });
  });
});
