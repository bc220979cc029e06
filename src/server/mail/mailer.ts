import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Outgoing email (password-reset links) over SMTP_URL, and the jobs that send it. A job runs after the request that
 * started it has been answered, so the answer's timing never depends on whether an email went (or whether an account
 * exists to send one to), and an SMTP server that is slow or down never holds a student's request.
 */
export interface Mailer {
  /** SMTP_URL is set: 비밀번호 찾기 can send a link. */
  readonly enabled: boolean;
  /** Runs `job` once the current answer has gone; its failure is logged, never thrown. */
  later(job: () => Promise<void>): void;
  send(message: MailMessage): Promise<void>;
  /** Resolves once no job is waiting or running (tests, and a closing server). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(mail: Config['mail'], onError: (err: unknown) => void): Mailer {
  const transport = mail ? nodemailer.createTransport(mail.smtpUrl) : null;
  let running = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (running) return;
    const done = waiters;
    waiters = [];
    for (const w of done) w();
  };
  return {
    enabled: transport !== null,
    later(job) {
      running += 1;
      // setImmediate: the handler has returned and Fastify has written the answer before the job starts.
      setImmediate(() => {
        job()
          .catch(onError)
          .finally(() => {
            running -= 1;
            settle();
          });
      });
    },
    async send(message) {
      if (!transport || !mail) throw new Error('SMTP_URL is not set');
      await transport.sendMail({ from: mail.from, ...message });
    },
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      });
    },
    async close() {
      await this.idle();
      transport?.close();
    },
  };
}
