// A tiny SMTP sink for the browser suites: accepts every mail on a loopback port and keeps the
// messages so a test can follow the link inside (password reset). No TLS, no auth.
import net from 'node:net';

export interface SmtpSink {
  port: number;
  messages: string[];
  /** resolves with the first message for which `match` is true (polling the received list) */
  waitFor(match: (m: string) => boolean, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

/** acceptDelayMs: a slow server — the reply to a mail's end (and its place in `messages`) comes that late. */
export async function startSmtpSink(opts: { acceptDelayMs?: number } = {}): Promise<SmtpSink> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let data = '';
    const reply = (line: string) => socket.write(line + '\r\n');
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const mail = data;
            data = '';
            const accept = () => {
              messages.push(mail);
              reply('250 OK queued');
            };
            if (opts.acceptDelayMs) setTimeout(accept, opts.acceptDelayMs);
            else accept();
          } else data += (line.startsWith('..') ? line.slice(1) : line) + '\n';
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') reply('250 sink');
        else if (cmd === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (cmd === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 OK');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    messages,
    async waitFor(match, timeoutMs = 20_000) {
      const start = Date.now();
      for (;;) {
        const hit = messages.find(match);
        if (hit) return hit;
        if (Date.now() - start > timeoutMs) throw new Error(`no matching mail in ${timeoutMs} ms (${messages.length} received)`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Undoes quoted-printable soft breaks and =XX escapes (nodemailer encodes long lines). */
export function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}
