/**
 * The whole page a document link answers with when it cannot serve the file ('File Not Found',
 * 'Download Failed'): small, self-contained, in the public look, with no script (it must work
 * without JavaScript and under a `default-src 'none'` CSP). Rendered to static markup by
 * app/features/documents/document-response.server.ts.
 */
import { site } from "~/content/site";
import { common } from "~/content/locales/en/common";
import type { ToastMessage } from "~/content/messages";

export type BackLink = { href: string; label: string };

const STYLES = `
*{box-sizing:border-box}
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#0f172a;background:#f8fafc;display:flex;min-height:100vh;flex-direction:column}
header,footer{background:#fff;border-color:#e2e8f0;border-style:solid;border-width:0}
header{border-bottom-width:1px;padding:1rem 1.5rem}
footer{border-top-width:1px;padding:1rem 1.5rem;color:#334155;font-size:.875rem;text-align:center}
.brand{display:inline-flex;align-items:center;gap:.5rem;font-weight:700;font-size:1.125rem;color:#0f172a;text-decoration:none}
.logo{display:inline-flex;width:2rem;height:2rem;border-radius:.375rem;background:#1d4ed8;color:#fff;align-items:center;justify-content:center}
main{flex:1;display:flex;align-items:center;justify-content:center;padding:4rem 1rem}
.card{max-width:32rem;width:100%;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:2rem;text-align:center;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-size:1.5rem;margin:0 0 .75rem}
p{color:#334155;margin:0 0 1.5rem;line-height:1.5}
.btn{display:inline-block;background:#1d4ed8;color:#fff;text-decoration:none;padding:.625rem 1.25rem;border-radius:.375rem;font-weight:600}
.btn:hover,.btn:focus{background:#1e40af}
.btn:focus{outline:3px solid #93c5fd;outline-offset:2px}
.skip-link{position:absolute;left:1rem;top:-4rem;background:#fff;color:#1e3a8a;padding:.5rem 1rem;border-radius:.375rem;font-weight:600}
.skip-link:focus{top:1rem;outline:3px solid #93c5fd}
`;

export function DocumentErrorPage({ toast, back }: { toast: ToastMessage; back: BackLink }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${toast.title} | ${site.name}`}</title>
        <style dangerouslySetInnerHTML={{ __html: STYLES }} />
      </head>
      <body>
        {/* As on every page (root.tsx): the first thing a keyboard reaches, past the header. */}
        <a className="skip-link" href="#main">
          {common.skipToMain}
        </a>
        <header>
          <a className="brand" href="/">
            <span className="logo" aria-hidden="true">
              L
            </span>
            <span>{site.name}</span>
          </a>
        </header>
        <main id="main">
          <div className="card" role="alert">
            <h1>{toast.title}</h1>
            <p>{`${toast.title} - ${toast.description ?? ""}`}</p>
            <a className="btn" href={back.href}>
              {back.label}
            </a>
          </div>
        </main>
        <footer>{`© ${site.copyrightYear} ${site.name}. All rights reserved.`}</footer>
      </body>
    </html>
  );
}
