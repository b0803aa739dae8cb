/** Spanish (US) texts, namespace "toasts": the keys of en/toasts.ts, translated (docs/i18n.md). */
import type { Resources } from "~/content/locales/en";

export const toasts: Resources["toasts"] = {
  region: "Notificaciones (F8)",
  close: "Cerrar la notificación",
  app: {
    loginFailed: { title: "No se pudo iniciar sesión", description: "Correo electrónico o contraseña no válidos." },
    loginSuccess: { title: "¡Bienvenido de nuevo!", description: "Inició sesión correctamente." },
    signupFailedGeneric: { title: "No se pudo crear la cuenta", description: "No se pudo crear la cuenta. Inténtelo de nuevo." },
    signupSuccess: {
      title: "¡Cuenta creada correctamente!",
      description: "Le damos la bienvenida. Ya puede solicitar préstamos.",
    },
    loggedOut: { title: "Sesión cerrada", description: "Cerró la sesión correctamente." },
    adminLoginSuccess: { title: "Inicio de sesión correcto", description: "Le damos la bienvenida al panel de administración." },
    accessDenied: { title: "Acceso denegado", description: "No tiene privilegios de administrador." },
    submitFailed: {
      title: "No se pudo enviar",
      description: "Hubo un error al enviar su solicitud. Inténtelo de nuevo.",
    },
    fileTooLarge: { title: "Archivo demasiado grande", description: "Elija un archivo de menos de 10MB" },
    uploadFailed: {
      title: "No se pudo subir el archivo",
      description: "Hubo un error al subir su documento. Inténtelo de nuevo.",
    },
    statusUpdated: { title: "Estado actualizado", description: "El estado de la solicitud se actualizó correctamente." },
    statusUpdateFailed: { title: "Error", description: "No se pudo actualizar el estado de la solicitud." },
    fileNotFound: {
      title: "Archivo no encontrado",
      description: "El archivo de este documento ya no está disponible en el servidor.",
    },
    previewFailed: { title: "No se pudo mostrar la vista previa", description: "No se puede mostrar la vista previa de este documento." },
    downloadFailed: { title: "No se pudo descargar", description: "No se puede descargar este documento." },
  },
  applicant: {
    answersSaved: { title: "Respuestas guardadas", description: "Gracias. Sus respuestas se guardan aparte de su solicitud." },
    offerAccepted: {
      title: "Oferta aceptada",
      description: "Oferta aceptada. El prestamista se comunicará con usted para completar el financiamiento.",
    },
    alreadyAccepted: { title: "Ya aceptada", description: "Ya aceptó esta oferta." },
  },
  account: {
    emailVerified: { title: "Correo electrónico confirmado", description: "Gracias. Su dirección de correo electrónico está confirmada." },
    emailChanged: {
      title: "Correo electrónico cambiado",
      description: "Su nueva dirección de correo electrónico está confirmada y ahora es la que usa para iniciar sesión.",
    },
    verificationSent: {
      title: "Correo electrónico enviado",
      description: "Le enviamos un nuevo enlace de confirmación. Funciona durante 24 horas.",
    },
    passwordReset: {
      title: "Contraseña cambiada",
      description: "Se restableció su contraseña. Inicie sesión con su nueva contraseña.",
    },
    passwordChanged: {
      title: "Contraseña cambiada",
      description: "Se cambió su contraseña y se cerraron sus otras sesiones.",
    },
    emailChangeRequested: {
      title: "Revise su nueva bandeja de entrada",
      description:
        "Enviamos un enlace de confirmación a la nueva dirección. Su correo electrónico cambia cuando lo abra con la sesión iniciada.",
    },
    emailChangeUndone: {
      title: "Correo electrónico restaurado",
      description:
        "Su dirección de correo electrónico anterior está de vuelta y se cerraron todas las sesiones. Inicie sesión con su nueva contraseña.",
    },
    signedOutElsewhere: {
      title: "Sesiones cerradas en otros lugares",
      description: "Se cerraron todas las demás sesiones de su cuenta.",
    },
    recoveryCodesRegenerated: {
      title: "Nuevos códigos de recuperación",
      description: "Sus códigos de recuperación anteriores ya no funcionan.",
    },
    authenticatorReenrolled: {
      title: "Aplicación de autenticación cambiada",
      description: "Su nueva aplicación de autenticación es ahora su segundo factor.",
    },
    referralClaimed: {
      title: "Contraseña guardada",
      description:
        "Su contraseña está guardada y su dirección de correo electrónico confirmada. Revise su solicitud y luego envíela desde el paso de revisión.",
    },
    dataDeleted: { title: "Datos eliminados", description: "Se eliminaron sus solicitudes no enviadas y sus borradores." },
    accountDeleted: { title: "Cuenta eliminada", description: "Se eliminaron su cuenta y sus datos." },
  },
  dynamic: {
    submittedTitle: "¡Solicitud enviada correctamente!",
    submittedDescription: "El número de su solicitud es {{reference}}",
    uploadedTitle: "Documento subido",
    uploadedDescription: "{{name}} se subió correctamente",
    uploadedManyDescription: "{{count}} archivos subidos correctamente",
    boostedTitle: "Gracias. Volvimos a revisar su solicitud con nuestros prestamistas asociados.",
    boostedNone: "Esta vez no hay ofertas nuevas ni más bajas: las ofertas que tiene siguen igual.",
    boosted_one: "{{count}} oferta nueva: {{names}}.",
    boosted_other: "{{count}} ofertas nuevas: {{names}}.",
    waitTitle: "Espere, por favor",
  },
};
