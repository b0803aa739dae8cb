/**
 * The wizard's and the dashboard's error boundaries: a failure below the layout shows in place,
 * under the layout's own header (the admin layout's is shown in a browser: tests/e2e/admin.test.ts).
 */
import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as apply from "~/routes/apply";
import * as dashboard from "~/routes/dashboard";
import { MSG } from "~/content/messages";

const routeError = (status: number) => ({ status, statusText: "", internal: false, data: null });

function render(
  route: { id: string; path: string; Component: () => JSX.Element; ErrorBoundary: () => JSX.Element },
  url: string,
  error: unknown,
) {
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      children: [{ ...route, children: [{ id: `${route.id}.child`, path: "child", Component: () => null }] }],
    },
  ]);
  // Only the wizard's child ("step") fails; the root's data (no user) is there.
  return renderToString(
    <Stub initialEntries={[url]} hydrationData={{ loaderData: { root: { user: null } }, errors: { [route.id]: error } }} />,
  );
}

describe("layout error boundaries", () => {
  beforeAll(() => {
    // The memory router's useLayoutEffect warns when rendered to a string; nothing else is muted.
    const original = console.error;
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (String(args[0]).includes("useLayoutEffect does nothing on the server")) return;
      original(...args);
    });
  });

  it("the wizard: the 503 page in place, under the wizard's header (Exit Application)", () => {
    const html = render(
      { id: "routes/apply", path: "apply", Component: apply.default, ErrorBoundary: apply.ErrorBoundary },
      "/apply/child",
      routeError(503),
    );
    expect(html).toContain("Exit Application");
    expect(html).toContain(MSG.serviceUnavailableTitle);
    expect(html).toContain("Try again");
    expect(html).toContain('data-testid="route-error"');
  });

  it("the dashboard: an unexpected error in place, under the dashboard's header", () => {
    const html = render(
      { id: "routes/dashboard", path: "dashboard", Component: dashboard.default, ErrorBoundary: dashboard.ErrorBoundary },
      "/dashboard",
      new Error("boom"),
    );
    expect(html).toContain("Account settings");
    expect(html).toContain("Logout");
    expect(html).toContain("Something went wrong");
    expect(html).toContain("Reload the dashboard");
    expect(html).not.toContain("boom");
  });
});
