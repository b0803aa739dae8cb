/** Spanish (US) texts, namespace "common": the keys of en/common.ts, translated (docs/i18n.md). */
import type { Resources } from "~/content/locales/en";

export const common: Resources["common"] = {
  thereIsAProblem: "Hay un problema",
  skipToMain: "Saltar al contenido principal",
  language: {
    label: "Idioma",
    switchTo: "English",
    switchToLang: "en",
  },
  legal: {
    englishGoverns: "Este texto legal se publica en inglés. Si una traducción difiere del texto en inglés, rige la versión en inglés.",
  },
  nav: {
    Home: "Inicio",
    Dashboard: "Mi panel",
    "My data": "Mis datos",
    "Account settings": "Configuración de la cuenta",
    "Admin panel": "Panel de administración",
  },
  header: {
    howItWorks: "Cómo funciona",
    features: "Ventajas",
    support: "Ayuda",
    call: "Llame al {{phone}}",
    welcome: "Hola, {{name}}",
    dashboard: "Mi panel",
    login: "Iniciar sesión",
    signUp: "Crear cuenta",
    applyNow: "Solicitar ahora",
    menu: "Menú",
    logout: "Cerrar sesión",
  },
  footer: {
    tagline: "Conectamos a emprendedores y pequeñas empresas con prestamistas autorizados para préstamos comerciales de $1,000 a $50,000.",
    socialMedia: "Redes sociales",
    businessLoans: "Préstamos comerciales",
    resources: "Recursos",
    support: "Ayuda",
    rightsReserved: "Todos los derechos reservados.",
    operatedBy: "{{site}} es operado por {{name}}, {{address}}.",
    termsOfService: "Términos del servicio",
    privacyPolicy: "Política de privacidad",
    products: {
      "/startup-capital-loans": "Capital inicial",
      "/working-capital-loans": "Capital de trabajo",
      "/equipment-financing": "Financiamiento de equipos",
      "/business-expansion-loans": "Expansión del negocio",
      "/small-business-funding": "Financiamiento para pequeñas empresas",
      "/commercial-real-estate": "Bienes raíces comerciales",
    },
    resourceLinks: {
      "/loan-application": "Solicitar un préstamo",
      "/application-status": "Estado de la solicitud",
      "/loan-calculator": "Calculadora de préstamos",
      "/faq": "Preguntas frecuentes",
      "/licenses": "Licencias",
      "/security": "Seguridad",
    },
    plainItems: {
      inventory: "Financiamiento de inventario",
      emergency: "Préstamos comerciales de emergencia",
      rates: "Tasas de interés",
      stories: "Casos de éxito",
      compliance: "Cumplimiento normativo",
    },
  },
};
