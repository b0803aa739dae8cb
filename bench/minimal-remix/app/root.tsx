/**
 * The whole minimal app: the document of the page asked for, as the product sent it (captured by
 * the bench in the same run), rendered by React with Remix's own <Scripts>.
 * No loader, no data: what is left is the framework's cost of a document (routing, the handler,
 * React's render and stream, Remix's context script) plus about the same number of bytes.
 */
import { Scripts, useLocation } from "@remix-run/react";

type Captured = { head: string; body: string };
/** Set by bench/minimal-remix/server.js before it serves: path with query -> the product's document. */
const pages = (): Map<string, Captured> => (globalThis as { __benchPages?: Map<string, Captured> }).__benchPages ?? new Map();

export default function Root() {
  const { pathname, search } = useLocation();
  const page = pages().get(pathname + search) ?? { head: "<title>not captured</title>", body: "<p>not captured</p>" };
  // The product's head and body without its own Remix scripts; this app's <Scripts> take their place.
  return (
    <html lang="en">
      <head dangerouslySetInnerHTML={{ __html: page.head }} />
      <body>
        <div dangerouslySetInnerHTML={{ __html: page.body }} />
        <Scripts />
      </body>
    </html>
  );
}
