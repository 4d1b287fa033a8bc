import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback that keeps every mail it accepts, parsed. It can be stopped and
// started again on the same port, to play a mail server that is down for a while.

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  from: string;
}

export interface SmtpReceiver {
  url: string;
  received: ReceivedMail[];
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer | undefined;
  const start = async () => {
    server = new SMTPServer({
      // Plain SMTP on loopback: no TLS certificate to trust, no login.
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => {
            const to = Array.isArray(mail.to) ? mail.to.map((address) => address.text).join(', ') : (mail.to?.text ?? '');
            received.push({ to, subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '', messageId: mail.messageId ?? '', from: mail.from?.text ?? '' });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    port = (listening.server.address() as { port: number }).port;
  };
  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    start,
    async stop() {
      const closing = server;
      server = undefined;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}
