// The few parts of smtp-server and mailparser the tests' local mail server uses (neither ships its own types).
declare module 'smtp-server' {
  import type { Server } from 'node:net';
  import type { Readable } from 'node:stream';
  interface SMTPServerOptions {
    authOptional?: boolean;
    disabledCommands?: string[];
    logger?: boolean;
    onData?(stream: Readable, session: unknown, callback: (err?: Error | null) => void): void;
  }
  export class SMTPServer {
    constructor(options: SMTPServerOptions);
    server: Server;
    listen(port: number, host: string, callback: () => void): void;
    close(callback: () => void): void;
  }
}

declare module 'mailparser' {
  import type { Readable } from 'node:stream';
  interface ParsedMail {
    subject?: string;
    text?: string;
    html?: string | false;
    to?: { text: string } | { text: string }[];
    from?: { text: string };
  }
  export function simpleParser(source: Readable): Promise<ParsedMail>;
}
