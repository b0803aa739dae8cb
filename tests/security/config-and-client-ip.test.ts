/**
 * Client address and required secrets.
 *   - The client address comes from the server entry (the socket, or X-Forwarded-For only under
 *      TRUST_PROXY), never from a header a client can set (`x-real-client-ip-internal`).
 *   - Production refuses to start without SESSION_SECRET or DOCUMENT_ENCRYPTION_KEY, naming the
 *      variable; development keeps generating them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientAddress } from "~/platform/http/http.server";
import { getClientIp } from "~/platform/http/request.server";
import { startAppServer } from "../support/server";

describe("client address", () => {
  const forged = new Request("http://localhost/login", {
    headers: { "x-real-client-ip-internal": "203.0.113.7", "x-forwarded-for": "198.51.100.9" },
  });

  it("ignores x-real-client-ip-internal and, without TRUST_PROXY, X-Forwarded-For", () => {
    expect(clientAddress(forged, false)).not.toBe("203.0.113.7");
    expect(clientAddress(forged, false)).not.toBe("198.51.100.9");
    expect(clientAddress(forged, true)).toBe("198.51.100.9");
  });

  it("takes the address the server entry put in the load context", () => {
    expect(getClientIp(forged, { clientIp: "192.0.2.44" } as never)).toBe("192.0.2.44");
  });
});

describe("fail closed in production", () => {
  for (const variable of ["SESSION_SECRET", "DOCUMENT_ENCRYPTION_KEY"]) {
    it(`refuses to start without ${variable}, naming it, and writes no generated secret`, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lm-failclosed-"));
      try {
        const err = await startAppServer({
          name: `failclosed-${variable}`,
          env: { [variable]: "", DATA_DIR: dataDir, ACCESS_LOG: "0" },
        }).then(
          () => null,
          (e: Error) => e,
        );
        expect(err?.message).toContain(`${variable} is not set`);
        expect(fs.readdirSync(dataDir)).toEqual([]);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }

  it("development still generates a missing secret and starts", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lm-devsecret-"));
    const s = await startAppServer({
      name: "dev-generated-secrets",
      env: { NODE_ENV: "development", SESSION_SECRET: "", DOCUMENT_ENCRYPTION_KEY: "", DATA_DIR: dataDir, ACCESS_LOG: "0" },
    });
    try {
      expect(s.log()).toContain("SESSION_SECRET is not set: generated one");
      expect(fs.readdirSync(dataDir)).toEqual(expect.arrayContaining(["session-secret", "document-key"]));
    } finally {
      await s.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
