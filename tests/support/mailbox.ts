import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A real SMTP server (smtp-server) on loopback that keeps every message it receives. */
export function mailbox() {
  const messages: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, done) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (d: string) => (raw += d));
      stream.on("end", () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  const listening = new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port)),
  );
  return { messages, listening, close: () => new Promise<void>((r) => server.close(() => r())) };
}
