import type { Principal } from '@app/contracts';
import { AppError } from '@app/errors';
import { actorFor, assertNewPassword, assertNotOwner, invitationExpiry, isUuid, personFor } from './team-rules';
import { normalizeEmail } from '../accounts/email';

const WORKSPACE = '5b0c3a52-7f1e-4a8e-9d0c-2f7e1c9a4b10';
const ACCOUNT = '0f8e2a61-3c4b-4d1e-8f7a-6b5c4d3e2f10';

const user = (workspaceRole?: 'owner' | 'admin' | 'agent'): Principal => ({
  kind: 'user',
  accountId: ACCOUNT,
  accountRole: 'broker',
  ...(workspaceRole ? { workspaceId: WORKSPACE, workspaceRole } : {}),
});

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('team rules', () => {
  describe('actorFor', () => {
    it('should give the workspace and role when the role holds the permission', () => {
      expect(actorFor(user('admin'), 'team:manage')).toEqual({
        workspaceId: WORKSPACE,
        role: 'admin',
        accountId: ACCOUNT,
      });
    });

    it('should refuse with forbidden when the role lacks the permission', () => {
      expect(errorOf(() => actorFor(user('agent'), 'team:manage')).error).toBe('forbidden');
      expect(errorOf(() => actorFor(user('admin'), 'ownership:transfer')).error).toBe('forbidden');
    });

    it('should refuse with forbidden when the caller has no workspace', () => {
      expect(errorOf(() => actorFor(user(), 'workspace:read')).error).toBe('forbidden');
    });

    it("should act as the owner for the key's creator and refuse what needs a person when the caller is an API key", () => {
      const key: Principal = {
        kind: 'api_key',
        apiKeyId: 'k',
        accountId: 'a',
        workspaceId: WORKSPACE,
        workspaceRole: 'owner',
      };
      expect(actorFor(key, 'team:manage')).toEqual({ workspaceId: WORKSPACE, role: 'owner', accountId: 'a' });
      expect(errorOf(() => personFor(key, 'ownership:transfer'))).toMatchObject({
        error: 'api_key_not_allowed',
        status: 403,
      });
    });
  });

  describe('assertNotOwner', () => {
    it('should point to the ownership transfer when the owner is changed or removed', () => {
      expect(errorOf(() => assertNotOwner('owner', 'change')).message).toContain('ownership-transfer');
      expect(errorOf(() => assertNotOwner('owner', 'remove')).status).toBe(403);
    });

    it('should allow it when the member is an admin or an agent', () => {
      expect(() => assertNotOwner('admin', 'remove')).not.toThrow();
      expect(() => assertNotOwner('agent', 'change')).not.toThrow();
    });
  });

  describe('values', () => {
    it('should accept a uuid and nothing else when ids are checked', () => {
      expect(isUuid(WORKSPACE)).toBe(true);
      expect(isUuid('not-a-uuid')).toBe(false);
      expect(isUuid(`${WORKSPACE}x`)).toBe(false);
      expect(isUuid("1' OR 1=1")).toBe(false);
    });

    it('should trim and lower-case an email when normalising it', () => {
      expect(normalizeEmail('  Khalid@AlNoor.SA ')).toBe('khalid@alnoor.sa');
    });

    it('should expire an invitation seven days later when it is created', () => {
      const now = new Date('2025-11-22T09:30:00.000Z');
      expect(invitationExpiry(now).toISOString()).toBe('2025-11-29T09:30:00.000Z');
    });

    it('should refuse a new password shorter than 10 characters with a field', () => {
      const error = errorOf(() => assertNewPassword('123456789'));
      expect(error.status).toBe(422);
      expect(error.extras.field).toBe('password');
      expect(() => assertNewPassword('1234567890')).not.toThrow();
    });
  });
});
