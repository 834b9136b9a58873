import nodemailer, { type Transporter } from "nodemailer";
import { logError, logInfo } from "../platform/log";
import { perProcess } from "../platform/process-state";
import { envStr, envStrOpt } from "../platform/config";

/**
 * Outgoing email, for any feature (password reset now; invitations later). SMTP_URL configures
 * the transport (smtp://user:pass@host:587, smtps://…:465); SMTP_FROM is the sender (default
 * "Statline <no-reply@localhost>"). Without SMTP_URL nothing is sent: the message's text goes to
 * the server log instead, for the operator to pass on (a self-hosted install with no mail server).
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export type Delivery = "sent" | "logged" | "failed";

export const mailConfigured = () => Boolean(envStrOpt("SMTP_URL"));

const transports = perProcess("mail-transport", () => new Map<string, Transporter>());

function transport(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    // Bounded: a dead mail server must not hold a request for minutes (nodemailer's default).
    t = nodemailer.createTransport(url, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transports.set(url, t);
  }
  return t;
}

/** Sends one plain-text message; never throws (a failure is logged without the message body). */
export async function sendMail(mail: Mail): Promise<Delivery> {
  const url = envStrOpt("SMTP_URL");
  if (!url) {
    logInfo(`mail not sent (SMTP_URL is not set); for ${mail.to}: ${mail.subject}\n${mail.text}`);
    return "logged";
  }
  try {
    await transport(url).sendMail({
      from: envStr("SMTP_FROM"),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    return "sent";
  } catch (err) {
    logError("mail delivery failed", err, { subject: mail.subject });
    return "failed";
  }
}
