/** /api-docs, the human list of the JSON API's endpoints: readable without JavaScript, accessible (axe runs on load). */
import { expect, it } from "vitest";
import { setupBrowser } from "../support/browser";

const b = setupBrowser();

it("lists every endpoint with its method, path and who may call it, and links the OpenAPI document", async () => {
  await b.withPage({ js: false }, async (page) => {
    await page.goto("/api-docs");
    await page.getByRole("heading", { level: 1, name: "API" }).waitFor();
    const rows = page.getByRole("row").filter({ has: page.getByRole("cell") });
    // The product's 12 calls, the marketplace's 3 (issue 12) and the back office's 5 (issue 17).
    expect(await rows.count()).toBe(12 + 3 + 5);
    await page.getByRole("row").filter({ hasText: "/api/offers/{id}/accept" }).waitFor();
    const upload = page.getByRole("row").filter({ hasText: "/api/documents/upload" });
    await expect(upload.getByRole("cell").first().textContent()).resolves.toBe("POST");
    await expect(upload.getByRole("cell").nth(2).textContent()).resolves.toBe("Signed in");
    const admin = page.getByRole("row").filter({ hasText: "/api/admin/applications/{id}/status" });
    await expect(admin.getByRole("cell").nth(2).textContent()).resolves.toBe("Admin");
    const link = page.getByRole("link", { name: "OpenAPI 3.1 document" });
    expect(await link.getAttribute("href")).toBe("/api/openapi.json");
  });
});
