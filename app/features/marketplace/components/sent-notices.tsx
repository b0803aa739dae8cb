/**
 * The notices of action taken (adverse action, incompleteness) sent about one application, as the
 * applicant received them by e-mail, with the time each was sent: on the dashboard and on the
 * offers page, so a notice can be read again without the e-mail. The subject and body are shown as
 * stored: each was written in the account's language when it was queued.
 */
import type { ApplicantNotice } from "~/features/marketplace/applicant-visible.server";
import { useT } from "~/ui/i18n";
import { useFormat } from "~/ui/locale-format";

export function SentNotices({ notices, headingLevel = "h3" }: { notices: readonly ApplicantNotice[]; headingLevel?: "h2" | "h3" | "h4" }) {
  const { t } = useT("dashboard");
  const f = useFormat();
  if (!notices.length) return null;
  const Heading = headingLevel;
  return (
    <section className="mt-4" aria-label={t("notices.heading")} data-testid="sent-notices">
      <Heading className="font-semibold">{t("notices.heading")}</Heading>
      {notices.map((n) => (
        <details key={n.id} className="mt-2 min-w-0 rounded-md border border-slate-300 p-3" data-testid="sent-notice">
          <summary className="cursor-pointer">
            <span className="font-medium">{n.subject}</span>{" "}
            <span className="text-sm text-slate-700">
              {n.sentAt ? t("notices.sent", { when: f.dateTime(n.sentAt) }) : t("notices.queued", { when: f.dateTime(n.queuedAt) })}
            </span>
          </summary>
          {/* overflow-wrap: anywhere, not break-word: only it lets a long link or fingerprint narrow the box on a phone. */}
          <div className="mt-2 whitespace-pre-line text-sm [overflow-wrap:anywhere]">{n.text}</div>
        </details>
      ))}
    </section>
  );
}
