import { eventually } from './eventually';
import type { ReceivedMail, SmtpSink } from './smtp-sink';

/** Fast delivery for tests that wait for mail. */
export const FAST_MAIL_ENV = {
  NOTIFICATION_POLL_MS: '100',
  NOTIFICATION_MAX_ATTEMPTS: '2',
  NOTIFICATION_RETRY_BASE_MS: '50',
};

/** The token from the accept link `…/invitations/accept#token=<token>`, the same in the text and HTML parts. */
export function acceptTokenIn(mail: ReceivedMail): string {
  const link = /\S+\/invitations\/accept#token=(\S+)/.exec(mail.text);
  if (!link) throw new Error(`No accept link in:\n${mail.text}`);
  if (!mail.html.includes(link[0])) throw new Error(`The HTML part lacks the link ${link[0]}`);
  return decodeURIComponent(link[1]);
}

/**
 * The accept token of the latest invitation mailed to `address` (the only place an invitee
 * gets it), once at least `count` invitations reached that address.
 */
export async function mailedAcceptToken(smtp: SmtpSink, address: string, count = 1): Promise<string> {
  // An invitee with an account of their own also gets other mail (the sign-up's verification link).
  const invitations = (mail: ReceivedMail[]) => mail.filter((item) => item.text.includes('/invitations/accept#token='));
  const mail = invitations(
    await eventually(
      () => smtp.to(address),
      (received) => invitations(received).length >= count,
    ),
  );
  if (mail.length < count) throw new Error(`No invitation mail reached ${address}`);
  return acceptTokenIn(mail[mail.length - 1]);
}
