/** Partners and API keys made through the app's own services, and bearer calls, for the partner API tests. */
import { eq } from "drizzle-orm";
import { getDb, schema } from "~/platform/db/db.server";
import type { PartnerKind, PartnerScope } from "~/content/enums";
import { createPartner, createPartnerKey } from "~/features/partners/partner-keys.server";
import { createApplicant } from "./fixtures";
import { baseUrl, randomIp } from "./http";
import { postReferral, sessionApi, type ApiSchemas } from "./api-client";
import { apiLogin } from "./api";

type PartnerReferralRequest = ApiSchemas["PartnerReferralRequest"];

let creatorId: number | null = null;
/** The account recorded as the partner's and key's creator. */
async function creator() {
  creatorId ??= (await createApplicant()).id;
  return creatorId;
}

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export async function createTestPartner(kind: PartnerKind = "referral", lenderId: number | null = null) {
  const name = `Test ${kind} ${suffix()}`;
  const id = await createPartner(await creator(), { name, kind, lenderId }, "127.0.0.1");
  return { id, name };
}

export async function createTestKey(
  partnerId: number,
  opts: { scopes?: PartnerScope[]; expiresAt?: Date | null; rateLimitPerMinute?: number; label?: string } = {},
) {
  const made = await createPartnerKey(
    await creator(),
    partnerId,
    {
      label: opts.label ?? "test",
      scopes: opts.scopes ?? ["applications:read", "applications:write"],
      expiresAt: opts.expiresAt ?? null,
      rateLimitPerMinute: opts.rateLimitPerMinute ?? 1000,
    },
    "127.0.0.1",
  );
  if (!made) throw new Error("partner missing");
  return made;
}

/** A referral partner with one key (both application scopes unless told). */
export async function referralPartnerWithKey(opts: Parameters<typeof createTestKey>[1] = {}) {
  const partner = await createTestPartner("referral");
  const key = await createTestKey(partner.id, opts);
  return { partner, ...key };
}

/** A bearer call as an integrator's server makes it: no cookie, no Origin, JSON body. */
export function bearerFetch(key: string, path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${key}`);
  headers.set("x-forwarded-for", randomIp());
  if (init.json !== undefined) headers.set("content-type", "application/json");
  const method = init.method ?? (init.json !== undefined ? "POST" : "GET");
  return fetch(baseUrl() + path, {
    method,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    redirect: "manual",
  });
}

/** A referral for a new business owner (a draft: only the owner submits), typed by the OpenAPI document. */
export function referralBody(overrides: Record<string, unknown> = {}): PartnerReferralRequest {
  return {
    amount: "25000",
    purpose: "working-capital",
    applicant: { email: `referral.${suffix()}@example.com`, firstName: "Robin", lastName: "Referral" },
    ...overrides,
  } as PartnerReferralRequest;
}

export async function keyRow(id: number) {
  const [row] = await getDb().select().from(schema.partnerApiKeys).where(eq(schema.partnerApiKeys.id, id));
  return row!;
}

export async function applicationsOfPartner(partnerId: number) {
  return getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.partnerId, partnerId));
}

/**
 * A referral the business owner then submits: the partner's key starts the draft for an existing
 * applicant, who signs in and submits it through the API (PATCH .../db/{id} with status
 * 'submitted'). The webhook tests need a referral that moves; the walk through the e-mailed link
 * and the wizard is tests/integration/partner-referral-claim.test.ts.
 */
export async function referralSubmittedByOwner(key: string, fields: Record<string, unknown>) {
  const owner = await createApplicant();
  const created = await postReferral(
    key,
    referralBody({ ...fields, applicant: { email: owner.email, firstName: "Robin", lastName: "Referral" } }),
  );
  if (created.response.status !== 201) throw new Error(`referral answered ${created.response.status}`);
  const applicationId = created.data!.applicationId;
  const [row] = await getDb().select().from(schema.loanApplications).where(eq(schema.loanApplications.reference, applicationId));
  const { client } = await apiLogin(owner.email, owner.password);
  const submitted = await sessionApi(client).PATCH("/api/loan-applications/db/{id}", {
    params: { path: { id: String(row!.id) } },
    // The owner agrees to share it with the matched lenders, as the review step's Submit records.
    body: { status: "submitted", shareWithLenders: true },
  });
  if (submitted.response.status !== 200) throw new Error(`the owner's submission answered ${submitted.response.status}`);
  return { applicationId, id: row!.id, owner };
}
