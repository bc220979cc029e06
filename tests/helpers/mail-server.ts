import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailServer {
  /** SMTP_URL for the app: plain SMTP on a free loopback port, no authentication. */
  url: string;
  /** Every message received so far, parsed. */
  messages: ReceivedMail[];
  /** Resolves with the n-th message (1-based) once it has arrived. */
  nth(n: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test's process (smtp-server), whose messages are read back with mailparser: the app's
 * email goes through nodemailer and SMTP exactly as it would to a mail provider.
 */
export async function startMailServer(): Promise<MailServer> {
  const messages: ReceivedMail[] = [];
  const waiters: { n: number; resolve: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
          messages.push({ to, from: mail.from?.text ?? '', subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '' });
          for (const w of waiters.filter((w) => messages.length >= w.n)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(messages[w.n - 1]);
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    nth: (n) => (messages.length >= n ? Promise.resolve(messages[n - 1]) : new Promise((resolve) => waiters.push({ n, resolve }))),
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
