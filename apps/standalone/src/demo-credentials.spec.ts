import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDeveloperDemo, demoBannerLines, readDemoCredentials, saveDemoCredentials } from './demo-credentials';

const credentials = {
  api_key: `sk-${'a'.repeat(43)}`,
  logins: [
    { email: 'demo.owner@example.com', password: 'owner-password', role: 'owner' as const },
    { email: 'demo.agent@example.com', password: 'agent-password', role: 'agent' as const },
  ],
};

describe('demo credentials', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-credentials-'));
  });

  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('should write the file readable by its owner only when saving', () => {
    const file = saveDemoCredentials(dataDir, credentials);
    expect(file).toBe(path.join(dataDir, 'demo-credentials.json'));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readDemoCredentials(dataDir)).toEqual({ file, credentials });
  });

  it('should make an existing file 0600 when saving over it', () => {
    const file = path.join(dataDir, 'demo-credentials.json');
    fs.writeFileSync(file, '{}', { mode: 0o644 });
    saveDemoCredentials(dataDir, credentials);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('should read nothing when the file is missing or not credentials', () => {
    expect(readDemoCredentials(dataDir)).toBeNull();
    fs.writeFileSync(path.join(dataDir, 'demo-credentials.json'), '{"api_key": 1}');
    expect(readDemoCredentials(dataDir)).toBeNull();
  });

  it('should add the developer login once and remember the widget when the developer demo is made', () => {
    saveDemoCredentials(dataDir, credentials);
    const developer = { email: 'demo.developer@example.com', password: 'developer-password', role: 'owner' as const };
    addDeveloperDemo(dataDir, developer, 'widget-1');
    addDeveloperDemo(dataDir, developer, 'widget-2');
    expect(readDemoCredentials(dataDir)?.credentials).toEqual({
      ...credentials,
      logins: [...credentials.logins, developer],
      widget_id: 'widget-2',
    });
  });

  it('should link the widget demo page under the logins when there is a widget', () => {
    const lines = demoBannerLines('/f.json', { ...credentials, widget_id: 'w-1' }, 'http://localhost:3000');
    expect(lines.at(-1)).toBe("  Widget   http://localhost:3000/widget-demo?widget=w-1  (the developer demo's chat)");
  });

  it('should print the key and each login when building the banner lines', () => {
    expect(demoBannerLines('/data/demo-credentials.json', credentials)).toEqual([
      `  API key  ${credentials.api_key} (demo workspace; saved in /data/demo-credentials.json)`,
      '  Login    demo.owner@example.com  owner-password  (owner)',
      '  Login    demo.agent@example.com  agent-password  (agent)',
    ]);
  });
});
