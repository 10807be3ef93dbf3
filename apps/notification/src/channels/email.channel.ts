import { Injectable, Logger } from '@nestjs/common';
import type { OnModuleDestroy } from '@nestjs/common';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Recipient } from '@app/contracts';
import { InjectConfig } from '@app/config';
import type { AppConfig } from '@app/config';
import { notificationConfig } from '../config/notification.env';
import type { DeliveryRow } from '../deliveries/deliveries.repository';
import { Channel } from './channel';

/**
 * E-mail through SMTP (nodemailer, `SMTP_URL`). Without it, each message is written to
 * MAIL_DIR as an .eml file a newcomer can open; with neither, mail is not set up and the
 * rule skips the channel.
 */
@Injectable()
export class EmailChannel extends Channel implements OnModuleDestroy {
  readonly name = 'email' as const;
  private readonly logger = new Logger(EmailChannel.name);
  private readonly configured: boolean;
  /** Made at the first mail: nodemailer (some 40 modules) stays out of an idle process. */
  private transport: Transporter | null = null;

  constructor(@InjectConfig(notificationConfig) private readonly config: AppConfig<typeof notificationConfig>) {
    super();
    this.configured = Boolean(config.SMTP_URL || config.MAIL_DIR);
  }

  addressesOf(recipient: Recipient): Promise<string[]> {
    return Promise.resolve(this.configured ? [recipient.email] : []);
  }

  async send(delivery: DeliveryRow): Promise<void> {
    if (!this.configured) throw new Error('E-mail is not set up (SMTP_URL or MAIL_DIR)');
    const info = (await this.mailer().sendMail({
      from: this.config.MAIL_FROM,
      to: delivery.address,
      subject: delivery.message.subject,
      text: delivery.message.text,
      html: delivery.message.html,
      headers: { 'Content-Language': delivery.language, ...unsubscribeHeaders(delivery.message.unsubscribe_url) },
      messageId: `<${delivery.id}@property-platform>`,
    })) as { message?: Buffer };
    if (!this.config.SMTP_URL && this.config.MAIL_DIR && info.message) this.writeEml(delivery, info.message);
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }

  private mailer(): Transporter {
    if (!this.transport) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const nodemailer = require('nodemailer') as typeof Nodemailer;
      this.transport = this.config.SMTP_URL
        ? nodemailer.createTransport(this.config.SMTP_URL)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
    return this.transport;
  }

  private writeEml(delivery: DeliveryRow, raw: Buffer): void {
    mkdirSync(this.config.MAIL_DIR!, { recursive: true });
    const file = path.join(
      this.config.MAIL_DIR!,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${delivery.kind}-${delivery.id}.eml`,
    );
    writeFileSync(file, raw);
    this.logger.log({ file }, 'Mail written (no SMTP_URL)');
  }
}

/**
 * RFC 2369 and RFC 8058: a mail client's own unsubscribe button, which POSTs
 * `List-Unsubscribe=One-Click` to the link (no login: the link is signed for its one search).
 */
function unsubscribeHeaders(url: string | undefined): Record<string, string> {
  return url ? { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {};
}
