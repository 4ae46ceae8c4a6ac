/**
 * Test support: a loopback HTTP server that answers the real `braintree` SDK with recorded
 * Braintree API responses (XML, as Braintree sends them, from ./fixtures), one exchange per request,
 * in order, and remembers each request (method, path, JSON body, headers). The SDK is the real one:
 * its request signatures, XML parsing and result classes all run. No network is used.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import braintree from "braintree";
import type { BraintreeAccount } from "./accounts";
import type { BraintreeSdkGateway } from "./braintree-gateway";

export interface RecordedExchange {
  method: "GET" | "POST" | "PUT";
  /** The path after /merchants/<merchant id>, e.g. "/transactions". */
  path: string;
  /** A fixture name (fixtures/<name>.xml); "drop" closes the connection without an answer (a lost response). */
  response: string | "drop";
  status?: number;
}

export interface RecordedRequest {
  method: string;
  merchantId: string;
  path: string;
  body: Record<string, unknown> | null;
  authorization: string | undefined;
}

export function fixtureXml(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}.xml`, import.meta.url), "utf8");
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startRecordedBraintree() {
  const queue: RecordedExchange[] = [];
  const requests: RecordedRequest[] = [];
  const mismatches: string[] = [];

  const server = createServer(async (request, response) => {
    const text = await readBody(request);
    const match = /^\/merchants\/([^/]+)(\/.*)$/.exec(request.url ?? "");
    const recorded: RecordedRequest = {
      method: request.method ?? "",
      merchantId: match?.[1] ?? "",
      path: match?.[2] ?? request.url ?? "",
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
      authorization: request.headers.authorization,
    };
    requests.push(recorded);
    const next = queue.shift();
    if (!next || next.method !== recorded.method || next.path !== recorded.path) {
      mismatches.push(`${recorded.method} ${recorded.path} (expected ${next ? `${next.method} ${next.path}` : "nothing"})`);
      response.writeHead(500).end();
      return;
    }
    if (next.response === "drop") {
      request.socket.destroy();
      return;
    }
    response.writeHead(next.status ?? 200, { "Content-Type": "application/xml; charset=utf-8" }).end(fixtureXml(next.response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = String((server.address() as AddressInfo).port);

  return {
    requests,
    mismatches,
    /** Queues the answers for the next requests, in order. */
    expect(...exchanges: RecordedExchange[]) {
      queue.push(...exchanges);
    },
    pending: () => queue.length,
    /** The real SDK gateway for an account, pointed at this server. */
    sdkFor(account: BraintreeAccount): BraintreeSdkGateway {
      const gateway = new braintree.BraintreeGateway({
        environment: new braintree.Environment("127.0.0.1", port, "http://127.0.0.1", false, "127.0.0.1", port),
        merchantId: account.merchantId,
        publicKey: account.publicKey,
        privateKey: account.privateKey,
      });
      return gateway as unknown as BraintreeSdkGateway;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
