import fs from 'node:fs';
import path from 'node:path';

/**
 * Standalone sends no real mail unless SMTP_URL is set: the notification service writes each
 * message to DATA_DIR/mail as an .eml file instead. Returns the banner line saying where.
 */
export function standaloneMail(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.SMTP_URL) return '  Mail     sent through SMTP_URL';
  env.MAIL_DIR ??= path.join(path.resolve(dataDir), 'mail');
  const count = fs.existsSync(env.MAIL_DIR) ? fs.readdirSync(env.MAIL_DIR).filter((f) => f.endsWith('.eml')).length : 0;
  return `  Mail     ${env.MAIL_DIR} (${count} message${count === 1 ? '' : 's'}; set SMTP_URL to send real mail)`;
}
