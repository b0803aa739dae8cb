/**
 * The e-mail's HTML: a small, table-based layout that mail programs render alike. Inline styles
 * only (mail programs drop <style> and classes), no images, fonts or other external resources.
 */
import type { ReactNode } from "react";
import type { Language } from "~/content/locales";
import { signatureWords, type MailBlock, type MailContent, type MailSupport } from "./domain/mail-content";

const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const text = { color: "#1e293b", fontFamily: font, fontSize: "16px", lineHeight: "24px" } as const;
const p = { ...text, margin: "0 0 16px" } as const;

export function MailLayout({
  title,
  preheader,
  lang = "en",
  children,
}: {
  title: string;
  preheader?: string;
  lang?: Language;
  children: ReactNode;
}) {
  return (
    <html lang={lang}>
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: "#f1f5f9" }}>
        {preheader ? (
          <div style={{ display: "none", maxHeight: 0, overflow: "hidden", opacity: 0, color: "transparent" }}>{preheader}</div>
        ) : null}
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ backgroundColor: "#f1f5f9" }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: "600px", backgroundColor: "#ffffff", borderRadius: "8px", border: "1px solid #e2e8f0" }}
                >
                  <tbody>{children}</tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function MailHeader({ name }: { name: string }) {
  return (
    <tr>
      <td style={{ padding: "20px 32px", borderBottom: "1px solid #e2e8f0" }}>
        <span style={{ ...text, fontSize: "20px", fontWeight: 700, color: "#1d4ed8" }}>{name}</span>
      </td>
    </tr>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <p style={p}>{children}</p>;
}

export function BulletList({ items }: { items: readonly string[] }) {
  return (
    <ul style={{ ...text, margin: "0 0 16px", paddingLeft: "24px" }}>
      {items.map((item, i) => (
        <li key={i} style={{ margin: "0 0 4px" }}>
          {item}
        </li>
      ))}
    </ul>
  );
}

export function Facts({ rows }: { rows: ReadonlyArray<readonly [string, string]> }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} width="100%" style={{ margin: "0 0 16px", borderCollapse: "collapse" }}>
      <tbody>
        {rows.map(([label, value], i) => (
          <tr key={i}>
            <th
              scope="row"
              align="left"
              style={{ ...text, fontWeight: 600, padding: "6px 12px 6px 0", borderBottom: "1px solid #e2e8f0", verticalAlign: "top" }}
            >
              {label}
            </th>
            <td style={{ ...text, padding: "6px 0", borderBottom: "1px solid #e2e8f0" }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A link as a button, with the address written out under it for programs that hide buttons. */
export function ActionButton({ label, href }: { label: string; href: string }) {
  return (
    <div style={{ margin: "8px 0 20px" }}>
      <a
        href={href}
        style={{
          display: "inline-block",
          backgroundColor: "#1d4ed8",
          color: "#ffffff",
          fontFamily: font,
          fontSize: "16px",
          fontWeight: 600,
          lineHeight: "24px",
          padding: "10px 20px",
          borderRadius: "6px",
          textDecoration: "none",
        }}
      >
        {label}
      </a>
      <p style={{ ...text, fontSize: "13px", lineHeight: "20px", color: "#475569", margin: "8px 0 0", wordBreak: "break-all" }}>
        <a href={href} style={{ color: "#1d4ed8" }}>
          {href}
        </a>
      </p>
    </div>
  );
}

export function NoticeBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ margin: "0 0 16px", padding: "16px", border: "1px solid #cbd5e1", borderRadius: "6px", backgroundColor: "#f8fafc" }}>
      <p style={{ ...p, fontWeight: 700, textTransform: "uppercase", fontSize: "14px" }}>{title}</p>
      {children}
    </div>
  );
}

export function Signature({ support, lang = "en" }: { support: MailSupport; lang?: Language }) {
  const w = signatureWords(lang);
  return (
    <tr>
      <td style={{ padding: "16px 32px 24px", borderTop: "1px solid #e2e8f0" }}>
        <p style={{ ...text, fontSize: "14px", lineHeight: "22px", color: "#475569", margin: 0 }}>
          <strong>{support.name}</strong>
          <br />
          {w.phone}: {support.phone} ({lang === "en" ? support.hours : w.hours})
          <br />
          {w.email}:{" "}
          <a href={`mailto:${support.email}`} style={{ color: "#1d4ed8" }}>
            {support.email}
          </a>
        </p>
      </td>
    </tr>
  );
}

export function Block({ block }: { block: MailBlock }) {
  switch (block.type) {
    case "paragraph":
      return <Paragraph>{block.text}</Paragraph>;
    case "list":
      return <BulletList items={block.items} />;
    case "facts":
      return <Facts rows={block.rows} />;
    case "action":
      return <ActionButton label={block.label} href={block.href} />;
    case "notice":
      return (
        <NoticeBox title={block.title}>
          {block.blocks.map((b, i) => (
            <Block key={i} block={b} />
          ))}
        </NoticeBox>
      );
  }
}

/** The whole message: header, greeting, the content's blocks, the support signature. */
export function MailDocument({ content, support }: { content: MailContent; support: MailSupport }) {
  const first = content.blocks.find((b) => b.type === "paragraph");
  return (
    <MailLayout title={content.subject} preheader={first?.type === "paragraph" ? first.text : undefined} lang={content.lang}>
      <MailHeader name={support.name} />
      <tr>
        <td style={{ padding: "24px 32px 8px" }}>
          {content.greeting ? <Paragraph>{content.greeting}</Paragraph> : null}
          {content.blocks.map((b, i) => (
            <Block key={i} block={b} />
          ))}
        </td>
      </tr>
      {(content.signature ?? "support") === "support" ? <Signature support={support} lang={content.lang} /> : null}
    </MailLayout>
  );
}
