import { Outlet } from "@remix-run/react";
import { SiteFooter } from "~/ui/site-footer";
import { SiteHeader } from "~/ui/site-header";

/** The shared layout of the public pages: header with name, phone and e-mail; footer. */
export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader variant="public" />
      <main id="main" tabIndex={-1} className="focus:outline-none flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
