import type { Invitation } from './invitation.entity';
import type { Workspace } from './workspace.entity';
import { toAcceptedMemberResponse, toInvitationResponse } from './invitation.mapper';
import { toMemberListResponse, toWorkspaceResponse } from './workspace.mapper';

const at = new Date('2025-11-22T09:30:00.000Z');

const invitation: Invitation = {
  id: '9d1f6c2e-4b3a-4e5f-8a7b-1c2d3e4f5a6b',
  workspaceId: 'w',
  emailNormalized: 'khalid@alnoor.sa',
  role: 'agent',
  tokenHash: 'secret-hash',
  invitedBy: 'a',
  createdAt: at,
  expiresAt: new Date('2025-11-29T09:30:00.000Z'),
  acceptedAt: null,
  revokedAt: null,
};

describe('workspace mappers', () => {
  it('should map a workspace with its member count when rendered', () => {
    const workspace: Workspace = {
      id: 'w',
      name: 'Al Noor',
      kind: 'broker',
      brokerKind: 'company',
      defaultLanguage: 'ar',
      timeZone: 'Asia/Dubai',
      createdAt: at,
    };
    expect(toWorkspaceResponse(workspace, 3)).toEqual({
      object: 'workspace',
      id: 'w',
      name: 'Al Noor',
      kind: 'broker',
      broker_kind: 'company',
      created_at: '2025-11-22T09:30:00.000Z',
      member_count: 3,
      default_language: 'ar',
      time_zone: 'Asia/Dubai',
    });
  });

  it('should use the account id as the member id when members are listed', () => {
    const list = toMemberListResponse([{ accountId: 'a', name: 'نورة', email: 'n@x.sa', role: 'owner', joinedAt: at }]);
    expect(list).toEqual({
      object: 'list',
      total: 1,
      data: [{ object: 'member', id: 'a', name: 'نورة', email: 'n@x.sa', role: 'owner', joined_at: at.toISOString() }],
    });
  });

  it('should never carry the token hash when an invitation is rendered', () => {
    expect(JSON.stringify(toInvitationResponse(invitation))).not.toContain('secret-hash');
  });

  it('should name the workspace joined when an acceptance is rendered', () => {
    const member = { accountId: 'a', name: 'Khalid', email: 'k@x.sa', role: 'agent' as const, joinedAt: at };
    expect(toAcceptedMemberResponse(member, { id: 'w', name: 'Al Noor' })).toEqual({
      object: 'member',
      id: 'a',
      name: 'Khalid',
      email: 'k@x.sa',
      role: 'agent',
      workspace: { id: 'w', name: 'Al Noor' },
    });
  });
});
