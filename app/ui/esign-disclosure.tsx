import { ESIGN_DISCLOSURE } from "~/content/consents";

/** The E-SIGN disclosure, shown in full above its checkbox (sign-up, and step 2 of the wizard). */
export function EsignDisclosure({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby="esign-heading"
      className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800"
      data-testid="esign-disclosure"
    >
      <Heading id="esign-heading" className="font-semibold text-slate-900">
        {ESIGN_DISCLOSURE.heading}
      </Heading>
      {ESIGN_DISCLOSURE.paragraphs.map((p) => (
        <p key={p} className="mt-2">
          {p}
        </p>
      ))}
    </section>
  );
}
