import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CreateAccountBody } from '@app/contracts';

const valid = { email: 'sara@example.com', password: 'correct horse battery', name: 'Sara', role: 'buyer' };

async function check(body: Record<string, unknown>): Promise<{ dto: CreateAccountBody; failed: string[] }> {
  const dto = plainToInstance(CreateAccountBody, body);
  const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
  return { dto, failed: errors.map((e) => e.property) };
}

describe('CreateAccountBody', () => {
  it('should pass when a buyer sends the required fields', async () => {
    expect((await check(valid)).failed).toEqual([]);
  });

  it('should require broker_kind when the role is broker', async () => {
    expect((await check({ ...valid, role: 'broker' })).failed).toEqual(['broker_kind']);
    expect((await check({ ...valid, role: 'broker', broker_kind: 'agency' })).failed).toEqual(['broker_kind']);
    expect((await check({ ...valid, role: 'broker', broker_kind: 'company' })).failed).toEqual([]);
  });

  it('should refuse broker_kind when the role is not broker', async () => {
    expect((await check({ ...valid, role: 'developer', broker_kind: 'individual' })).failed).toEqual(['broker_kind']);
  });

  it('should refuse workspace_name when the role has no workspace', async () => {
    expect((await check({ ...valid, workspace_name: 'Mine' })).failed).toEqual(['workspace_name']);
    expect((await check({ ...valid, role: 'developer', workspace_name: 'Mine' })).failed).toEqual([]);
  });

  it('should store the phone in E.164 when it is a readable national number', async () => {
    const { dto, failed } = await check({ ...valid, phone: '٠٥٠١٢٣٤٥٦٧' });
    expect(failed).toEqual([]);
    expect(dto.phone).toBe('+966501234567');
  });

  it('should refuse the phone when it is not a phone number', async () => {
    expect((await check({ ...valid, phone: '+966123' })).failed).toEqual(['phone']);
    expect((await check({ ...valid, phone: 501234567 })).failed).toEqual(['phone']);
  });

  it('should trim the name and keep Arabic exactly when it is given', async () => {
    const { dto, failed } = await check({ ...valid, name: '  سارة العتيبي  ' });
    expect(failed).toEqual([]);
    expect(dto.name).toBe('سارة العتيبي');
    expect((await check({ ...valid, name: '   ' })).failed).toEqual(['name']);
    expect((await check({ ...valid, name: 'x'.repeat(121) })).failed).toEqual(['name']);
  });

  it('should bound the password when it is too short or too long', async () => {
    expect((await check({ ...valid, password: 'x'.repeat(9) })).failed).toEqual(['password']);
    expect((await check({ ...valid, password: 'x'.repeat(10) })).failed).toEqual([]);
    expect((await check({ ...valid, password: 'x'.repeat(128) })).failed).toEqual([]);
    expect((await check({ ...valid, password: 'x'.repeat(129) })).failed).toEqual(['password']);
  });
});
