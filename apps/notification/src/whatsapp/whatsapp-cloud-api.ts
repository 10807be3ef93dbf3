/** Who a WhatsApp message goes out from: a workspace's own number, or the platform's. */
export interface WhatsAppSender {
  phoneNumberId: string;
  accessToken: string;
  template: string;
}

export interface WhatsAppNumber {
  display_phone_number: string | null;
  verified_name: string | null;
}

/** The Cloud API answered, and not with success. */
export class WhatsAppApiError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`WhatsApp API answered ${status}: ${detail}`);
  }
}

const TIMEOUT_MS = 10_000;

/**
 * The two Cloud API (Meta Graph) calls the platform makes: describe a sending number (to check
 * a token when a workspace connects) and send a template message. `baseUrl` includes the
 * Graph version, e.g. `https://graph.facebook.com/v21.0`.
 */
export class WhatsAppCloudApi {
  constructor(private readonly baseUrl: string) {}

  async describeNumber(sender: Pick<WhatsAppSender, 'phoneNumberId' | 'accessToken'>): Promise<WhatsAppNumber> {
    const url = `${this.root}/${sender.phoneNumberId}?fields=display_phone_number,verified_name`;
    const body = (await this.call(url, sender.accessToken, { method: 'GET' })) as Partial<WhatsAppNumber>;
    return { display_phone_number: body.display_phone_number ?? null, verified_name: body.verified_name ?? null };
  }

  /** A business-initiated message must be an approved template: one body parameter, the text. */
  async sendTemplate(sender: WhatsAppSender, to: string, language: string, text: string): Promise<void> {
    await this.call(`${this.root}/${sender.phoneNumberId}/messages`, sender.accessToken, {
      method: 'POST',
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to,
        type: 'template',
        template: {
          name: sender.template,
          language: { code: language },
          components: [{ type: 'body', parameters: [{ type: 'text', text }] }],
        },
      }),
    });
  }

  private get root(): string {
    return this.baseUrl.replace(/\/+$/, '');
  }

  private async call(url: string, accessToken: string, init: RequestInit): Promise<unknown> {
    const response = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    });
    const text = await response.text();
    if (!response.ok) throw new WhatsAppApiError(response.status, text.slice(0, 300));
    return text ? (JSON.parse(text) as unknown) : {};
  }
}
