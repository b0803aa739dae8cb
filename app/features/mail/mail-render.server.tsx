/**
 * Renders an e-mail's content to its two parts: HTML from the React components and plain text
 * from the same blocks. What enqueueEmail stores and the outbox worker sends.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { site } from "~/content/site";
import { mailText, type MailContent, type MailSupport } from "./domain/mail-content";
import { MailDocument } from "./mail-components";

export const MAIL_SUPPORT: MailSupport = { name: site.name, phone: site.supportPhone, hours: site.hours, email: site.supportEmail };

export type RenderedMail = { subject: string; text: string; html: string };

export function renderMail(content: MailContent): RenderedMail {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<MailDocument content={content} support={MAIL_SUPPORT} />)}`;
  return { subject: content.subject, text: mailText(content, MAIL_SUPPORT), html };
}
