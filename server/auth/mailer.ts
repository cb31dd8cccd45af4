// Outgoing mail through the SMTP server from the environment. Without SMTP a clear error,
// never a silent success.
import type { Config } from '../config';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export function mailConfigured(config: Config): boolean {
  return config.smtp !== null;
}

export async function sendMail(config: Config, mail: Mail): Promise<void> {
  if (!config.smtp) {
    throw new ApiError(ErrorCode.GENERIC, 'Mail is not configured on this server (set SMTP_HOST); ask an administrator to reset your password');
  }
  const s = config.smtp;
  // loaded on first use: most servers never send mail
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: s.host,
    port: s.port,
    secure: s.secure,
    auth: s.user ? { user: s.user, pass: s.pass } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  });
  try {
    await transport.sendMail({ from: s.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  } catch (e) {
    throw new ApiError(ErrorCode.GENERIC, 'Could not send mail: {reason}', { reason: (e as Error).message.slice(0, 200) });
  }
}
