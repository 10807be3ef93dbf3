import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type { BuyerRef, LeadSide, Principal, ViewerRef } from '@app/contracts';
import { AppError } from '@app/errors';
import { IdentityDirectory } from '../identity/directory/identity-directory';
import { isSeller } from '../identity/access/principal-workspace';

/**
 * Who acts in a lead, from the credential: identity is the gateway's, so it hands the
 * leads service the buyer's name and contact and the caller's workspace.
 * An API key acts for its creator as a buyer and for its workspace as a broker.
 */
@Injectable()
export class LeadParties {
  constructor(private readonly identity: IdentityDirectory) {}

  async buyer(principal: Principal): Promise<BuyerRef> {
    const found = await this.identity.accountWithWorkspace(principal.accountId);
    if (!found) throw new AppError('invalid_token', 'The account behind this credential no longer exists.');
    const { account } = found;
    return {
      buyer: { account_id: account.id, name: account.name, email: account.email, phone: account.phone },
      ...(principal.workspaceId ? { buyer_workspace_id: principal.workspaceId } : {}),
    };
  }

  /** The account's phone and name (a broker's, for a phone reveal). */
  async contact(accountId: string): Promise<{ name: string; phone: string | null } | null> {
    const found = await this.identity.accountWithWorkspace(accountId);
    return found ? { name: found.account.name, phone: found.account.phone } : null;
  }
}

/** The caller as a reader of threads and bookings: a buyer, and the owner side of their workspace's or own (seller) listings. */
export function viewerOf(principal: Principal): ViewerRef {
  return {
    account_id: principal.accountId,
    ...(principal.workspaceId ? { workspace_id: principal.workspaceId } : {}),
    ...(isSeller(principal) ? { seller_id: principal.accountId } : {}),
  };
}

/** Whose list: asked, or the owner side's for workspace members, keys and sellers, else the caller's own. */
export function sideOf(principal: Principal, asked: LeadSide | undefined): LeadSide {
  if (asked) return asked;
  return principal.workspaceId || isSeller(principal) ? 'broker' : 'buyer';
}

/** A path id that is not a uuid names nothing of yours. */
export function pathId(id: string, what: string): string {
  if (!isUUID(id)) throw new AppError('not_found', `There is no such ${what} among yours.`);
  return id;
}
