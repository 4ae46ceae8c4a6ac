// A local mail server for the native production shape (ADR 155): the app delivers customer e-mail
// over real SMTP to it, and it keeps every message it accepts as an .eml file in a folder (a mail
// catcher: nothing is relayed). The production suite reads that folder to count deliveries.
//
//   const mail = await startMailServer({ dir, port });   // { port, stop(), messages() }
//   node scripts/mail-server.mjs <dir> [port]            // on its own, Ctrl-C stops it
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
let sequence = 0;

/**
 * @param {{ dir: string, port?: number, host?: string, log?: (message: string) => void }} options
 * @returns {Promise<{ port: number, stop: () => Promise<void>, setDelay: (ms: number) => void, messages: () => { file: string, raw: string }[] }>}
 */
export async function startMailServer({ dir, port = 0, host = "127.0.0.1", log = () => undefined }) {
  mkdirSync(dir, { recursive: true });
  // A slow server (setDelay): each message is answered only this long after its data arrived, so a
  // sender can die in the middle of a send, as it would with a slow real relay.
  let delayMs = 0;
  const hungUp = new Set();
  const server = new SMTPServer({
    // Plain SMTP on loopback, no login: a catcher, as a relay in a private network would be.
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    // Stopping does not wait for a sender's pooled connection to hang up.
    closeTimeout: 500,
    onClose(session) {
      if (delayMs) {
        hungUp.add(session.id);
        setTimeout(() => hungUp.delete(session.id), delayMs + 1000);
      }
    },
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", async () => {
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        // The sender hung up while waiting: like a real server, nothing is delivered.
        if (hungUp.delete(session.id)) return callback(new Error("connection closed"));
        if (stream.sizeExceeded) return callback(Object.assign(new Error("Message too big"), { responseCode: 552 }));
        const name = `${Date.now()}-${process.pid}-${(sequence += 1)}`;
        const envelope = { from: session.envelope.mailFrom?.address ?? null, to: session.envelope.rcptTo.map((rcpt) => rcpt.address) };
        // Written under a temporary name and renamed, so a reader never sees half a message.
        const temporary = path.join(dir, `.${name}.tmp`);
        writeFileSync(temporary, `X-Envelope: ${JSON.stringify(envelope)}\r\n${Buffer.concat(chunks).toString("utf8")}`);
        renameSync(temporary, path.join(dir, `${name}.eml`));
        log(`accepted a message for ${envelope.to.join(", ")}`);
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(undefined);
    });
  });
  server.on("error", (error) => log(`error: ${error.message}`));
  const actualPort = /** @type {import("node:net").AddressInfo} */ (server.server.address()).port;
  return {
    port: actualPort,
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
    setDelay: (ms) => {
      delayMs = ms;
    },
    messages: () =>
      readdirSync(dir)
        .filter((file) => file.endsWith(".eml"))
        .sort()
        .map((file) => ({ file, raw: readFileSync(path.join(dir, file), "utf8") })),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = "data/mail", port = "2525"] = process.argv.slice(2);
  const mail = await startMailServer({ dir: path.resolve(dir), port: Number(port), log: (message) => console.log(`[mail] ${message}`) });
  console.log(`[mail] SMTP on 127.0.0.1:${mail.port}, messages in ${path.resolve(dir)}`);
  process.on("SIGINT", () => mail.stop().then(() => process.exit(0)));
}
