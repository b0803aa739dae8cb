/**
 * The accessibility sweep's inventory and machinery (tests/e2e/a11y-sweep-*.test.ts): the pages and
 * states to visit (each page route, with JavaScript on and off, the error states, as a visitor, an
 * applicant in the middle of an application, a signed-in applicant and an admin), each audited with
 * axe (WCAG 2.2 AA, serious and critical) at a phone's 375 px and a desktop's 1280 px, with a check
 * that the page does not scroll sideways on the phone. Pages sent without scripts
 * (staticPageHandle) are visited once, without JavaScript: with it they are the same page. The
 * inventory is swept by three files, one per kind of visitor, so the run spreads them over its
 * workers; a failure names the page, the mode and the violation.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { loanProducts } from "~/content/products";
import { getDb, schema, transaction } from "~/platform/db/db.server";
import { REJECTION_REASON_REQUIRED } from "~/features/back-office/admin.schema";
import { BACK_OFFICE_MSG } from "~/features/back-office/back-office.schema";
import { matchOnSubmit } from "~/features/marketplace/marketplace.server";
import { MARKET_MSG, MSG } from "~/content/messages";
import { toasts as esToasts } from "~/content/locales/es/toasts";
import { wizard as esWizard } from "~/content/locales/es/wizard";
import { AuditError, formatViolations, type A11yViolation } from "./a11y";
import { createSubmittedApplication } from "./applications";
import { waitForHydration, type BrowserHarness } from "./browser";
import { adminClient, createAdmin, createApplicant, TEST_PASSWORD, type TestAdmin } from "./fixtures";
import { Client, uniqueEmail } from "./http";
import { createDocument } from "./documents";
import { createLenderUser, shareWithLender, signInLenderOverHttp, twoLenders } from "./lenders";
import { createTestKey, createTestPartner } from "./partners";
import { completeAnonymousData, draftSession } from "./wizard";
import { samplePng } from "../fixtures/documents";

/** A 1x1 PNG: the ID image the review workspaces show inline. */
const SWEEP_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

export const PHONE = 375;
export const DESKTOP = 1280;

export type Session = "visitor" | "draft" | "applicant" | "admin" | "lender";
export type State = {
  name: string;
  as: Session;
  path: string;
  /** Pages sent without scripts: audited without JavaScript only. */
  scriptFree?: boolean;
  /** Reaches the state from the loaded page (an error shown, a dialog opened, a form sent). */
  act?: (page: Page, js: boolean) => Promise<void>;
  /** The path the state is at (default: `path`'s). */
  at?: string;
};

export type Seed = {
  admin: TestAdmin;
  adminCookies: Client;
  applicant: Client;
  reference: string;
  appId: number;
  offerId: number | null;
  /** An application whose applicant accepted the sweep lender's offer (none when that lender made none). */
  acceptedAppId: number | null;
  /** The offer accepted on that application: its disclosure with the signed PDF link. */
  acceptedOfferId: number | null;
  /** Its reference: the offers page with one offer accepted and the others withdrawn. */
  acceptedReference: string;
  /** Two offers of the first application: the compare-two view. */
  compareIds: number[];
  /** An application from Alaska, where no lender lends: the "no lender match" pages. */
  alaskaReference: string;
  /** A user of the lender of the first offer, signed in (both factors), and that lender. */
  lenderCookies: Client;
  lenderId: number;
  /** An application with one ID image, shared with that lender: the review workspaces. */
  reviewAppId: number;
};

export async function seed(): Promise<Seed> {
  const admin = await createAdmin();
  const adminCookies = await adminClient(admin);
  const user = await createApplicant();
  const app = await createSubmittedApplication({ userId: user.id, amount: 30000, purpose: "working-capital" });
  const accepted = await createSubmittedApplication({ userId: user.id, amount: 30000, purpose: "working-capital" });
  // In Texas, where the test lenders lend: the offers page and a disclosure have something to show.
  await getDb()
    .update(schema.loanApplications)
    .set({ state: "TX", city: "Austin", zipCode: "78701" })
    .where(inArray(schema.loanApplications.id, [app.id, accepted.id]));
  await transaction((tx) => matchOnSubmit(tx, app.id));
  await transaction((tx) => matchOnSubmit(tx, accepted.id));
  const appOffers = await getDb().select().from(schema.offers).where(eq(schema.offers.applicationId, app.id));
  const [offer] = appOffers;
  const alaska = await createSubmittedApplication({ userId: user.id, amount: 30000, purpose: "working-capital" });
  await getDb()
    .update(schema.loanApplications)
    .set({ state: "AK", city: "Anchorage", zipCode: "99501" })
    .where(eq(schema.loanApplications.id, alaska.id));
  await transaction((tx) => matchOnSubmit(tx, alaska.id));
  const applicant = new Client();
  const res = await applicant.fetch("/login", { form: { email: user.email, password: TEST_PASSWORD } });
  if (res.status !== 302) throw new Error(`applicant sign-in: ${res.status}`);
  const lenderId = offer?.lenderId ?? (await twoLenders())[0].id;
  if (!offer) await shareWithLender(app.id, lenderId);
  const lenderCookies = await signInLenderOverHttp(new Client(), await createLenderUser(lenderId));
  // A partner account of that lender with one key: /lender/keys lists it and offers its forms.
  await createTestKey((await createTestPartner("lender", lenderId)).id, { scopes: ["applications:read"] });
  // A second Texas application whose applicant accepted this lender's offer: the lender's
  // verifying, funding and decline-after-review forms, and the admin's cancellation form.
  const [ours] = await getDb()
    .select()
    .from(schema.offers)
    .where(and(eq(schema.offers.applicationId, accepted.id), eq(schema.offers.lenderId, lenderId)));
  if (!ours) throw new Error("the sweep's lender made no offer on the second Texas application");
  {
    const d = (await (await applicant.fetch(`/api/offers/${ours.id}`)).json()) as { disclosureSha256: string };
    const res = await applicant.fetch(`/api/offers/${ours.id}/accept`, {
      json: { signerName: `${user.firstName} ${user.lastName}`, confirmRead: true, disclosureSha256: d.disclosureSha256 },
    });
    if (res.status !== 200) throw new Error(`accepting the sweep's offer: ${res.status}`);
  }
  // The review workspaces: an application with an image to show inline, shared with the lender.
  const review = await createSubmittedApplication({ userId: user.id, amount: 30000, purpose: "working-capital" });
  await createDocument({ applicationId: review.id, userId: user.id, data: SWEEP_PNG, name: "id-front.png", documentType: "id-front" });
  await shareWithLender(review.id, lenderId);
  // An open document request on the first application: the dashboard's "Action needed" banner and request cards.
  {
    const res = await adminCookies.fetch(`/api/admin/applications/${app.id}/document-requests`, {
      json: { documentTypes: ["id-front", "ein"], message: "Please send your ID and EIN letter" },
    });
    if (res.status >= 300) throw new Error(`the sweep's document request: ${res.status}`);
  }
  return {
    admin,
    adminCookies,
    applicant,
    reference: app.reference,
    appId: app.id,
    offerId: offer?.id ?? null,
    acceptedAppId: accepted.id,
    acceptedOfferId: ours.id,
    acceptedReference: accepted.reference,
    compareIds: appOffers.slice(0, 2).map((o) => o.id),
    alaskaReference: alaska.reference,
    lenderCookies,
    lenderId,
    reviewAppId: review.id,
  };
}

export function inventory(s: Seed): State[] {
  const click = (name: string) => async (page: Page) => page.getByRole("button", { name, exact: true }).click();
  const scriptFree = (path: string, name = path): State => ({ name, as: "visitor", path, scriptFree: true });
  return [
    // The pages sent without scripts.
    scriptFree("/", "landing"),
    ...loanProducts.map((p) => scriptFree(p.path)),
    scriptFree("/faq"),
    scriptFree("/terms-of-service"),
    scriptFree("/privacy-policy"),
    scriptFree("/security"),
    scriptFree("/api-docs"),
    // A visitor's pages and their error states.
    { name: "404", as: "visitor", path: "/definitely-not-here" },
    { name: "licensing", as: "visitor", path: "/licenses" },
    { name: "calculator", as: "visitor", path: "/loan-calculator" },
    { name: "status: blank ID", as: "visitor", path: "/application-status", act: click("Check Status") },
    { name: "status: not found", as: "visitor", path: "/application-status?id=APP-123456" },
    { name: "status: found", as: "visitor", path: `/application-status?id=${s.reference}` },
    { name: "status: no lender match", as: "visitor", path: `/application-status?id=${s.alaskaReference}` },
    { name: "sign-up: every error", as: "visitor", path: "/signup", act: click("Create Account") },
    {
      name: "login: failed",
      as: "visitor",
      path: "/login",
      act: async (page) => {
        await page.getByLabel("Email").fill("nobody@example.com");
        await page.getByLabel("Password", { exact: true }).fill("not-the-password");
        await page.getByRole("button", { name: "Sign In" }).click();
        await page.getByText("Invalid email or password.").first().waitFor();
      },
    },
    { name: "forgot password", as: "visitor", path: "/forgot-password" },
    { name: "reset: invalid link", as: "visitor", path: "/reset-password?token=not-a-token" },
    { name: "verify e-mail: invalid link", as: "visitor", path: "/verify-email?token=not-a-token" },
    { name: "admin sign-in", as: "visitor", path: "/admin-login" },
    { name: "lender sign-in", as: "visitor", path: "/lender/login" },
    { name: "lender invitation: invalid link", as: "visitor", path: "/lender/invite?token=not-a-token" },
    { name: "referral claim: invalid link", as: "visitor", path: "/referral/claim?token=not-a-token" },
    {
      name: "admin second factor",
      as: "visitor",
      path: "/admin-login",
      at: "/admin-login/verify",
      act: async (page) => {
        await page.getByLabel("Email").fill(s.admin.email);
        await page.getByLabel("Password", { exact: true }).fill(s.admin.password);
        await page.getByRole("button", { name: "Sign In" }).click();
        await page.waitForURL("**/admin-login/verify");
      },
    },
    {
      name: "wizard step 1: errors",
      as: "visitor",
      path: "/apply/loan",
      act: async (page) => {
        await page.getByLabel("Loan amount (USD)").fill("");
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByText(MSG.purposeRequired).first().waitFor();
      },
    },
    // An applicant with steps 1-4 done, to the submitted page.
    { name: "wizard step 2", as: "draft", path: "/apply/owner" },
    { name: "wizard step 3", as: "draft", path: "/apply/address" },
    { name: "wizard step 4", as: "draft", path: "/apply/finances" },
    { name: "wizard step 5", as: "draft", path: "/apply/documents" },
    {
      // A file uploaded: its thumbnail, and Replace instead of choosing again.
      name: "wizard step 5: an ID uploaded (thumbnail, Replace)",
      as: "draft",
      path: "/apply/documents",
      act: async (page, js) => {
        await page.locator('section[data-area="id-front"] input[type=file]:not([capture])').setInputFiles({
          name: "front.png",
          mimeType: "image/png",
          buffer: samplePng(),
        });
        if (!js) await page.getByRole("button", { name: "Upload Government ID (Front)" }).click();
        await page.locator('section[data-area="id-front"] img[data-thumbnail=image]').waitFor();
      },
    },
    { name: "wizard step 6", as: "draft", path: "/apply/review" },
    // The Spanish pages (issue 30): the applicant's journey at ?lng=es, its error states included.
    // Before step 7, which submits the draft: the Spanish wizard steps need it still open.
    ...spanishStates(s),
    {
      name: "wizard step 7",
      as: "draft",
      path: "/apply/review",
      at: "/apply/submitted",
      act: async (page) => {
        await page.getByLabel(/I agree to the/).check();
        await page.getByLabel(/I authorize Lendwise/).check();
        await page.getByRole("button", { name: "Submit Application" }).click();
        await page.waitForURL("**/apply/submitted");
      },
    },
    // A signed-in applicant.
    // With an open document request (seed): the "Action needed" banner and a card per requested document.
    { name: "dashboard", as: "applicant", path: "/dashboard" },
    {
      // A refused upload: without JavaScript the "There is a problem" summary at the top; with it, the form's own error.
      name: "dashboard: a refused upload",
      as: "applicant",
      path: "/dashboard",
      act: async (page) => {
        await page.getByLabel("Document type").selectOption("ein");
        await page
          .getByLabel("File", { exact: true })
          .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("words") });
        await page.getByRole("button", { name: "Upload Document" }).click();
        await page.locator("#upload-error").waitFor();
      },
    },
    {
      // Every notice unfolded: an e-mail's own lines (a long link, a 64-digit fingerprint) wrap on a phone.
      name: "dashboard: notices open",
      as: "applicant",
      path: "/dashboard",
      act: async (page) => {
        const notices = page.getByTestId("sent-notice");
        await notices.first().waitFor();
        for (const summary of await notices.locator("summary").all()) await summary.click();
      },
    },
    { name: "offers", as: "applicant", path: `/dashboard/applications/${s.reference}/offers` },
    { name: "about the owners (optional)", as: "applicant", path: `/dashboard/applications/${s.reference}/about-owners` },
    { name: "offers: no lender match", as: "applicant", path: `/dashboard/applications/${s.alaskaReference}/offers` },
    // One accepted offer pinned first, the others withdrawn (greyed, no choose action).
    { name: "offers: accepted and withdrawn", as: "applicant", path: `/dashboard/applications/${s.acceptedReference}/offers` },
    ...(s.compareIds.length === 2
      ? [
          {
            name: "offers: compare two",
            as: "applicant",
            path: `/dashboard/applications/${s.reference}/offers?compare=${s.compareIds[0]}&compare=${s.compareIds[1]}`,
          } as State,
        ]
      : []),
    {
      // Boost your offers sent with no answer chosen: the message in place (nothing changes).
      name: "offers: Boost with no answer",
      as: "applicant",
      path: `/dashboard/applications/${s.reference}/offers`,
      act: async (page) => {
        await page.getByRole("button", { name: "Boost my offers" }).click();
        await page.getByText(MARKET_MSG.boostNothingGiven).waitFor();
      },
    },
    ...(s.offerId
      ? ([
          { name: "offer disclosure", as: "applicant", path: `/offers/${s.offerId}` },
          // The offer summary as a document of its own: the three-column table (Texas: the standard form).
          { name: "offer summary", as: "applicant", path: `/offers/${s.offerId}/summary` },
          {
            // Every explanation and the payment schedule unfolded.
            name: "offer disclosure: explanations and schedule open",
            as: "applicant",
            path: `/offers/${s.offerId}`,
            act: async (page) => {
              for (const summary of await page.locator("details > summary").all()) await summary.click();
              await page.getByTestId("payment-schedule").locator("tbody tr").first().waitFor();
            },
          },
          {
            // The accept bar followed: the signing form in view.
            name: "offer disclosure: the accept bar followed",
            as: "applicant",
            path: `/offers/${s.offerId}`,
            act: async (page) => {
              await page.getByTestId("accept-bar").click();
              await page.getByLabel("Your full name (signature)").waitFor();
            },
          },
        ] as State[])
      : []),
    ...(s.acceptedOfferId
      ? [{ name: "offer disclosure: accepted (signed PDF)", as: "applicant", path: `/offers/${s.acceptedOfferId}` } as State]
      : []),
    {
      // Below 640 px the header's links fold into a Menu (a <details>); opened here.
      name: "dashboard: header menu open",
      as: "applicant",
      path: "/dashboard",
      act: async (page) => {
        const menu = page.locator("header summary").filter({ hasText: "Menu" });
        if (await menu.isVisible()) await menu.click();
      },
    },
    { name: "account", as: "applicant", path: "/account" },
    { name: "my data", as: "applicant", path: "/account/data" },
    { name: "document not found", as: "applicant", path: "/documents/2000000000/preview" },

    // An admin.
    { name: "admin list", as: "admin", path: "/admin" },
    { name: "admin list: no results", as: "admin", path: "/admin?q=APP-000000000000" },
    {
      name: "admin details: rejection without a reason",
      as: "admin",
      path: `/admin/applications/${s.appId}`,
      act: async (page) => {
        await page.getByLabel("New status").selectOption("rejected");
        await page.getByRole("button", { name: "Update Status", exact: true }).click();
        await page.getByText(REJECTION_REASON_REQUIRED).first().waitFor();
      },
    },
    {
      // A note added comes back to its section (#notes) of the long details page.
      name: "admin details: note added",
      as: "admin",
      path: `/admin/applications/${s.appId}`,
      act: async (page) => {
        const notes = page.getByTestId("internal-notes");
        await notes.getByRole("textbox").fill("Sweep note");
        await notes.getByRole("button").click();
        await page.waitForURL((u) => u.hash === "#notes");
        await notes.getByTestId("internal-note").first().waitFor();
      },
    },
    { name: "admin: application not found", as: "admin", path: "/admin/applications/999999999" },
    { name: "admin offers", as: "admin", path: `/admin/applications/${s.appId}/offers` },
    { name: "admin documents", as: "admin", path: "/admin/documents" },
    { name: "admin lenders", as: "admin", path: "/admin/lenders" },
    { name: "admin new lender", as: "admin", path: "/admin/lenders/new" },
    { name: "admin lender with its users", as: "admin", path: `/admin/lenders/${s.lenderId}` },
    // The partner API's admin pages: the list with its form, and its errors.
    { name: "admin partners", as: "admin", path: "/admin/partners" },
    { name: "admin partners: form errors", as: "admin", path: "/admin/partners", act: click("Add partner") },
    // The review workspace (queue beside the application, the document inline).
    { name: "admin review workspace: none chosen", as: "admin", path: "/admin/review" },
    { name: "admin review workspace", as: "admin", path: `/admin/review/${s.reviewAppId}` },
    {
      name: "admin review workspace: rejection without a reason",
      as: "admin",
      path: `/admin/review/${s.reviewAppId}`,
      act: async (page) => {
        await page.getByRole("button", { name: /^Reject document/ }).click();
        await page.getByText(BACK_OFFICE_MSG.reasonRequired).first().waitFor();
      },
    },
    ...(s.acceptedAppId
      ? ([
          { name: "admin details: accepted (cancellation form)", as: "admin", path: `/admin/applications/${s.acceptedAppId}` },
          {
            name: "lender application: accepted (verifying and decline forms)",
            as: "lender",
            path: `/lender/applications/${s.acceptedAppId}`,
          },
        ] as State[])
      : []),
    // The lender workspace.
    { name: "lender queue", as: "lender", path: "/lender" },
    { name: "lender review workspace: none chosen", as: "lender", path: "/lender/review" },
    { name: "lender review workspace", as: "lender", path: `/lender/review/${s.reviewAppId}` },
    { name: "lender API keys", as: "lender", path: "/lender/keys" },
    {
      name: "lender API keys: no scope",
      as: "lender",
      path: "/lender/keys",
      // One form per partner account of the lender (other test files may add some): the first.
      act: async (page) => page.getByRole("button", { name: "Create key", exact: true }).first().click(),
    },
    { name: "lender application", as: "lender", path: `/lender/applications/${s.appId}` },
    {
      name: "lender decline: no reason",
      as: "lender",
      path: `/lender/applications/${s.appId}`,
      act: async (page) => page.getByRole("button", { name: "Decline application", exact: true }).click(),
    },
  ];
}

/** The journey's pages in Spanish (?lng=es; the query sets no cookie, so the next state is English again). */
function spanishStates(s: Seed): State[] {
  const es = (path: string) => `${path}${path.includes("?") ? "&" : "?"}lng=es`;
  const submit = async (page: Page) => page.locator("main form button[type=submit]").first().click();
  return [
    { name: "es: landing", as: "visitor", path: es("/"), scriptFree: true },
    { name: "es: working capital", as: "visitor", path: es("/working-capital-loans"), scriptFree: true },
    { name: "es: FAQ", as: "visitor", path: es("/faq"), scriptFree: true },
    { name: "es: calculator", as: "visitor", path: es("/loan-calculator") },
    { name: "es: status found", as: "visitor", path: es(`/application-status?id=${s.reference}`) },
    { name: "es: sign-up errors", as: "visitor", path: es("/signup"), act: submit },
    {
      name: "es: wizard step 1 errors",
      as: "visitor",
      path: es("/apply/loan"),
      act: async (page) => {
        await page.locator("input[name=amount]").first().fill("");
        // The step's visible Continue (the other, aria-hidden, is the form's default button for Enter).
        await page.getByRole("button", { name: esWizard.continue, exact: true }).click();
        await page.locator("#main [id$=-error]").first().waitFor();
      },
    },
    {
      name: "es: sign-in failed",
      as: "visitor",
      path: es("/login"),
      act: async (page) => {
        await page.locator("input[name=email]").fill("nobody@example.com");
        await page.locator("input[name=password]").fill("not-the-password");
        await submit(page);
        await page.getByText(esToasts.app.loginFailed.description).first().waitFor();
      },
    },
    { name: "es: wizard step 2", as: "draft", path: es("/apply/owner") },
    { name: "es: wizard step 6", as: "draft", path: es("/apply/review") },
    { name: "es: dashboard", as: "applicant", path: es("/dashboard") },
    { name: "es: offers", as: "applicant", path: es(`/dashboard/applications/${s.reference}/offers`) },
    ...(s.offerId ? [{ name: "es: offer disclosure", as: "applicant", path: es(`/offers/${s.offerId}`) } as State] : []),
    { name: "es: account", as: "applicant", path: es("/account") },
  ];
}

const cookiesOf = (c: Client, url: string) => [...c.cookies].map(([name, value]) => ({ name, value, url }));

/** What the sweep checks on the page as it is now: axe at both widths, and no sideways scroll on a phone. */
export async function checkPage(
  b: BrowserHarness,
  page: Page,
  cache?: Map<string, Promise<A11yViolation[]>>,
): Promise<{ violations: A11yViolation[]; sideways: number; culprits: string[]; skipLink: string | null }> {
  // Measured once the web font is in: the fallback font's widths are not the page's.
  await page.evaluate(() => document.fonts.ready.then(() => true));
  const { sideways, culprits } = await page.evaluate(() => {
    const sideways = document.documentElement.scrollWidth - window.innerWidth;
    const culprits: string[] = [];
    if (sideways > 0) {
      for (const el of document.querySelectorAll<HTMLElement>("body *")) {
        const r = el.getBoundingClientRect();
        if (r.right > window.innerWidth + 1 && ![...el.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1))
          culprits.push(`${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 60)}`);
      }
    }
    return { sideways, culprits: culprits.slice(0, 5) };
  });
  // The skip link (root.tsx) leads to an element of the page, or it is a problem.
  const skipLink = await page.evaluate(() => {
    const link = document.querySelector<HTMLAnchorElement>("a.skip-link");
    if (!link) return "there is no skip link";
    const id = (link.getAttribute("href") ?? "").replace(/^#/, "");
    return document.getElementById(id) ? null : `the skip link leads to #${id}, which is not on the page`;
  });
  return { violations: await b.auditPage(page, [PHONE, DESKTOP], cache), sideways, culprits, skipLink };
}

async function sessionFor(b: BrowserHarness, ctx: BrowserContext, as: Session, s: Seed) {
  if (as === "applicant") await ctx.addCookies(cookiesOf(s.applicant, b.baseUrl));
  if (as === "admin") await ctx.addCookies(cookiesOf(s.adminCookies, b.baseUrl));
  if (as === "lender") await ctx.addCookies(cookiesOf(s.lenderCookies, b.baseUrl));
  if (as === "draft") {
    const { cookie } = await draftSession({ ...(await completeAnonymousData(uniqueEmail("sweep"))), step: 6 });
    const [pair] = cookie.split(";");
    const i = pair!.indexOf("=");
    await ctx.addCookies([{ name: pair!.slice(0, i), value: pair!.slice(i + 1), url: b.baseUrl }]);
  }
}

/** Visits the states of one session in one mode; returns the problems found (violations, sideways scroll, audits that could not run). */
async function sweepGroup(
  b: BrowserHarness,
  mine: State[],
  as: Session,
  js: boolean,
  s: Seed,
  cache: Map<string, Promise<A11yViolation[]>>,
) {
  const problems: string[] = [];
  const mode = js ? "JS on" : "JS off";
  await b.withPage({ js }, async (page, ctx) => {
    await page.setViewportSize({ width: PHONE, height: 812 });
    await sessionFor(b, ctx, as, s);
    for (const st of mine) {
      const label = `${st.name} (${st.path}, ${mode})`;
      try {
        const res = await page.goto(st.path);
        if (!res || res.status() >= 500) throw new Error(`answered ${res?.status()}`);
        if (js) await waitForHydration(page);
        if (st.act) {
          await st.act(page, js);
          await page.waitForLoadState("load");
          if (js) await waitForHydration(page);
        }
        const at = new URL(page.url()).pathname;
        const want = st.at ?? new URL(st.path, "http://x").pathname;
        if (at !== want) throw new Error(`ended at ${at}, not ${want}`);
        // A state asked in a language (?lng=es) is audited in it, not in English after a form sent.
        const lng = new URL(st.path, "http://x").searchParams.get("lng");
        if (lng && (await page.evaluate(() => document.documentElement.lang)) !== lng) throw new Error(`not in language ${lng}`);
        const { violations, sideways, culprits, skipLink } = await checkPage(b, page, cache);
        if (skipLink) problems.push(`${label}: ${skipLink}`);
        if (violations.length) problems.push(`${label}:\n${formatViolations(violations)}`);
        if (sideways > 0) problems.push(`${label}: scrolls sideways by ${sideways}px at ${PHONE}px (${culprits.join(", ")})`);
      } catch (e) {
        // An audit that could not run, or a state that could not be reached, fails the sweep too.
        problems.push(`${label}: ${e instanceof AuditError ? "" : "could not be checked: "}${(e as Error).message.split("\n")[0]}`);
      }
    }
  });
  return problems;
}

/**
 * Every (session, mode) group, four at a time: the groups without JavaScript first, so that a page
 * whose DOM is the same with JavaScript has mostly been audited when its turn comes (the cache).
 */
export async function sweepAll(b: BrowserHarness, states: State[], s: Seed) {
  const cache = new Map<string, Promise<A11yViolation[]>>();
  const sessions = ["visitor", "draft", "applicant", "admin", "lender"] as const;
  // With JavaScript the visitor's long list comes last, when its pages without it are done.
  const groups = [false, true].flatMap((js) =>
    (js ? [...sessions].reverse() : sessions)
      .map((as) => ({ as, js, mine: states.filter((st) => st.as === as && (!js || !st.scriptFree)) }))
      .filter((g) => g.mine.length),
  );
  const problems: string[] = [];
  const next = async (): Promise<void> => {
    const g = groups.shift();
    if (!g) return;
    problems.push(...(await sweepGroup(b, g.mine, g.as, g.js, s, cache)));
    return next();
  };
  await Promise.all([next(), next(), next(), next()]);
  return problems;
}
