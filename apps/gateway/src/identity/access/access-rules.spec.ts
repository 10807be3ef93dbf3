import type { Principal } from '@app/contracts';
import { assertAllowed, isAllowed } from './access-rules';

const buyer: Principal = { kind: 'user', accountId: 'a1', accountRole: 'buyer' };
const invitedAgent: Principal = { ...buyer, workspaceId: 'w1', workspaceRole: 'agent' };
const invitedAdmin: Principal = { ...buyer, workspaceId: 'w1', workspaceRole: 'admin' };
const key: Principal = { kind: 'api_key', apiKeyId: 'k1', accountId: 'a1', workspaceId: 'w1', workspaceRole: 'owner' };

describe('access rules', () => {
  it('should follow the workspace role, not the sign-up role', () => {
    expect(isAllowed(invitedAgent, { permission: 'listings:manage' })).toBe(true);
    expect(isAllowed(invitedAgent, { permission: 'team:manage' })).toBe(false);
    expect(isAllowed(invitedAdmin, { permission: 'team:manage' })).toBe(true);
    expect(isAllowed(key, { permission: 'billing:manage' })).toBe(true);
  });

  it('should refuse a workspace permission to someone in no workspace, saying so', () => {
    expect(isAllowed(buyer, { permission: 'listings:manage' })).toBe(false);
    expect(() => assertAllowed(buyer, { permission: 'listings:manage' })).toThrow(
      expect.objectContaining({ error: 'forbidden', message: 'This needs a broker or developer workspace.' }),
    );
    expect(() => assertAllowed(invitedAgent, { permission: 'api_keys:manage' })).toThrow(
      expect.objectContaining({ message: 'Your workspace role does not allow this (api_keys:manage).' }),
    );
  });

  it('should keep staff routes for staff, and let anyone through a rule without a permission', () => {
    expect(isAllowed(invitedAdmin, { staff: true })).toBe(false);
    expect(isAllowed({ ...buyer, staff: true }, { staff: true })).toBe(true);
    expect(isAllowed(buyer, {})).toBe(true);
  });
});
