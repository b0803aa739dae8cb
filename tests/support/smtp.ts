/**
 * A tiny SMTP server that accepts every message and records it (envelope, headers, body): the
 * app servers under test send their outbox e-mails to it through nodemailer over SMTP_URL.
 * Plain SMTP only (no STARTTLS, no AUTH). `delayMs` slows every answer to DATA's end.
 */
import net from "node:net";

export type ReceivedMail = { from: string; to: string[]; data: string; subject: string; messageId: string };

export type SmtpSink = {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
};

export async function startSmtpSink(opts: { delayMs?: number } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let from = "";
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 sink.test ESMTP ready");

    const finishMessage = (raw: string) => {
      const data = raw.replace(/^\r\n/, "").replace(/\r\n\.\./g, "\r\n.");
      const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(data.split("\r\n\r\n")[0] ?? "")?.[1]?.trim() ?? "";
      received.push({ from, to, data, subject: header("Subject"), messageId: header("Message-ID") });
      from = "";
      to = [];
      setTimeout(() => reply("250 2.0.0 queued"), opts.delayMs ?? 0);
    };

    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          const raw = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          finishMessage(raw);
          continue;
        }
        const nl = buffer.indexOf("\r\n");
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") {
          reply("250-sink.test");
          reply("250-8BITMIME");
          reply("250 SMTPUTF8");
        } else if (verb === "HELO") reply("250 sink.test");
        else if (verb === "MAIL") {
          from = /<([^>]*)>/.exec(line)?.[1] ?? "";
          reply("250 2.1.0 OK");
        } else if (verb === "RCPT") {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          reply("250 2.1.5 OK");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 End data with <CR><LF>.<CR><LF>");
          // A message whose data starts right away: "\r\n.\r\n" search needs the leading CRLF.
          buffer = `\r\n${buffer}`;
        } else if (verb === "RSET" || verb === "NOOP") reply("250 OK");
        else if (verb === "QUIT") {
          reply("221 Bye");
          socket.end();
          return;
        } else reply("502 5.5.2 Command not recognized");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
