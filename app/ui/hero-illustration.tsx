/**
 * The landing hero's illustration, drawn here (no external asset): a small shop with its awning, a
 * rising bar chart and a coin. Decorative (aria-hidden): the hero's text says everything.
 */
export function HeroIllustration({ className = "" }: { className?: string }) {
  return (
    <svg viewBox="0 0 320 200" className={className} aria-hidden="true" focusable="false" data-testid="hero-illustration">
      <rect x="0" y="176" width="320" height="6" rx="3" fill="#b2e2db" />
      {/* The shop */}
      <rect x="28" y="82" width="150" height="94" rx="6" fill="#ffffff" stroke="#0c544b" strokeWidth="3" />
      <path d="M20 82h166l-12-30H32z" fill="#0b675b" />
      <path d="M32 52h28v30H20zM88 52h30v30H88zM146 52h28l12 30h-40z" fill="#d0efeb" opacity="0.9" />
      <rect x="44" y="104" width="52" height="40" rx="3" fill="#e9f9f6" stroke="#0c544b" strokeWidth="2.5" />
      <path d="M70 104v40M44 124h52" stroke="#0c544b" strokeWidth="2" />
      <rect x="112" y="112" width="46" height="64" rx="3" fill="#0e7a6c" />
      <circle cx="149" cy="146" r="3" fill="#fef3c7" />
      {/* The rising chart */}
      <rect x="206" y="142" width="18" height="34" rx="3" fill="#81cfc5" />
      <rect x="232" y="120" width="18" height="56" rx="3" fill="#2db5a3" />
      <rect x="258" y="92" width="18" height="84" rx="3" fill="#0b675b" />
      <path d="M204 128l30-22 26 8 40-44" fill="none" stroke="#b45309" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M288 66l14 2-3 14" fill="none" stroke="#b45309" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      {/* A coin */}
      <circle cx="214" cy="46" r="20" fill="#fef3c7" stroke="#b45309" strokeWidth="3" />
      <path
        d="M214 34v24M220 39c-2-3-10-3-11 1-1 5 12 3 11 9-1 4-9 4-12 1"
        fill="none"
        stroke="#b45309"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
