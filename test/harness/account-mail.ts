import { eventually } from './eventually';
import type { ReceivedMail, SmtpSink } from './smtp-sink';

export type AccountLinkPage = 'verify-email' | 'reset-password';

/** The token of a `…/<page>#token=<token>` link, the same in the text and HTML parts. */
export function accountLinkToken(mail: ReceivedMail, page: AccountLinkPage): string {
  const link = new RegExp(`\\S+/${page}#token=(\\S+)`).exec(mail.text);
  if (!link) throw new Error(`No ${page} link in:\n${mail.text}`);
  if (!mail.html.includes(link[0])) throw new Error(`The HTML part lacks the link ${link[0]}`);
  return decodeURIComponent(link[1]);
}

/** The token of the latest `page` link mailed to `address`, once at least `count` such mails arrived. */
export async function mailedAccountLinkToken(
  smtp: SmtpSink,
  address: string,
  page: AccountLinkPage,
  count = 1,
): Promise<string> {
  const withLink = (mail: ReceivedMail[]) => mail.filter((item) => item.text.includes(`/${page}#token=`));
  const mail = withLink(
    await eventually(
      () => smtp.to(address),
      (received) => withLink(received).length >= count,
    ),
  );
  if (mail.length < count) throw new Error(`No ${page} mail reached ${address}`);
  return accountLinkToken(mail[mail.length - 1], page);
}
