import { Inject, Injectable, Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** A stable Message-ID (`<…@…>`) for a message that may be handed over again after a crash: the copies are the same message. */
  messageId?: string;
}

/**
 * Whether an address can never be delivered: the reserved top-level domain `invalid` (RFC 2606),
 * the address an erased account keeps (`supprime-{id}@invalid`, ADR 0015). Never mailed.
 */
export const isUndeliverable = (to: string): boolean => /[@.]invalid$/i.test(to.trim());

/** The text with the centre's name under the usual signature delimiter (« -- »), when it is set. */
function signed(text: string, name: string | null): string {
  return name ? `${text.replace(/\s+$/, '')}\n\n-- \n${name}\n` : text;
}

/**
 * Mail through SMTP (nodemailer). Without SMTP_HOST, messages are written to the log instead,
 * so that a development start needs no mail server.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  private signature: (() => Promise<string | null>) | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const smtp = config.smtp;
    this.transport = smtp.host
      ? nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
          // Certificates are checked (STARTTLS included) unless SMTP_TLS_INSECURE says otherwise (a local mail catcher).
          tls: { rejectUnauthorized: !smtp.tlsInsecure },
        })
      : nodemailer.createTransport({ jsonTransport: true });
  }

  /**
   * Who signs every e-mail: the centre context gives its name (docs/adr/0032), read at each send;
   * null (not set yet) sends the message as written.
   */
  signWith(signature: () => Promise<string | null>): void {
    this.signature = signature;
  }

  async send(message: MailMessage): Promise<void> {
    if (isUndeliverable(message.to)) throw new Error('adresse non distribuable (compte effacé)');
    const name = (await this.signature?.().catch(() => null)) ?? null;
    const info = await this.transport.sendMail({ ...message, from: this.sender(name), text: signed(message.text, name) });
    if (!this.config.smtp.host) this.logger.log(`E-mail (SMTP non configuré) à ${message.to} : ${message.subject}`);
    else this.logger.debug(`E-mail envoyé à ${message.to} (${info.messageId})`);
  }

  /**
   * The sender: the configured address with the centre's name as its display name once it is set
   * (docs/adr/0049: « Horizon Compétences <no-reply@…> » instead of « LMS Centre de formation »);
   * before, SMTP_FROM as configured.
   */
  private sender(name: string | null): string | { name: string; address: string } {
    const from = this.config.smtp.from;
    if (!name) return from;
    const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
    return { name, address };
  }

  /** For notices that must not undo the change they report: a failure is logged, not thrown. */
  async sendSafely(message: MailMessage): Promise<boolean> {
    try {
      await this.send(message);
      return true;
    } catch (error) {
      this.logger.warn(`Échec de l'envoi de l'e-mail à ${message.to} : ${String(error)}`);
      return false;
    }
  }
}
