/**
 * Issue 29, defect 5, over HTTP as a browser without JavaScript: a refused form on the dashboard
 * (the quick upload and a requested document's card), wizard step 5, the account page, the lender
 * workspace (an action, a new API key), the invitation link's page and the admin's invitation
 * comes back with one "There is a problem" summary at the top of the page, before the heading and
 * every form, focused when the page opens (autofocus), each error a link to a field that exists.
 * And the upload routes the progress bars use (JavaScript) answer the same upload as JSON.
 */
import { describe, expect, it } from "vitest";
import { ACCOUNT_MSG, MSG, TOASTS } from "~/content/messages";
import { samplePng } from "../fixtures/documents";
import { signedInAdmin } from "../support/api";
import { createSubmittedApplication } from "../support/applications";
import { adminClient, createAdmin, createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { parse, type Html, squash } from "../support/html";
import { Client, uniqueEmail } from "../support/http";
import { createLenderUser, postPairs, shareWithLender, signInLenderOverHttp, twoLenders } from "../support/lenders";
import { createTestPartner } from "../support/partners";
import { signInApplicantOverHttp } from "../support/sign-in";
import { fillStepsOverHttp } from "../support/wizard";

/** A multipart POST, as a browser sends a form with a file. */
function upload(
  client: Client,
  path: string,
  fields: Record<string, string>,
  file: [string, Buffer, string, string],
  headers?: HeadersInit,
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  const [name, data, fileName, type] = file;
  fd.append(name, new Blob([new Uint8Array(data)], { type }), fileName);
  return client.fetch(path, { method: "POST", body: fd, headers });
}

const TEXT_FILE = (name: string): [string, Buffer, string, string] => [
  name,
  Buffer.from("plain words, not a document"),
  "notes.txt",
  "text/plain",
];

const FIELDS = "input:not([type=hidden]), select, textarea";

/**
 * The summary: one, titled, focused on load, before `before` in `scope` (by default main's h1 and
 * every field), and its links' targets: each exists once. Returns the links as [href, text].
 */
function summaryAtTop($: Html, { scope = "main", before = `h1, ${FIELDS}` } = {}) {
  const boxes = $("[data-testid=error-summary]");
  expect(boxes.length).toBe(1);
  const box = boxes.first();
  expect(squash(box.find("h2").text())).toBe("There is a problem");
  expect(box.attr("role")).toBe("alert");
  expect(box.is("[autofocus]")).toBe(true);
  const all = $(`${scope} *`).toArray();
  const at = all.indexOf(box.get(0)!);
  expect(at).toBeGreaterThanOrEqual(0);
  for (const el of $(scope).find(before).toArray()) expect(all.indexOf(el), "the summary comes first").toBeGreaterThan(at);
  const links = box
    .find("a")
    .toArray()
    .map((a) => [$(a).attr("href")!, squash($(a).text())] as const);
  expect(links.length).toBeGreaterThan(0);
  for (const [href] of links) expect($(`[id="${href.slice(1)}"]`).length, `${href} exists`).toBe(1);
  return links;
}

async function applicantWithApplication() {
  const user = await createApplicant();
  const app = (await createSubmittedApplication({ userId: user.id }))!;
  const client = await signInApplicantOverHttp(new Client(), { email: user.email, password: TEST_PASSWORD });
  return { user, app, client };
}

describe("the dashboard's uploads", () => {
  it("a refused quick upload: the page opens at that form, whose summary links to its file input, which shows the reason", async () => {
    const a = await applicantWithApplication();
    // The form posts to its own fragment: the answer opens scrolled to it (issue 29, defect 5).
    const page = await parse(await a.client.fetch("/dashboard"));
    expect(page.$("form#quick-upload").attr("action")).toBe("/dashboard?form=quick#quick-upload");
    const res = await upload(
      a.client,
      "/dashboard?form=quick",
      { intent: "upload", applicationId: String(a.app.id), documentType: "ein" },
      TEXT_FILE("file"),
    );
    expect(res.status).toBe(415);
    const { $ } = await parse(res);
    const reason = `${TOASTS.uploadFailed.title} - ${MSG.fileNotPdfOrWord}`;
    // The summary is the form's first thing, before its fields (and the only one on the page).
    expect(summaryAtTop($, { scope: "form#quick-upload", before: FIELDS })).toEqual([["#upload-file", reason]]);
    expect(squash($("#upload-error").text())).toBe(reason);
    expect($("#upload-file").attr("aria-invalid")).toBe("true");
  });

  it("a refused upload from a requested document's card: the page opens at that card, its summary and reason there (not the quick form)", async () => {
    const a = await applicantWithApplication();
    const { client: admin } = await signedInAdmin();
    const asked = await admin.fetch(`/api/admin/applications/${a.app.id}/document-requests`, {
      json: { documentTypes: ["id-front"], message: "Please send your ID" },
    });
    expect(asked.status).toBeLessThan(300);
    const page = await parse(await a.client.fetch("/dashboard"));
    const form = page.$("[data-testid=requested-document] form");
    const action = form.attr("action")!;
    const formId = new URL(action, "http://x").searchParams.get("form")!;
    expect(formId).toMatch(/^request-\d+-id-front$/);
    expect(new URL(action, "http://x").hash).toBe(`#${formId}-upload`);
    expect(form.attr("id")).toBe(`${formId}-upload`);

    const res = await upload(
      a.client,
      action,
      { intent: "upload", applicationId: String(a.app.id), documentType: "id-front" },
      TEXT_FILE("file"),
    );
    expect(res.status).toBe(415);
    const { $ } = await parse(res);
    const reason = `${TOASTS.uploadFailed.title} - ${MSG.fileNotImageOrPdf}`;
    expect(summaryAtTop($, { scope: `form#${formId}-upload`, before: FIELDS })).toEqual([[`#${formId}-file`, reason]]);
    expect(squash($(`#${formId}-error`).text())).toBe(reason);
    expect($("#upload-error").length).toBe(0);
  });

  it("the upload route answers JSON for the progress bar: saved, refused with the same reason, never another's application", async () => {
    const a = await applicantWithApplication();
    const json = { "X-Upload-Client": "progress", Accept: "application/json" };
    const saved = await upload(
      a.client,
      "/dashboard/upload?form=quick",
      { applicationId: String(a.app.id), documentType: "id-front" },
      ["file", samplePng(), "id.png", "image/png"],
      json,
    );
    expect(saved.status).toBe(200);
    const ok = (await saved.json()) as { ok: boolean; toast: { title: string } };
    expect(ok.ok).toBe(true);
    expect(ok.toast.title).toBe("Document Uploaded");
    expect(squash((await parse(await a.client.fetch("/dashboard"))).$("[data-testid=applicant-document]").text())).toContain("id.png");

    const refused = await upload(
      a.client,
      "/dashboard/upload?form=quick",
      { applicationId: String(a.app.id), documentType: "ein" },
      TEXT_FILE("file"),
      json,
    );
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({
      ok: false,
      upload: { form: "quick", error: `${TOASTS.uploadFailed.title} - ${MSG.fileNotPdfOrWord}` },
    });

    const other = await applicantWithApplication();
    const stranger = await upload(
      other.client,
      "/dashboard/upload?form=quick",
      { applicationId: String(a.app.id), documentType: "id-front" },
      ["file", samplePng(), "x.png", "image/png"],
      json,
    );
    expect(stranger.status).toBe(404);
    expect(((await stranger.json()) as { ok: boolean }).ok).toBe(false);

    // Signed out: where to go, not the sign-in page's HTML.
    const anonymous = await upload(
      new Client(),
      "/dashboard/upload?form=quick",
      { applicationId: String(a.app.id), documentType: "id-front" },
      ["file", samplePng(), "x.png", "image/png"],
      json,
    );
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { redirectTo: string }).redirectTo).toMatch(/^\/login/);
  });
});

describe("wizard step 5 without JavaScript", () => {
  it("a refused file: the page opens at that tile, whose summary links to its file input; the upload route answers the same as JSON", async () => {
    const { client } = await fillStepsOverHttp(new Client(), uniqueEmail("summary-docs"));
    // Each tile's Upload button posts to the tile's own fragment.
    const step = await parse(await client.fetch("/apply/documents"));
    expect(step.$('button[value="upload:ein"]').attr("formaction")).toBe("/apply/documents?tile=ein#area-ein");
    const res = await upload(client, "/apply/documents?tile=ein", { intent: "upload:ein" }, TEXT_FILE("file-ein"));
    expect(res.status).toBe(415);
    const { $ } = await parse(res);
    const reason = `${TOASTS.uploadFailed.title} - ${MSG.fileNotPdfOrWord}`;
    // At the top of the tile that was used, before its fields.
    expect(summaryAtTop($, { scope: "section#area-ein", before: FIELDS })).toEqual([["#file-ein", reason]]);

    const json = await upload(client, "/apply/documents/upload?area=ein", {}, TEXT_FILE("file"), { "X-Upload-Client": "progress" });
    expect(json.status).toBe(415);
    expect(await json.json()).toMatchObject({ ok: false, upload: { area: "ein", message: reason } });
    // A visitor with no draft: told where the wizard sends them, as the step itself would.
    const lost = await upload(new Client(), "/apply/documents/upload?area=ein", {}, TEXT_FILE("file"), { "X-Upload-Client": "progress" });
    expect(lost.status).toBe(401);
    expect(((await lost.json()) as { redirectTo: string }).redirectTo).toMatch(/^\/apply\/loan/);
  });
});

describe("the account page without JavaScript", () => {
  it("a wrong current password: the summary at the top links to that form's field", async () => {
    const user = await createApplicant();
    const client = await signInApplicantOverHttp(new Client(), { email: user.email, password: TEST_PASSWORD });
    const res = await client.fetch("/account", {
      form: {
        intent: "password",
        currentPassword: "Not-The-Password-1",
        password: "New-Password-Horse-77",
        confirmPassword: "New-Password-Horse-77",
      },
    });
    expect(res.status).toBe(400);
    const { $ } = await parse(res);
    const [[href, text]] = summaryAtTop($);
    expect(text).toBe(ACCOUNT_MSG.currentPasswordWrong);
    // The password form's own field, not the e-mail form's.
    expect($(href).closest("form").find("input[name=intent]").attr("value")).toBe("password");
    expect($(href).attr("name")).toBe("currentPassword");
  });
});

describe("the lender's forms without JavaScript", () => {
  it("a refused firm offer and a key without scopes: each page opens on its summary, linked to the fields", async () => {
    const [lender] = await twoLenders();
    const u = await createLenderUser(lender.id);
    const client = await signInLenderOverHttp(new Client(), u);
    const applicant = await createApplicant();
    const app = (await createSubmittedApplication({ userId: applicant.id }))!;
    await shareWithLender(app.id, lender.id);

    const offer = await client.fetch(`/lender/applications/${app.id}`, {
      form: {
        intent: "firm-offer",
        amount: "",
        termMonths: "24",
        noteRate: "",
        originationFee: "0",
        prepayment: "None",
        validityDays: "14",
      },
    });
    expect(offer.status).toBe(400);
    const links = summaryAtTop((await parse(offer)).$);
    expect(links.map(([h]) => h)).toEqual(expect.arrayContaining(["#firm-amount", "#firm-noteRate"]));

    const declined = await postPairs(client, `/lender/applications/${app.id}`, [["intent", "decline"]]);
    expect(declined.status).toBe(400);
    expect(summaryAtTop((await parse(declined)).$).map(([h]) => h)).toEqual(["#decline-reasons"]);

    const partner = await createTestPartner("lender", lender.id);
    const key = await postPairs(client, "/lender/keys", [
      ["intent", "create"],
      ["partnerId", String(partner.id)],
      ["label", "no scopes"],
    ]);
    expect(key.status).toBe(400);
    expect(summaryAtTop((await parse(key)).$).map(([h]) => h)).toEqual([`#new-key-${partner.id}-scopes`]);
  });

  it("the invitation link's page and the admin's invitation form open on their summaries", async () => {
    const [lender] = await twoLenders();
    const admin = await adminClient(await createAdmin());
    const invited = await admin.fetch(`/admin/lenders/${lender.id}`, {
      form: { intent: "invite", email: "not-an-address", firstName: "", lastName: "Ng" },
    });
    expect(invited.status).toBe(400);
    const $admin = (await parse(invited)).$;
    // Under the admin panel's heading and tabs: first in this page's own part, before its forms.
    const links = summaryAtTop($admin, { scope: "section[aria-labelledby=edit-h]" });
    expect(links.map(([h]) => h)).toEqual(["#invite-email", "#invite-firstName"]);

    const page = await new Client().fetch("/lender/invite", {
      form: { token: "x".repeat(43), password: "short", confirmPassword: "other" },
    });
    expect(page.status).toBeGreaterThanOrEqual(400);
    // Under the card's title, before every field.
    expect(summaryAtTop((await parse(page)).$, { before: FIELDS }).length).toBeGreaterThan(0);
  });
});
