import fs from 'node:fs';
import path from 'node:path';
import type { DemoCredentials, DemoLogin } from '../../gateway/src/identity/demo/demo-workspace';

export const DEMO_CREDENTIALS_FILE = 'demo-credentials.json';

/**
 * The demo key's secret exists once, when the seed creates it: keep it (mode 0600) in
 * DATA_DIR beside the database so every later start can show it again.
 */
export function saveDemoCredentials(dataDir: string, credentials: DemoCredentials): string {
  const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600); // writeFileSync's mode applies only when it creates the file
  return file;
}

/** The saved credentials, or nothing when there is no readable file. */
export function readDemoCredentials(dataDir: string): { file: string; credentials: DemoCredentials } | null {
  const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const parsed: unknown = JSON.parse(text);
  if (!isDemoCredentials(parsed)) return null;
  return { file, credentials: parsed };
}

/**
 * The developer demo, made on a later start than the broker's when the data directory predates
 * it: its login joins the saved ones and its widget is remembered for the banner's link.
 */
export function addDeveloperDemo(dataDir: string, login: DemoLogin, widgetId: string): void {
  const saved = readDemoCredentials(dataDir);
  if (!saved) return; // no file to add to: the broker demo's key is gone, nothing is printed anyway
  const logins = saved.credentials.logins.filter((existing) => existing.email !== login.email);
  saveDemoCredentials(dataDir, { ...saved.credentials, logins: [...logins, login], widget_id: widgetId });
}

/** The lines printed below the start-up banner; `gateway`: the base of the widget demo's link. */
export function demoBannerLines(file: string, credentials: DemoCredentials, gateway?: string): string[] {
  const width = Math.max(...credentials.logins.map((login) => login.email.length));
  return [
    `  API key  ${credentials.api_key} (demo workspace; saved in ${file})`,
    ...credentials.logins.map((login) => `  Login    ${login.email.padEnd(width)}  ${login.password}  (${login.role})`),
    ...(credentials.widget_id && gateway
      ? [`  Widget   ${gateway}/widget-demo?widget=${credentials.widget_id}  (the developer demo's chat)`]
      : []),
  ];
}

function isDemoCredentials(value: unknown): value is DemoCredentials {
  if (typeof value !== 'object' || value === null) return false;
  const { api_key: apiKey, logins } = value as Record<string, unknown>;
  return (
    typeof apiKey === 'string' &&
    Array.isArray(logins) &&
    logins.every(
      (login: unknown) =>
        typeof login === 'object' &&
        login !== null &&
        ['email', 'password', 'role'].every((field) => typeof (login as Record<string, unknown>)[field] === 'string'),
    )
  );
}
