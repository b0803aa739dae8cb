/**
 * Spanish (US) texts, namespace "legal": the keys of en/legal.ts, translated (docs/i18n.md). The
 * pages show, above the translation, that the English text governs (common.legal.englishGoverns).
 */
import type { Resources } from "~/content/locales/en";
import { site } from "~/content/site";

const hours = "lun. a vie., de 9 a. m. a 6 p. m., hora del Este";
const contact = `escriba a ${site.supportEmail} o llame al ${site.supportPhone} (${hours}).`;
const Contact = contact.charAt(0).toUpperCase() + contact.slice(1);

export const legal: Resources["legal"] = {
  lastUpdated: "Última actualización: {{date}}",
  date: "3 de enero de 2025",
  contents: "Contenido",
  terms: {
    title: "Términos del servicio | {{site}}",
    description: "Los términos que rigen su uso de {{site}} y las solicitudes de préstamo que presente a través del sitio.",
    heading: "Términos del servicio",
    intro: "Lea atentamente estos términos antes de usar {{site}} o de solicitar un préstamo.",
    sections: {
      acceptance: {
        title: "Aceptación de estos términos",
        paragraphs: {
          0: `Estos Términos del servicio rigen su uso del sitio web de ${site.name}, su cuenta y cualquier solicitud de préstamo que presente a través de él. Al crear una cuenta, presentar una solicitud o usar el servicio de cualquier otra forma, usted acepta estos términos.`,
          1: "Si no está de acuerdo, no use el servicio.",
        },
      },
      "our-service": {
        title: `Qué hace ${site.name}`,
        paragraphs: {
          0: `${site.name} es un mercado en línea que conecta a emprendedores y pequeñas empresas de los Estados Unidos con prestamistas autorizados para préstamos comerciales de $1,000 a $50,000.`,
          1: "Las ofertas de préstamo las hacen los prestamistas. La tasa, el plazo y las comisiones de cualquier préstamo se indican en la oferta y en el contrato de préstamo que usted firma con el prestamista, que rige ese préstamo.",
        },
      },
      eligibility: {
        title: "Requisitos",
        paragraphs: {
          0: "Para usar el servicio y solicitar un préstamo, debe tener al menos 18 años y ser ciudadano de los EE. UU. Usted confirma ambas cosas al marcar la declaración en el formulario de registro o en la solicitud.",
          1: "La empresa para la que solicita el préstamo debe tener su sede en los Estados Unidos. Cumplir estos requisitos no significa por sí solo que se le ofrecerá un préstamo.",
        },
      },
      "your-account": {
        title: "Su cuenta",
        paragraphs: {
          0: "Se crea una cuenta para usted cuando se registra o cuando presenta una solicitud. Usted se compromete a dar información exacta, actual y completa, y a mantenerla actualizada.",
          1: "Usted es responsable de mantener la confidencialidad de su contraseña y de la actividad en su cuenta. Avísenos de inmediato si cree que otra persona la ha usado.",
        },
      },
      "applications-and-decisions": {
        title: "Solicitudes y decisiones",
        paragraphs: {
          0: "Al presentar una solicitud, usted confirma que la información que da sobre usted y su empresa es verdadera y completa. Dar información falsa o engañosa puede hacer que su solicitud sea rechazada o que se cierre su cuenta.",
          1: "Presentar una solicitud no garantiza la aprobación, un monto, una tasa o un plazo determinados, ni una decisión en un plazo determinado. Los plazos y las tasas anunciados son cifras habituales, no promesas.",
          2: "Los resultados de la calculadora de préstamos son solo estimaciones y no constituyen una oferta de crédito.",
        },
      },
      "credit-checks": {
        title: "Verificación y consultas de crédito",
        paragraphs: {
          0: "Consultar su tasa no afecta su puntaje de crédito.",
          1: `En el paso de revisión de la solicitud, usted puede autorizar a ${site.name} y a sus socios prestamistas a verificar la información que proporcionó y a consultar su crédito. Su solicitud no se puede enviar sin esta autorización.`,
        },
      },
      "fees-and-repayment": {
        title: "Comisiones y pagos",
        paragraphs: {
          0: `No hay ningún cargo por presentar una solicitud a través de ${site.name}. Un prestamista puede cobrar una comisión de originación sobre un préstamo que otorgue; esa comisión forma parte de las condiciones del préstamo. No cobramos cargos ocultos.`,
          1: "Si puede pagar un préstamo por adelantado sin cargo depende del prestamista: su oferta indica sus condiciones de pago anticipado antes de que la acepte. Los pagos se hacen al prestamista conforme a su contrato de préstamo.",
        },
      },
      documents: {
        title: "Documentos que usted sube",
        paragraphs: {
          0: "Puede subir documentos como identificaciones, documentos de registro de la empresa y estados de cuenta bancarios para respaldar su solicitud. Suba solo documentos que tenga derecho a compartir y que se refieran a usted o a su empresa.",
          1: "Los documentos que sube están protegidos con cifrado de 256 bits y nunca se comparten sin su consentimiento. Nuestra Política de privacidad describe cómo tratamos su información.",
        },
      },
      communications: {
        title: "Comunicaciones",
        paragraphs: {
          0: "Al crear una cuenta, usted acepta recibir registros y firmar documentos de forma electrónica, conforme al acuerdo que se muestra en el formulario de registro; puede pedir copias en papel o retirar ese acuerdo en cualquier momento. Le enviamos por correo electrónico mensajes sobre su cuenta y sus solicitudes, incluidas confirmaciones, avisos y novedades de estado. No enviamos novedades de la cuenta ni de la solicitud por mensaje de texto.",
          1: "Los correos electrónicos promocionales, y los mensajes de texto promocionales al número que usted indique, se envían solo si marca sus propias casillas, lo que nunca es una condición para presentar una solicitud ni para ninguna compra. Responda STOP a cualquier mensaje de texto para dejar de recibirlos; puede retirar cualquiera de los dos consentimientos en cualquier momento.",
        },
      },
      "acceptable-use-and-liability": {
        title: "Uso aceptable y limitación de responsabilidad",
        paragraphs: {
          0: "Usted se compromete a no hacer un uso indebido del servicio, por ejemplo, presentando una solicitud a nombre de otra persona, interfiriendo con su funcionamiento o intentando acceder a información que no es suya.",
          1: `El servicio se ofrece tal cual. En la medida en que la ley lo permita, ${site.name} no es responsable de las pérdidas indirectas o consecuentes que resulten de su uso del servicio o de la decisión de un prestamista.`,
        },
      },
      "changes-and-contact": {
        title: "Cambios y contacto",
        paragraphs: {
          0: "Podemos actualizar estos términos de vez en cuando. La fecha al principio de esta página indica cuándo cambiaron por última vez, y seguir usando el servicio después de un cambio significa que acepta los términos actualizados.",
          1: `¿Preguntas sobre estos términos? ${Contact}`,
        },
      },
    },
  },
  privacy: {
    title: "Política de privacidad | {{site}}",
    description: "Cómo {{site}} recopila, usa, comparte y protege su información, y por cuánto tiempo la conserva.",
    heading: "Política de privacidad",
    intro: "Su privacidad nos importa. Esta política describe cómo {{site}} trata su información personal y de su empresa.",
    sections: {
      "about-this-policy": {
        title: "Acerca de esta política",
        paragraphs: {
          0: `Esta Política de privacidad explica qué información recopila ${site.name} cuando usted usa nuestro sitio web y solicita un préstamo comercial, cómo la usamos y protegemos, y las opciones que tiene.`,
        },
      },
      "information-we-collect": {
        title: "Información que recopilamos",
        paragraphs: {
          0: "Información que usted nos da: su nombre, dirección de correo electrónico, número de teléfono y fecha de nacimiento; la dirección de su empresa; el monto y el propósito del préstamo que solicita; sus ingresos anuales, su situación de vivienda y su pago mensual de vivienda; y cualquier documento que suba, como identificaciones, documentos de la LLC y del EIN, estados de cuenta bancarios y su tarjeta del Seguro Social.",
          1: "Información que se recopila automáticamente: las cookies necesarias para mantener su sesión iniciada y guardar su solicitud a medida que avanza, la dirección desde la que llegan sus solicitudes (que se guarda con cada consentimiento que usted da) y registros técnicos básicos de las solicitudes hechas a nuestros servidores.",
          2: "Píxel publicitario: cuando está activado, nuestras páginas públicas de mercadeo (nunca las páginas de la solicitud, del panel ni de la cuenta) cargan el píxel de Meta, que le indica a Meta que un navegador visitó la página y, cuando usted comienza o envía una solicitud, que lo hizo y el monto solicitado. Bloquear las cookies de terceros en su navegador lo detiene.",
          3: "Si decide responderlas, las preguntas opcionales sobre el origen étnico, la raza y el sexo de los propietarios de una empresa, y sobre si la empresa es propiedad de minorías, de mujeres o de personas LGBTQI+, se guardan aparte de su solicitud; ningún prestamista ni nadie que revise solicitudes puede verlas.",
        },
      },
      "how-we-use-information": {
        title: "Cómo usamos su información",
        paragraphs: {
          0: "Usamos su información para crear y administrar su cuenta, procesar y revisar su solicitud, ponerlo en contacto con prestamistas autorizados, verificar su identidad, informarle sobre el estado de su solicitud y mantener la seguridad del servicio.",
        },
      },
      sharing: {
        title: "Cómo compartimos la información",
        paragraphs: {
          0: "Cuando usted envía una solicitud y acepta compartirla, enviamos la solicitud y sus documentos a los prestamistas asociados cuyos productos activos atienden a su estado y al propósito de su préstamo; sus nombres aparecen en la casilla de autorización de crédito, en su página de ofertas y en nuestra página de licencias. También usamos proveedores de servicios (alojamiento, envío de correo electrónico, almacenamiento de archivos) que pueden tratar la información solo para operar el servicio y deben protegerla.",
          1: "No vendemos información personal. El píxel publicitario descrito arriba puede considerarse compartir información para publicidad conductual entre contextos según la ley de California; puede excluirse como se describe en Sus opciones. Podemos divulgar información cuando la ley lo exija.",
        },
      },
      "credit-checks": {
        title: "Consultas de crédito",
        paragraphs: {
          0: "Para encontrar sus ofertas se usa como máximo una consulta suave, que no afecta su puntaje de crédito. Un prestamista hace una consulta rigurosa solo si usted acepta su oferta y le informa que la hará. Su autorización en el paso de revisión nombra a los prestamistas que pueden obtener un informe.",
        },
      },
      security: {
        title: "Cómo protegemos su información",
        paragraphs: {
          0: `La información que nos envía viaja mediante TLS (HTTPS), y cada documento que sube se guarda cifrado con AES-256-GCM con su propia clave. Dentro de ${site.name}, el acceso a las solicitudes y los documentos está limitado a usted, al personal que los revisa y a los prestamistas con los que aceptó compartirlos. Nuestra página de seguridad da más detalles.`,
          1: "Ningún sistema es perfectamente seguro, pero trabajamos para proteger su información contra pérdidas, usos indebidos y accesos no autorizados.",
        },
      },
      retention: {
        title: "Por cuánto tiempo conservamos la información",
        paragraphs: {
          0: "Conservamos la información de los préstamos hasta 7 años después del cierre del préstamo, para cumplir nuestras obligaciones legales y de conservación de registros. Después, se elimina o se anonimiza.",
          1: "En las solicitudes rechazadas, retiradas o que no reciben ninguna oferta, los documentos se eliminan 25 meses después de la última decisión o cambio, el período más largo que el Reglamento B de la Ley de Igualdad de Oportunidades de Crédito pide a los prestamistas conservar los registros de las solicitudes; una solicitud sujeta a una retención legal se conserva hasta que termine la retención. Las solicitudes comenzadas y nunca enviadas se eliminan 30 días después de su última modificación.",
        },
      },
      communications: {
        title: "Correo electrónico y mensajes de texto",
        paragraphs: {
          0: "Enviamos por correo electrónico las confirmaciones, los avisos y las novedades sobre su solicitud. No los enviamos por mensaje de texto.",
          1: "Enviamos promociones por correo electrónico, o por mensaje de texto al número que aparece junto a su casilla, solo si usted marca esa casilla al presentar su solicitud; ninguna de las dos es una condición para ninguna compra. Responda STOP a un mensaje de texto, o use el enlace de un correo electrónico, para dejar de recibirlas en cualquier momento sin que afecte su solicitud.",
        },
      },
      "your-choices": {
        title: "Sus opciones y derechos de privacidad en California",
        paragraphs: {
          0: "Puede descargar lo que tenemos sobre su cuenta desde la página de la cuenta (la exportación de sus datos enumera sus solicitudes, documentos, correos electrónicos y cada consentimiento que dio), pedirnos que lo corrijamos y excluirse de los mensajes promocionales en cualquier momento. Parte de la información debe conservarse durante el período descrito arriba aunque cierre su cuenta.",
          1: `Los residentes de California tienen derecho, conforme a la Ley de Privacidad del Consumidor de California, modificada por la Ley de Derechos de Privacidad de California, a saber qué información personal recopilamos y cómo la usamos y divulgamos, a eliminarla, a corregirla, a excluirse de su venta o de que se comparta (incluido el píxel publicitario) y a limitar el uso de la información personal sensible; no le daremos un trato diferente por ejercer estos derechos. La información amparada por la ley federal de privacidad financiera puede estar exenta. Para presentar una solicitud, o para nombrar a un agente autorizado, ${contact} Verificamos la solicitud con su cuenta y respondemos en un plazo de 45 días.`,
        },
      },
      "changes-and-contact": {
        title: "Cambios y contacto",
        paragraphs: {
          0: "Podemos actualizar esta política de vez en cuando; la fecha al principio de esta página indica cuándo cambió por última vez.",
          1: `¿Preguntas sobre su privacidad? ${Contact}`,
        },
      },
    },
  },
  security: {
    title: "Seguridad | {{site}}",
    description:
      "Cómo {{site}} protege su información: cifrado en tránsito y en reposo, quién puede ver qué, y por cuánto tiempo se conserva.",
    heading: "Seguridad",
    intro:
      "Cómo {{site}} protege la información y los documentos que usted nos da, quién puede verlos y por cuánto tiempo los conservamos.",
    sections: {
      "in-transit": {
        title: "Cifrado en tránsito",
        paragraphs: {
          0: `Cada página, formulario y archivo viaja entre su navegador y ${site.name} mediante TLS (HTTPS). En producción, el sitio indica a los navegadores que usen solo HTTPS durante un año (HSTS), y la cookie de sesión se envía solo por HTTPS.`,
        },
      },
      "at-rest": {
        title: "Cifrado en reposo",
        paragraphs: {
          0: "Cada documento que sube se cifra con AES-256-GCM con una clave propia, y esa clave se cifra a su vez con una clave maestra que nunca se guarda junto a los archivos. Los secretos de las aplicaciones de autenticación se cifran de la misma manera. Las contraseñas nunca se guardan, solo un hash argon2id de ellas.",
        },
      },
      "who-can-see": {
        title: "Quién puede ver qué",
        paragraphs: {
          0: "Usted ve sus propias solicitudes, documentos, ofertas y avisos, y puede descargar todo lo que tenemos sobre su cuenta desde la página de su cuenta.",
          1: `El personal de ${site.name} que revisa las solicitudes inicia sesión con una contraseña y un código de una aplicación de autenticación; cada vez que alguno de ellos abre una solicitud o un documento, queda registrado.`,
          2: "Un prestamista asociado ve solo las solicitudes que usted aceptó compartir con los prestamistas que atienden a su estado y al propósito de su préstamo, y solo sus propias ofertas sobre ellas; nunca ve las ofertas de otro prestamista.",
          3: "Si responde las preguntas opcionales sobre el origen étnico, la raza y el sexo de los propietarios de una empresa, o sobre si la empresa es propiedad de minorías, de mujeres o de personas LGBTQI+, las respuestas se guardan aparte de la solicitud: ningún prestamista ni nadie que revise solicitudes puede verlas.",
        },
      },
      retention: {
        title: "Por cuánto tiempo la conservamos",
        paragraphs: {
          0: "Las solicitudes comenzadas y nunca enviadas se eliminan 30 días después de su última modificación. En las solicitudes rechazadas, retiradas o que no reciben ninguna oferta, los documentos se eliminan 25 meses después de la última decisión, salvo que una retención legal nos obligue a conservarlos. Nuestra Política de privacidad da el calendario completo.",
        },
      },
      report: {
        title: "Cómo reportar un problema",
        paragraphs: {
          0: `Si cree que se ha hecho un uso indebido de su cuenta o de su información, o si encontró una debilidad de seguridad, escriba a ${site.supportEmail} o llame al ${site.supportPhone}. Respondemos a cada reporte.`,
        },
      },
    },
  },
};
