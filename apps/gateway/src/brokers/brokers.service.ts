import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { isUUID } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import type { DataSource } from 'typeorm';
import { PROPERTY_ITEM_FIELDS, PropertiesRpc, VerificationRpc } from '@app/contracts';
import type {
  BrokerPageResponse,
  Principal,
  PropertyBroker,
  PropertyDetail,
  PropertyItem,
  SubmitVerificationBody,
  VerificationQueueItem,
  VerificationResponse,
  VerificationReviewResponse,
  VerificationReviewsResponse,
  WorkspaceVerificationResponse,
} from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { AppError } from '@app/errors';
import { RpcClient } from '@app/messaging';
import { imageVariants } from '../media/images/image-variants';
import { IMAGE_STORE } from '../media/images/image-store';
import type { ImageStore, StoredImage } from '../media/images/image-store';
import { readUploadedFile } from '../media/images/uploaded-file';
import { gatewayConfig } from '../config/gateway.env';
import { IDENTITY_DATABASE } from '../database/identity.database';
import { workspaceOf } from '../identity/access/principal-workspace';

interface WorkspaceRow {
  id: string;
  name: string;
  slug: string;
  broker_kind: 'individual' | 'company' | null;
}

const PAGE_LISTINGS = 20;

/**
 * Verification and broker pages. Identity (names, slugs) is the gateway's; the catalogue keeps
 * the verification record and the listings; the licence document is an image in the image
 * store under `verification/…`, which no public route serves (moderators only).
 */
@Injectable()
export class BrokersService {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(IMAGE_STORE) private readonly store: ImageStore,
    @InjectDataSource(IDENTITY_DATABASE) private readonly identity: DataSource,
    @InjectConfig(gatewayConfig) private readonly config: AppConfig<typeof gatewayConfig>,
  ) {}

  async verification(principal: Principal): Promise<WorkspaceVerificationResponse> {
    const workspaceId = workspaceOf(principal);
    const [workspace, verification] = await Promise.all([
      this.workspace({ id: workspaceId }),
      this.rpc.call(VerificationRpc.get, { workspace_id: workspaceId }),
    ]);
    // Verification is a broker's: a developer workspace has no broker page (and no slug).
    if (!workspace) throw new AppError('forbidden', 'Verification is for broker workspaces.');
    return { ...verification, broker_slug: workspace.slug };
  }

  /** Checks the upload is an image by decoding it and keeps a metadata-free copy. */
  async uploadDocument(principal: Principal, request: FastifyRequest): Promise<VerificationResponse> {
    const workspaceId = workspaceOf(principal);
    const { display } = await imageVariants(await readUploadedFile(request, this.config.IMAGE_MAX_BYTES));
    const key = `verification/${workspaceId}/${randomUUID()}.webp`;
    await this.store.put(key, display.data, 'image/webp');
    return this.rpc.call(VerificationRpc.addDocument, { workspace_id: workspaceId, document_key: key });
  }

  submit(principal: Principal, body: SubmitVerificationBody): Promise<VerificationResponse> {
    return this.rpc.call(VerificationRpc.submit, { ...body, workspace_id: workspaceOf(principal) });
  }

  async queue(): Promise<VerificationReviewsResponse> {
    const queue = await this.rpc.call(VerificationRpc.queue, {});
    const names = await this.names(queue.data.map((item) => item.workspace_id));
    return {
      object: 'list',
      data: queue.data.map((item) => ({
        ...publicView(item),
        workspace_name: names.get(item.workspace_id) ?? '',
      })),
    };
  }

  async document(workspaceId: string): Promise<StoredImage> {
    const view = await this.rpc.call(VerificationRpc.moderatorView, { workspace_id: reviewed(workspaceId) });
    const image = view.document_key ? await this.store.get(view.document_key) : null;
    if (!image) throw new AppError('not_found', 'This workspace has no verification document on file.');
    return image;
  }

  async decide(
    moderator: Principal,
    workspaceId: string,
    decision: 'approve' | 'reject',
    reason?: string,
  ): Promise<VerificationReviewResponse> {
    const item = await this.rpc.call(VerificationRpc.decide, {
      workspace_id: reviewed(workspaceId),
      moderator_id: moderator.accountId,
      decision,
      ...(reason !== undefined ? { reason } : {}),
    });
    return { ...publicView(item), workspace_name: (await this.names([workspaceId])).get(workspaceId) ?? '' };
  }

  /** The broker of a listing, as a property detail shows it. */
  async brokerOf(workspaceId: string): Promise<PropertyBroker | null> {
    const [workspace, verification] = await Promise.all([
      this.workspace({ id: workspaceId }),
      this.rpc.call(VerificationRpc.get, { workspace_id: workspaceId }),
    ]);
    return workspace
      ? { name: workspace.name, slug: workspace.slug, verified: verification.status === 'approved' }
      : null;
  }

  /** A broker workspace's public page: name, badge, newest published listings. */
  async page(slug: string): Promise<BrokerPageResponse> {
    const workspace = await this.workspace({ slug });
    if (!workspace) throw new AppError('not_found', 'There is no broker at this address.');
    const data = await this.rpc.call(VerificationRpc.brokerPage, { workspace_id: workspace.id });
    const properties = await Promise.all(
      data.listing_ids.slice(0, PAGE_LISTINGS).map((id) => this.rpc.call(PropertiesRpc.get, { id }).catch(() => null)),
    );
    return {
      object: 'broker',
      slug: workspace.slug,
      name: workspace.name,
      broker_kind: workspace.broker_kind,
      verified: data.verified,
      listing_count: data.listing_count,
      properties: properties.filter((item): item is PropertyDetail => item !== null).map(itemOf),
    };
  }

  private async workspace(by: { id: string } | { slug: string }): Promise<WorkspaceRow | null> {
    const rows = await this.identity.query<WorkspaceRow[]>(
      `SELECT id, name, slug, broker_kind FROM identity.workspaces WHERE kind = 'broker' AND ${'id' in by ? 'id' : 'slug'} = $1`,
      ['id' in by ? by.id : by.slug],
    );
    return rows[0] ?? null;
  }

  private async names(ids: string[]): Promise<Map<string, string>> {
    const rows = await this.identity.query<{ id: string; name: string }[]>(
      `SELECT id, name FROM identity.workspaces WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}

/** A malformed id names no workspace under review: 404, as an unknown one. */
function reviewed(workspaceId: string): string {
  if (!isUUID(workspaceId)) throw new AppError('not_found', 'This workspace has submitted no verification.');
  return workspaceId;
}

/** A queue item without the store key of its document (moderators fetch the document by workspace). */
function publicView(item: VerificationQueueItem): Omit<VerificationQueueItem, 'document_key'> {
  const view: Partial<VerificationQueueItem> = { ...item };
  delete view.document_key;
  return view as Omit<VerificationQueueItem, 'document_key'>;
}

/** The search item's fields of a property detail: the page lists, it does not detail. */
function itemOf(detail: PropertyItem): PropertyItem {
  return Object.fromEntries(PROPERTY_ITEM_FIELDS.map((field) => [field, detail[field]])) as unknown as PropertyItem;
}
