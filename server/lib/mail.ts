/**
 * Sends email through the SMTP server of `SMTP_URL` (nodemailer). One transport per URL, kept for
 * the process: it pools connections. Without a configured server nothing is sent and callers say
 * so (`sent: false`): the reference server works without mail.
 */
import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig } from '../types.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header fields (e.g. `List-Unsubscribe`), sent as given. */
  headers?: Record<string, string>;
};

const transports = new Map<string, Transporter>();

function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

/** Sends one message; false when no mail server is configured. Failures throw. */
export async function sendMail(config: Pick<AppConfig, 'mail'>, message: MailMessage): Promise<boolean> {
  if (!config.mail) return false;
  await transportFor(config.mail.smtpUrl).sendMail({ from: config.mail.from, ...message });
  return true;
}

/** Escapes text for the HTML part of a message. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
