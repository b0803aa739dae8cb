/**
 * Property: random and malformed payloads thrown at the write endpoints always get a 4xx JSON error
 * with a string message, and nothing is written. Each generated payload starts from a valid one,
 * gets random noise on its fields (random JSON values, NaN-like and huge strings) and at least one
 * change that makes it invalid for sure (a wrong value, an unknown or __proto__ key, a body that
 * is not an object, not JSON, not JSON-typed, or too large).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applicationCountOf,
  applicationPayload,
  applicationRow,
  createDraftVia,
  eventsOf,
  registerPayload,
  signedInAdmin,
  signedInApplicant,
  usersMatching,
} from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { Client } from "../support/http";
import { samplePdf } from "../fixtures/documents";
import { getPool } from "~/platform/db/db.server";

const RUNS = 50;
const MARK = `prop-${Date.now().toString(36)}.test`;

type Body = { text: string; contentType: string };
type Breaker = { kind: "set"; key: string; value: unknown } | { kind: "raw"; body: Body };

const nanLike = fc.constantFrom(
  "NaN",
  "Infinity",
  "-Infinity",
  "1e5",
  "-1000",
  "0x10",
  " ",
  "25,000",
  "null",
  "undefined",
  "[]",
  "{}",
  "１０００",
  "\u0000",
  "'; DROP TABLE users; --",
);
const anyValue = fc.oneof(
  nanLike,
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant("x".repeat(5_000)),
);
const nonObject = fc.oneof(
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
const wrongType = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string(), { maxKeys: 2 }),
);
const notJson = fc.string({ maxLength: 40 }).filter((s) => {
  try {
    JSON.parse(s);
    return false;
  } catch {
    return true;
  }
});

/** Breakers every JSON endpoint refuses, whatever else the payload holds. */
function genericBreakers(allowed: readonly string[]): fc.Arbitrary<Breaker>[] {
  const unknownKey = fc
    .oneof(
      fc.constantFrom("__proto__", "constructor", "prototype", "toString", "role;", "isAdmin"),
      fc.string({ minLength: 1, maxLength: 12 }),
    )
    .filter((k) => !allowed.includes(k));
  return [
    fc.record({ kind: fc.constant("set" as const), key: unknownKey, value: anyValue }),
    nonObject.map((v): Breaker => ({ kind: "raw", body: { text: JSON.stringify(v), contentType: "application/json" } })),
    notJson.map((t): Breaker => ({ kind: "raw", body: { text: t, contentType: "application/json" } })),
    fc
      .constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "application/json; charset=latin1",
      )
      .map((ct): Breaker => ({ kind: "raw", body: { text: "{}", contentType: ct } })),
    fc.constant<Breaker>({ kind: "raw", body: { text: JSON.stringify({ pad: "x".repeat(70 * 1024) }), contentType: "application/json" } }),
  ];
}

const set = (key: string, value: fc.Arbitrary<unknown>) => value.map((v): Breaker => ({ kind: "set", key, value: v }));

/** The request body: a valid base, noise on its own fields, then the breaker. `__proto__` stays an own key. */
function build(base: Record<string, unknown>, noise: Array<[string, unknown]>, breaker: Breaker): Body {
  if (breaker.kind === "raw") return breaker.body;
  const entries = new Map<string, unknown>(Object.entries(base));
  for (const [k, v] of noise) entries.set(k, v);
  entries.set(breaker.key, breaker.value);
  const text = `{${[...entries].map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? "null"}`).join(",")}}`;
  return { text, contentType: "application/json" };
}

function payloads(base: () => Record<string, unknown>, fields: readonly string[], specific: fc.Arbitrary<Breaker>[]) {
  const noise = fc.array(fc.tuple(fc.constantFrom(...fields), anyValue), { maxLength: 3 });
  return fc
    .record({ noise, breaker: fc.oneof(...genericBreakers(fields), ...specific) })
    .map(({ noise, breaker }) => build(base(), noise, breaker));
}

async function expect4xxJson(res: Response, label: string) {
  const text = await res.text();
  expect(res.status, `${label}: ${res.status} ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, label).toBeLessThan(500);
  expect(res.headers.get("content-type"), label).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { message?: unknown };
  expect(typeof body.message, label).toBe("string");
}

const send = (client: Client, path: string, method: string, body: Body) =>
  client.fetch(path, { method, body: body.text, headers: { "content-type": body.contentType } });

describe("random and malformed payloads get a 4xx JSON error and write nothing", () => {
  it("POST /api/auth/register", async () => {
    const fields = ["firstName", "lastName", "email", "password", "phone", "dateOfBirth", "role"] as const;
    const base = () => registerPayload({ email: `u${Math.random().toString(36).slice(2, 8)}@${MARK}` });
    const specific = [
      set(
        "email",
        fc.string({ maxLength: 30 }).filter((s) => !s.includes("@")),
      ),
      set("password", fc.string({ maxLength: 7 })),
      set(
        "dateOfBirth",
        fc.oneof(
          fc.string({ maxLength: 12 }).filter((s) => !/^\d{4}-\d{2}-\d{2}$/.test(s.trim())),
          fc.constant("2020-02-30"),
          fc.constant("2015-01-01"),
        ),
      ),
      set(
        "role",
        fc.string({ maxLength: 12 }).filter((s) => s !== "user"),
      ),
      fc.constantFrom(...fields.filter((f) => f !== "role")).chain((f) => set(f, wrongType)),
    ];
    await fc.assert(
      fc.asyncProperty(payloads(base, fields, specific), async (body) => {
        await expect4xxJson(await send(new Client(), "/api/auth/register", "POST", body), body.text.slice(0, 120));
      }),
      { numRuns: RUNS },
    );
    expect(await usersMatching(`%@${MARK}`)).toBe(0);
  });

  it("POST /api/auth/login", async () => {
    const fields = ["email", "password"] as const;
    const base = () => ({ email: `nobody@${MARK}`, password: "Some-Password-1" });
    const specific = [set("email", wrongType), set("password", fc.oneof(wrongType, fc.constant("")))];
    await fc.assert(
      fc.asyncProperty(payloads(base, fields, specific), async (body) => {
        await expect4xxJson(await send(new Client(), "/api/auth/login", "POST", body), body.text.slice(0, 120));
      }),
      { numRuns: RUNS },
    );
    expect(await usersMatching(`%@${MARK}`)).toBe(0);
  });

  const applicationFields = [
    "userId",
    "amount",
    "purpose",
    "annualIncome",
    "livingSituation",
    "monthlyPayment",
    "streetAddress",
    "city",
    "state",
    "zipCode",
    "status",
  ] as const;
  const applicationBreakers = (extraStatus: fc.Arbitrary<Breaker>) => [
    set(
      "amount",
      fc.oneof(
        nanLike.filter((s) => s !== " "),
        fc.integer({ min: 50_001 }),
        fc.integer({ min: 1, max: 999 }),
        fc.constant(25000.5),
        wrongType.filter((v) => v !== null),
      ),
    ),
    set(
      "purpose",
      fc
        .string({ minLength: 1, maxLength: 20 })
        .filter(
          (s) =>
            ![
              "startup-capital",
              "business-expansion",
              "working-capital",
              "equipment-financing",
              "inventory-financing",
              "commercial-real-estate",
              "other",
            ].includes(s),
        ),
    ),
    set(
      "zipCode",
      fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !/^\d{5}(-\d{4})?$/.test(s.trim())),
    ),
    set("userId", fc.oneof(fc.integer({ min: 1_000_000_000, max: 2_000_000_000 }), fc.constant(-1), fc.constant("abc"))),
    set("streetAddress", fc.constant("s".repeat(201))),
    extraStatus,
  ];

  it("POST /api/loan-applications", async () => {
    const { client, user } = await signedInApplicant();
    const before = await applicationCountOf(user.id);
    const specific = applicationBreakers(
      set(
        "status",
        fc.string({ maxLength: 12 }).filter((s) => s !== "draft" && s !== "submitted"),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        payloads(() => ({ ...applicationPayload(), status: "submitted" }), applicationFields, specific),
        async (body) => {
          await expect4xxJson(await send(client, "/api/loan-applications", "POST", body), body.text.slice(0, 120));
        },
      ),
      { numRuns: RUNS },
    );
    expect(await applicationCountOf(user.id)).toBe(before);
  });

  it("PATCH /api/loan-applications/db/{id}", async () => {
    const { client, user } = await signedInApplicant();
    const draft = await createDraftVia(client);
    const before = await applicationRow(draft.id);
    const count = await applicationCountOf(user.id);
    const specific = applicationBreakers(
      set(
        "status",
        fc.oneof(
          fc.constantFrom("approved", "rejected", "under-review"),
          fc.string({ maxLength: 12 }).filter((s) => s !== "draft" && s !== "submitted"),
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        payloads(() => ({ ...applicationPayload(), status: "submitted" }), [...applicationFields, "note"], specific),
        async (body) => {
          await expect4xxJson(await send(client, `/api/loan-applications/db/${draft.id}`, "PATCH", body), body.text.slice(0, 120));
        },
      ),
      { numRuns: RUNS },
    );
    expect(await applicationRow(draft.id)).toEqual(before);
    expect(await applicationCountOf(user.id)).toBe(count);
  });

  it("PATCH /api/admin/applications/{id}/status", async () => {
    const { user } = await signedInApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const { client } = await signedInAdmin();
    const before = await applicationRow(app!.id);
    const specific = [
      set(
        "status",
        fc.oneof(
          fc.string({ maxLength: 15 }).filter((s) => !["submitted", "under-review", "approved", "rejected"].includes(s)),
          wrongType,
        ),
      ),
      set(
        "note",
        fc.oneof(
          wrongType.filter((v) => v !== null),
          fc.constant("n".repeat(1001)),
        ),
      ),
    ];
    const base = () => ({ status: "approved", note: "ok" });
    await fc.assert(
      fc.asyncProperty(payloads(base, ["status", "note"], specific), async (body) => {
        await expect4xxJson(await send(client, `/api/admin/applications/${app!.id}/status`, "PATCH", body), body.text.slice(0, 120));
      }),
      { numRuns: RUNS },
    );
    // Also: a rejection with nothing but spaces as its reason.
    await expect4xxJson(
      await send(client, `/api/admin/applications/${app!.id}/status`, "PATCH", {
        text: '{"status":"rejected","note":"   "}',
        contentType: "application/json",
      }),
      "rejected",
    );
    expect(await applicationRow(app!.id)).toEqual(before);
    expect(await eventsOf(app!.id, "status_changed")).toHaveLength(0);
  });

  it("POST /api/offers/{id}/accept", async () => {
    const { client } = await signedInApplicant();
    const created = await client.fetch("/api/loan-applications", {
      json: { ...applicationPayload({ amount: "30000", state: "TX", zipCode: "75201" }), status: "submitted" },
    });
    const { applicationId, id } = (await created.json()) as { applicationId: string; id: number };
    const { offers } = (await (await client.fetch(`/api/loan-applications/${applicationId}/offers`)).json()) as {
      offers: Array<{ id: number }>;
    };
    const { disclosureSha256 } = (await (await client.fetch(`/api/offers/${offers[0]!.id}`)).json()) as { disclosureSha256: string };
    const fields = ["signerName", "confirmRead", "disclosureSha256"] as const;
    const specific = [
      set("signerName", fc.oneof(wrongType, fc.constantFrom("", " ", "x"), fc.constant("n".repeat(201)))),
      set(
        "confirmRead",
        fc.oneof(
          fc.constantFrom(false, "on", "true", 1, null),
          wrongType.filter((v) => v !== true),
        ),
      ),
      set(
        "disclosureSha256",
        fc.oneof(
          wrongType,
          fc.string({ maxLength: 70 }).filter((x) => !/^[0-9a-f]{64}$/.test(x)),
          fc.constant("0".repeat(64)),
        ),
      ),
    ];
    await fc.assert(
      fc.asyncProperty(
        payloads(() => ({ signerName: "Jamie Rivera", confirmRead: true, disclosureSha256 }), fields, specific),
        async (body) => {
          await expect4xxJson(await send(client, `/api/offers/${offers[0]!.id}/accept`, "POST", body), body.text.slice(0, 120));
        },
      ),
      { numRuns: RUNS },
    );
    expect((await applicationRow(id))?.status).toBe("submitted");
  });

  // Back office: the admin API's three write endpoints.
  it("POST /api/admin/applications/{id}/document-requests", async () => {
    const { user } = await signedInApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const { client } = await signedInAdmin();
    const specific = [
      set(
        "documentTypes",
        fc.oneof(
          fc.constant([]),
          fc.array(
            fc.string({ maxLength: 10 }).filter((s) => !["id-front", "id-back", "llc", "ein", "bank-statements", "ssn"].includes(s)),
            { minLength: 1, maxLength: 3 },
          ),
          wrongType,
        ),
      ),
      set(
        "message",
        fc.oneof(
          fc.constant(""),
          fc.constant("   "),
          fc.constant("m".repeat(1001)),
          wrongType.filter((v) => typeof v !== "string"),
        ),
      ),
    ];
    await fc.assert(
      fc.asyncProperty(
        payloads(() => ({ documentTypes: ["ein"], message: "Please send it" }), ["documentTypes", "message"], specific),
        async (body) => {
          await expect4xxJson(
            await send(client, `/api/admin/applications/${app!.id}/document-requests`, "POST", body),
            body.text.slice(0, 120),
          );
        },
      ),
      { numRuns: RUNS },
    );
    expect(await backOfficeRows("document_requests", app!.id)).toBe(0);
  });

  it("POST /api/admin/documents/{id}/review", async () => {
    const { client: applicant, user } = await signedInApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const fd = new FormData();
    fd.set("applicationId", String(app!.id));
    fd.set("documentType", "ein");
    fd.set("file", new Blob([new Uint8Array(samplePdf("prop-review"))], { type: "application/pdf" }), "ein.pdf");
    const { id } = (await (await applicant.fetch("/api/documents/upload", { method: "POST", body: fd })).json()) as { id: number };
    const { client } = await signedInAdmin();
    const specific = [
      set(
        "decision",
        fc.oneof(
          fc.string({ maxLength: 10 }).filter((s) => s !== "accepted" && s !== "rejected"),
          wrongType,
        ),
      ),
      set(
        "reason",
        fc.oneof(
          fc
            .string({ minLength: 1, maxLength: 10 })
            .filter((s) => !["unreadable", "expired", "wrong-type", "does-not-match", "other"].includes(s)),
          wrongType.filter((v) => v !== null),
        ),
      ),
      set(
        "reasonText",
        fc.oneof(
          fc.constant("r".repeat(501)),
          wrongType.filter((v) => v !== null && typeof v !== "string"),
        ),
      ),
      set("requestReplacement", fc.oneof(fc.string({ maxLength: 5 }), fc.integer())),
    ];
    await fc.assert(
      fc.asyncProperty(
        payloads(
          () => ({ decision: "rejected", reason: "other", reasonText: "Blurry", requestReplacement: true }),
          ["decision", "reason", "reasonText", "requestReplacement", "message"],
          specific,
        ),
        async (body) => {
          await expect4xxJson(await send(client, `/api/admin/documents/${id}/review`, "POST", body), body.text.slice(0, 120));
        },
      ),
      { numRuns: RUNS },
    );
    // Also: a rejection without a reason, and 'other' without its text.
    await expect4xxJson(
      await send(client, `/api/admin/documents/${id}/review`, "POST", { text: '{"decision":"rejected"}', contentType: "application/json" }),
      "no reason",
    );
    await expect4xxJson(
      await send(client, `/api/admin/documents/${id}/review`, "POST", {
        text: '{"decision":"rejected","reason":"other"}',
        contentType: "application/json",
      }),
      "other",
    );
    expect(await backOfficeRows("document_reviews", id, "document_id")).toBe(0);
    expect(await backOfficeRows("document_requests", app!.id)).toBe(0);
  });

  it("POST /api/admin/applications/{id}/notes", async () => {
    const { user } = await signedInApplicant();
    const app = await createSubmittedApplication({ userId: user.id });
    const { client } = await signedInAdmin();
    const specific = [
      set(
        "body",
        fc.oneof(
          fc.constant(""),
          fc.constant(" \n "),
          fc.constant("n".repeat(4001)),
          wrongType.filter((v) => typeof v !== "string"),
        ),
      ),
    ];
    await fc.assert(
      fc.asyncProperty(
        payloads(() => ({ body: "A note" }), ["body"], specific),
        async (body) => {
          await expect4xxJson(await send(client, `/api/admin/applications/${app!.id}/notes`, "POST", body), body.text.slice(0, 120));
        },
      ),
      { numRuns: RUNS },
    );
    expect(await backOfficeRows("application_notes", app!.id)).toBe(0);
  });
});

async function backOfficeRows(
  table: "document_requests" | "application_notes" | "document_reviews",
  id: number,
  column = "application_id",
) {
  const [rows] = (await getPool().query(`SELECT COUNT(*) AS n FROM \`${table}\` WHERE \`${column}\` = ?`, [id])) as unknown as [
    Array<{ n: number }>,
  ];
  return Number(rows[0]!.n);
}
