import { IsEmail, IsInt, IsOptional, IsString, Matches, Max, Min } from '@app/validation';
import { BaseEnv, ToInteger, defineAppConfig } from '@app/config';

export class NotificationEnv extends BaseEnv {
  /** Where mail goes: `smtp://user:pass@host:587` or `smtps://…`. Unset: written to MAIL_DIR as .eml files. */
  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  /** Without SMTP_URL, each mail is written here as an .eml file (standalone: DATA_DIR/mail). */
  @IsOptional()
  @IsString()
  MAIL_DIR?: string;

  /** The sender of every mail. */
  @IsEmail()
  MAIL_FROM = 'no-reply@property-platform.local';

  /** Links in messages point here (the dashboard or the API's docs). */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'must be an http(s) URL' })
  PUBLIC_URL?: string;

  /**
   * The page an invitee opens to join (the dashboard's), given the token in the fragment:
   * `<INVITATION_ACCEPT_URL>#token=<token>`; it posts it to POST /v1/invitations/accept.
   * Default `<PUBLIC_URL>/invitations/accept`.
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/#]+(\/[^\s#]*)?$/, { message: 'must be an http(s) URL without a fragment' })
  INVITATION_ACCEPT_URL?: string;

  /** How often the delivery worker looks for messages due. */
  @ToInteger()
  @IsInt()
  @Min(50)
  @Max(60_000)
  NOTIFICATION_POLL_MS = 1000;

  /**
   * How long a claimed message is held before another sender may take it: the time a
   * crashed sender's messages wait. Longer than any send takes, or a slow send goes twice.
   */
  @ToInteger()
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  NOTIFICATION_LEASE_MS = 60_000;

  /** Attempts per message before it is dead-lettered (status `dead`, with the last error). */
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(50)
  NOTIFICATION_MAX_ATTEMPTS = 8;

  /** First retry delay; doubles each attempt, capped at one hour. */
  @ToInteger()
  @IsInt()
  @Min(10)
  @Max(3_600_000)
  NOTIFICATION_RETRY_BASE_MS = 5000;

  /**
   * WhatsApp Cloud API (Meta Graph) base URL with its version. Workspaces connect their own
   * numbers through it; WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID add the platform's own
   * number for workspaces that connected none (both or neither).
   */
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'must be an http(s) URL' })
  WHATSAPP_API_URL = 'https://graph.facebook.com/v21.0';

  @IsOptional()
  @IsString()
  WHATSAPP_TOKEN?: string;

  @IsOptional()
  @Matches(/^\d{5,20}$/, { message: 'must be the numeric phone number id' })
  WHATSAPP_PHONE_NUMBER_ID?: string;

  /** The approved message template carrying one body parameter (the notification's summary). */
  @IsString()
  WHATSAPP_TEMPLATE = 'property_notification';

  /** Web push (VAPID): the key pair and a contact. Unset: standalone generates a pair into DATA_DIR. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{87}$/, { message: 'must be a VAPID public key (base64url, 65 bytes)' })
  VAPID_PUBLIC_KEY?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'must be a VAPID private key (base64url, 32 bytes)' })
  VAPID_PRIVATE_KEY?: string;

  @Matches(/^(mailto:|https:\/\/)\S+$/, { message: 'must be a mailto: or https: URL' })
  VAPID_SUBJECT = 'mailto:ops@property-platform.local';

  /**
   * 32 random bytes, base64: encrypts the secrets this service must read back, at rest: webhook
   * signing secrets and workspaces' WhatsApp access tokens. Unset: neither webhooks nor WhatsApp
   * connections can be created (standalone generates one into DATA_DIR).
   */
  @IsOptional()
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'must be 32 bytes in base64 (openssl rand -base64 32)' })
  WEBHOOK_SECRET_KEY?: string;

  /**
   * 32 random bytes, base64, the same as the gateway's: opens the accept token an invitation
   * event carries sealed, for the invitee's e-mail. Unset: invitation e-mails are not sent.
   */
  @IsOptional()
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'must be 32 bytes in base64 (openssl rand -base64 32)' })
  INVITATION_TOKEN_KEY?: string;

  /** How long a webhook delivery is retried (exponential backoff) before it is marked failed. */
  @ToInteger()
  @IsInt()
  @Min(1000)
  @Max(7 * 86_400_000)
  WEBHOOK_RETRY_WINDOW_MS = 86_400_000;

  /** The receiver must answer within this. */
  @ToInteger()
  @IsInt()
  @Min(100)
  @Max(60_000)
  WEBHOOK_TIMEOUT_MS = 10_000;
}

export const notificationConfig = defineAppConfig('notification', NotificationEnv);
