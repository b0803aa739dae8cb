/** The product's name and contacts: one place, imported everywhere. */
export const site = {
  name: "Lendwise",
  tagline: "Business loans from $1,000 to $50,000",
  supportPhone: "1-800-555-0199",
  supportPhoneHref: "tel:+18005550199",
  supportEmail: "support@lendwise.example",
  hours: "Mon-Fri 9AM-6PM EST",
  copyrightYear: 2025,
  /** The footer's social profiles (links, not plain text). Example profiles. */
  social: [
    { label: "Facebook", href: "https://www.facebook.com/lendwise.example" },
    { label: "X (Twitter)", href: "https://x.com/lendwise_example" },
    { label: "LinkedIn", href: "https://www.linkedin.com/company/lendwise-example" },
    { label: "Instagram", href: "https://www.instagram.com/lendwise.example" },
  ],
} as const;
