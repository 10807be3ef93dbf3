import { SecretBox } from '@app/platform';
import { webhookUrlProblem } from './webhook-url';

const resolveTo = (addresses: string[]) => () => Promise.resolve(addresses);

describe('webhook URLs', () => {
  it('should accept https to a public address in production', async () => {
    expect(await webhookUrlProblem('https://hooks.example.com/in', true, resolveTo(['93.184.216.34']))).toBeNull();
  });

  it('should refuse http, private, loopback, link-local and metadata addresses in production', async () => {
    expect(await webhookUrlProblem('http://hooks.example.com/in', true, resolveTo(['93.184.216.34']))).toMatch(/https/);
    for (const address of ['10.0.0.5', '192.168.1.10', '127.0.0.1', '169.254.169.254', '::1', 'fd00::1'])
      expect(await webhookUrlProblem('https://hooks.example.com/in', true, resolveTo([address]))).toMatch(/public/);
    expect(await webhookUrlProblem('https://169.254.169.254/latest', true)).toMatch(/public/);
    // A name that resolves to one public and one private address is refused (DNS tricks).
    expect(
      await webhookUrlProblem('https://mixed.example.com', true, resolveTo(['93.184.216.34', '10.1.1.1'])),
    ).toMatch(/public/);
  });

  it('should allow http to the loopback outside production only', async () => {
    expect(await webhookUrlProblem('http://127.0.0.1:4000/hook', false)).toBeNull();
    expect(await webhookUrlProblem('http://localhost:4000/hook', false)).toBeNull();
    expect(await webhookUrlProblem('http://127.0.0.1:4000/hook', true)).toMatch(/https/);
  });

  it('should refuse what is not a URL, and URLs with credentials', async () => {
    expect(await webhookUrlProblem('not a url', false)).toMatch(/absolute/);
    expect(await webhookUrlProblem('https://user:pw@hooks.example.com', true, resolveTo(['93.184.216.34']))).toMatch(
      /credentials/,
    );
  });
});

describe('webhook secrets at rest', () => {
  const box = new SecretBox(Buffer.alloc(32, 7).toString('base64'));

  it('should open what it sealed, and never store the secret in the clear', () => {
    const sealed = box.seal('whsec_c2VjcmV0');
    expect(sealed).not.toContain('c2VjcmV0');
    expect(box.open(sealed)).toBe('whsec_c2VjcmV0');
  });

  it('should refuse a tampered secret', () => {
    const [v, iv, tag, data] = box.seal('whsec_abc').split('.');
    const flipped = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`;
    expect(() => box.open([v, iv, tag, flipped].join('.'))).toThrow();
  });
});
