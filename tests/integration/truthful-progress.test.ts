/**
 * Issue 29, defect 9, over HTTP: the dashboard's progress and the status lookup's timeline never
 * show a review as done before one happened. A submitted application shows "Submitted" as where it
 * is now and every later step as "Not yet"; once our team starts reviewing (the admin's
 * "Under Review"), the badge says so, and still no step is marked done that has not happened.
 */
import { describe, expect, it } from "vitest";
import { changeStatus } from "~/features/applications/application-status.server";
import { createSubmittedApplication } from "../support/applications";
import { createAdmin, createApplicant, TEST_PASSWORD } from "../support/fixtures";
import { getPage, squash, type Html } from "../support/html";
import { Client } from "../support/http";
import { signInApplicantOverHttp } from "../support/sign-in";

/** Each progress step of the application as [label, state] ("done", "current", "upcoming"). */
function steps($: Html, scope: string) {
  return $(`${scope} [data-testid=timeline] li[data-state]`)
    .toArray()
    .map((li) => [squash($(li).find("span.block.font-medium").text()), $(li).attr("data-state")!] as const);
}

describe("truthful progress", () => {
  it("nothing is marked done before it happened: not on submission, not once a review starts", async () => {
    const user = await createApplicant();
    const app = (await createSubmittedApplication({ userId: user.id }))!;
    const client = await signInApplicantOverHttp(new Client(), { email: user.email, password: TEST_PASSWORD });
    const card = `[data-testid=dashboard-application][data-reference="${app.reference}"]`;

    const check = async (badge: string) => {
      const dash = await getPage("/dashboard", client);
      const lookup = await getPage(`/application-status?id=${app.reference}`, new Client());
      for (const [where, $, scope] of [
        ["dashboard", dash.$, card],
        ["status lookup", lookup.$, "main"],
      ] as const) {
        const s = steps($, scope);
        expect(s[0], where).toEqual(["Submitted", "current"]);
        // Every later step is still to come; none of them is a review.
        expect(
          s.slice(1).every(([, state]) => state === "upcoming"),
          where,
        ).toBe(true);
        expect(
          s.map(([label]) => label),
          where,
        ).not.toContain("Under Review");
        expect(squash($(`${scope} [data-testid=timeline]`).text()), where).not.toMatch(/Under Review.{0,20}done/);
        expect(squash($(`${scope} [data-testid=stage-badge]`).first().text()), where).toBe(badge);
      }
    };
    await check("Submitted");
    await changeStatus((await createAdmin()).id, app.id, "under-review");
    await check("Under Review");
  });
});
