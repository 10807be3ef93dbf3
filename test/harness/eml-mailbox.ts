import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export interface EmlMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string | undefined;
  /** Every header, lower-cased names, as text. */
  headers: Record<string, string>;
}

/**
 * The `.eml` mailbox the notification service writes when no SMTP_URL is set (MAIL_DIR): a
 * folder of its own per test file, read and parsed as a mail client would.
 */
export interface EmlMailbox {
  dir: string;
  /** The mail to one address so far, oldest first. */
  to(address: string): Promise<EmlMail[]>;
  remove(): void;
}

export function emlMailbox(): EmlMailbox {
  const dir = mkdtempSync(path.join(tmpdir(), 'eml-mailbox-'));
  const read = async (file: string): Promise<EmlMail> => {
    const mail = await simpleParser(readFileSync(path.join(dir, file)));
    const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
    const headers = Object.fromEntries(
      mail.headerLines.map((line) => [line.key, line.line.slice(line.line.indexOf(':') + 1).trim()]),
    );
    return {
      file,
      to: to?.value[0]?.address ?? '',
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      html: typeof mail.html === 'string' ? mail.html : '',
      language: headers['content-language'],
      headers,
    };
  };
  return {
    dir,
    async to(address) {
      const files = readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.eml'))
        .map((entry) => entry.name)
        .sort();
      // Parsed afresh each time: another process may still have been writing a file at the last look.
      const mail = await Promise.all(files.map(read));
      return mail.filter((item) => item.to === address.toLowerCase());
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
