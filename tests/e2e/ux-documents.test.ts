/**
 * Step 5's uploads, with and without JavaScript: a chosen file is never lost
 * by pressing Continue; the input is cleared after a success (no second copy); an old error
 * leaves after a later success; with JavaScript an 11 MB file is refused before anything is sent;
 * a file of the wrong type says which types the area takes; focus stays in the tile after Upload
 * and Remove; a long file name stays readable on a 375 px phone.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { getDraftById } from "~/features/applications/wizard/application-drafts.server";
import { getDb, schema } from "~/platform/db/db.server";
import { MSG, TOASTS } from "~/content/messages";
import { samplePdf, samplePng } from "../fixtures/documents";
import { MODES, setupBrowser } from "../support/browser";
import { uniqueEmail } from "../support/http";
import { completeAnonymousData, draftSession } from "../support/wizard";
import { at, cont, eventually, fileRow, upload } from "../support/wizard-browser";

const b = setupBrowser();

async function withDraft(ctx: BrowserContext) {
  const { draftId, cookie } = await draftSession(await completeAnonymousData(uniqueEmail("tiles")));
  const [pair] = cookie.split(";");
  const i = pair!.indexOf("=");
  await ctx.addCookies([{ name: pair!.slice(0, i), value: pair!.slice(i + 1), url: b.baseUrl }]);
  return draftId;
}

async function documentsOfDraft(draftId: number) {
  const draft = await getDraftById(draftId);
  if (!draft?.loanApplicationId) return [];
  return getDb().select().from(schema.documents).where(eq(schema.documents.applicationId, draft.loanApplicationId));
}

const tile = (page: Page, area: string) => page.locator(`section[data-area="${area}"]`);
const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: samplePdf(`${name}-${Date.now()}`) });

describe.each(MODES)("documents step $label", ({ js }) => {
  it("a chosen file is not lost when the applicant presses Continue without Upload", async () => {
    await b.withPage({ js }, async (page, ctx) => {
      const draftId = await withDraft(ctx);
      await page.goto("/apply/documents");
      await at(page, "documents", js);
      await tile(page, "ein").locator("input[type=file]").setInputFiles(pdf("ein-letter.pdf"));
      await cont(page);
      await at(page, "review", js);
      expect(await page.textContent("body")).toContain("ein-letter.pdf");
      expect((await documentsOfDraft(draftId)).map((d) => d.fileName)).toEqual(["ein-letter.pdf"]);
    });
  });

  it("uploads once, clears the input and an old error, keeps focus in the tile", async () => {
    await b.withPage({ js }, async (page, ctx) => {
      const draftId = await withDraft(ctx);
      await page.goto("/apply/documents");
      await at(page, "documents", js);
      // A wrong type first: the area says which types it takes.
      await upload(page, "bank-statements", "Bank Statements", { name: "April.png", mimeType: "image/png", buffer: samplePng() });
      // The tile's own error (without JavaScript its summary, at the top of the tile, says it too).
      const error = tile(page, "bank-statements").locator("#area-bank-statements-error");
      await error.getByText(`${TOASTS.uploadFailed.title} - ${MSG.fileNotPdfOrWord}`).waitFor();
      if (!js) {
        // The refusal opens at the tile that was used, its summary there.
        expect(new URL(page.url()).hash).toBe("#area-bank-statements");
        await tile(page, "bank-statements").getByTestId("error-summary").waitFor();
      }
      // Then a good file: listed, the error gone, the input empty. (A person clicks the input
      // to choose, so it has focus.)
      await tile(page, "bank-statements").locator("input[type=file]").focus();
      await upload(page, "bank-statements", "Bank Statements", pdf("March.pdf"));
      await fileRow(page, "bank-statements", "March.pdf").waitFor();
      await error.waitFor({ state: "detached" });
      expect(await tile(page, "bank-statements").locator("input[type=file]").inputValue()).toBe("");
      if (js) {
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("file-bank-statements");
      } else {
        expect(new URL(page.url()).hash).toBe("#area-bank-statements");
        // Pressing Upload again sends nothing new.
        await page.getByRole("button", { name: "Upload Bank Statements" }).click();
        await page.waitForLoadState("load");
      }
      expect((await documentsOfDraft(draftId)).map((d) => d.fileName)).toEqual(["March.pdf"]);
      // Remove: focus goes to the tile's file input (with JavaScript), the tile is in view (without).
      await page.getByRole("button", { name: "Remove March.pdf" }).click();
      await fileRow(page, "bank-statements", "March.pdf").waitFor({ state: "detached" });
      if (js) expect(await page.evaluate(() => document.activeElement?.id)).toBe("file-bank-statements");
      await eventually(async () => (await documentsOfDraft(draftId)).length === 0);
    });
  });

  it("a long file name stays readable at 375 px", async () => {
    await b.withPage({ js }, async (page, ctx) => {
      await withDraft(ctx);
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto("/apply/documents");
      await at(page, "documents", js);
      const name = "Quarterly-business-bank-statement-for-January-February-March-2026.pdf";
      // The file input has a line of its own, as wide as the tile, so the chosen name is not
      // squeezed to a few letters beside a button.
      const widths = await tile(page, "llc").evaluate((section) => {
        const s = getComputedStyle(section);
        const input = section.querySelector("input[type=file]")!;
        return {
          tile: section.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight),
          input: input.getBoundingClientRect().width,
        };
      });
      expect(widths.input).toBeGreaterThanOrEqual(widths.tile - 1);
      await tile(page, "llc").locator("input[type=file]").setInputFiles(pdf(name));
      // Without JavaScript Upload sends it; with JavaScript choosing is enough: the tile names the
      // chosen file in full at once.
      if (!js) await page.getByRole("button", { name: "Upload LLC Documents" }).click();
      const row = fileRow(page, "llc", name);
      await row.waitFor();
      const box = (await row.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(await row.textContent()).toContain(name);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
  });
});

describe("documents step with JavaScript only", () => {
  it("an 11 MB file is refused in the browser: nothing is sent", async () => {
    await b.withPage({ js: true }, async (page, ctx) => {
      await withDraft(ctx);
      await page.goto("/apply/documents");
      await at(page, "documents", true);
      const posts: string[] = [];
      page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
      // A file on disk: the browser reads it itself (11 MB sent through the protocol is slow on a busy machine).
      const big = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tile-big-")), "huge.pdf");
      fs.writeFileSync(big, Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(11 * 1024 * 1024, 0x20)]));
      try {
        await tile(page, "ein").locator("input[type=file]").setInputFiles(big);
      } finally {
        fs.rmSync(path.dirname(big), { recursive: true, force: true });
      }
      await tile(page, "ein").getByRole("alert").getByText(`${TOASTS.fileTooLarge.title} - ${TOASTS.fileTooLarge.description}`).waitFor();
      expect(posts).toEqual([]);
      expect(await tile(page, "ein").locator("input[type=file]").inputValue()).toBe("");
    });
  });
});

describe("per-file upload progress with JavaScript", () => {
  it("a tile's file shows a bar of how much is sent, then the file is listed and the bar is gone", async () => {
    await b.withPage({ js: true }, async (page, ctx) => {
      await withDraft(ctx);
      await page.goto("/apply/documents");
      await at(page, "documents", true);
      // A slow uplink (about 100 KB/s), so the bar is seen part way: a 300 KB statement takes 3 s.
      const cdp = await ctx.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 100 * 1024,
      });
      const file = {
        name: "Statement.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.concat([samplePdf("progress"), Buffer.alloc(300_000, 0x20)]),
      };
      await tile(page, "bank-statements").locator("input[type=file]").setInputFiles(file);
      const bar = tile(page, "bank-statements").getByRole("progressbar", { name: "Upload of Statement.pdf" });
      // Part way: a value above 0 and below its maximum (what a person sees move).
      await page.waitForFunction(() => {
        const p = document.querySelector<HTMLProgressElement>('section[data-area="bank-statements"] progress');
        return Boolean(p && p.hasAttribute("value") && p.value > 0 && p.value < p.max);
      });
      expect(await tile(page, "bank-statements").getByTestId("upload-progress").textContent()).toMatch(
        /Uploading Statement\.pdf \([^)]+\): \d{1,2}%/,
      );
      // The step waits for it: Continue is disabled until it is saved.
      expect(await page.getByRole("button", { name: "Continue", exact: true }).isDisabled()).toBe(true);
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await fileRow(page, "bank-statements", "Statement.pdf").waitFor();
      await bar.waitFor({ state: "detached" });
      expect(await page.getByRole("button", { name: "Continue", exact: true }).isDisabled()).toBe(false);
    });
  });
});

describe("the ID's camera control on a phone", () => {
  it("with JavaScript it is the button its label names, reached by Tab with a visible focus ring, and a photo taken uploads", async () => {
    await b.withPage({ js: true }, async (page, ctx) => {
      const draftId = await withDraft(ctx);
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto("/apply/documents");
      await at(page, "documents", true);
      const button = tile(page, "id-front").getByTestId("camera-button");
      expect((await button.innerText()).replace(/\s+/g, " ").trim()).toBe("Take a photo of Government ID (Front)");
      // No native "Choose File" beside it: the capture input itself is not drawn.
      const camera = tile(page, "id-front").locator("input[capture]");
      expect(await camera.evaluate((e) => e.getBoundingClientRect().width <= 1)).toBe(true);
      expect(await button.evaluate((e) => e.getBoundingClientRect().width)).toBeGreaterThan(200);
      // The keyboard reaches the input; the button shows where focus is.
      await camera.focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      expect(await camera.evaluate((e) => document.activeElement === e)).toBe(true);
      expect(await button.evaluate((e) => getComputedStyle(e).outlineStyle)).toBe("solid");
      await camera.setInputFiles({ name: "id-photo.png", mimeType: "image/png", buffer: samplePng() });
      await fileRow(page, "id-front", "id-photo.png").waitFor();
      expect((await documentsOfDraft(draftId)).map((d) => d.fileName)).toEqual(["id-photo.png"]);
    });
  });

  it("without JavaScript it stays the browser's own file control, under its label", async () => {
    await b.withPage({ js: false }, async (page, ctx) => {
      await withDraft(ctx);
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto("/apply/documents");
      await at(page, "documents", false);
      expect(await tile(page, "id-front").getByTestId("camera-button").count()).toBe(0);
      const camera = tile(page, "id-front").getByLabel("Take a photo");
      expect(await camera.evaluate((e) => e.getBoundingClientRect().width)).toBeGreaterThan(200);
    });
  });
});
