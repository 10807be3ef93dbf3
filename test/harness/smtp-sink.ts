import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string | undefined;
  /** The Message-ID header: the platform's delivery id, the same if a message is ever sent twice. */
  messageId: string | undefined;
}

export interface SmtpSink {
  url: string;
  mail: ReceivedMail[];
  /** Mail to one address so far. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port that keeps what it receives, parsed. Recipients
 * containing `bounce` are refused with a permanent 550, as a mailbox that does not exist.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mail: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.includes('bounce')) return callback(new Error('550 No such mailbox'));
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed: ParsedMail) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          mail.push({
            to: to?.value[0]?.address ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            language: parsed.headers.get('content-language') as string | undefined,
            messageId: parsed.messageId,
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mail,
    to: (address) => mail.filter((item) => item.to === address.toLowerCase()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
