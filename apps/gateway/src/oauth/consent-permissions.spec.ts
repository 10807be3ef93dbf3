import type { Permission } from '@app/contracts';
import type { McpTool, ToolAudience } from '../mcp/tools/mcp-tool';
import { consentPermissions } from './consent-permissions';

const tool = (audience: ToolAudience) => ({ audience }) as McpTool;
const broker = (permission: Permission) => tool({ kind: 'broker', permission });

describe('consentPermissions', () => {
  it('should list what the reachable tools do, once per permission, in the matrix order', () => {
    const { mcp, rest } = consentPermissions(
      [
        tool({ kind: 'session' }),
        tool({ kind: 'buyer' }),
        broker('api_keys:manage'),
        broker('team:manage'),
        broker('api_keys:manage'),
      ],
      [],
      'en',
    );
    expect(mcp).toEqual([
      'See your account, roles and workspace',
      'Search properties and read listings and price information',
      'Save properties, send inquiries, book viewings and reveal broker phone numbers for you',
      'See team members, invite people, change their roles and remove them',
      'Create and delete API keys',
    ]);
    expect(rest).toEqual([]);
  });

  it('should say what a developer’s tools do where they differ from a broker’s', () => {
    const developer = consentPermissions([tool({ kind: 'developer', permission: 'leads:manage' })], [], 'ar').mcp;
    expect(developer).toContain('تحويل محادثات الموقع إلى عملاء محتملين');
    const brokerLabels = consentPermissions([broker('leads:manage')], [], 'ar').mcp;
    expect(brokerLabels).toContain('عرض العملاء المحتملين ونقلهم بين مراحل المتابعة');
  });

  it('should list only the REST scopes asked for when /mcp is not asked for', () => {
    expect(consentPermissions(null, ['reveal_phone'], 'en')).toEqual({
      mcp: [],
      rest: ['Reveal a listing broker’s phone number (the broker is told, as a lead)'],
    });
  });
});
