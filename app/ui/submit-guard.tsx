/**
 * One click on a submit button must submit (or show every error), even when the field just left
 * would show an error on blur: that error appears between mouse-down and mouse-up, moves the
 * button away and the click is lost. So a blur caused by pressing a form's submit button does not
 * validate the field on its own; the submit that follows validates the whole form at once.
 * Mounted once in the root; a no-op without JavaScript (there is no blur validation then).
 */
import { useEffect } from "react";

const isSubmitButton = (el: EventTarget | null): el is HTMLButtonElement | HTMLInputElement =>
  (el instanceof HTMLButtonElement && el.type === "submit") ||
  (el instanceof HTMLInputElement && (el.type === "submit" || el.type === "image"));

export function SubmitGuard() {
  useEffect(() => {
    let pressed: Element | null = null;
    const onDown = (e: Event) => {
      const t = e.target instanceof Element ? e.target.closest("button,input") : null;
      pressed = isSubmitButton(t) ? t : null;
    };
    const onUp = () => {
      // Kept until the click that follows this press has been dispatched.
      setTimeout(() => (pressed = null), 0);
    };
    const onFocusOut = (e: FocusEvent) => {
      const button = isSubmitButton(e.relatedTarget) ? e.relatedTarget : pressed;
      const field = e.target;
      if (!button || !(field instanceof HTMLElement) || !("form" in field)) return;
      const form = (field as HTMLInputElement).form;
      if (form && form === (button as HTMLButtonElement).form) e.stopPropagation();
    };
    window.addEventListener("pointerdown", onDown, true);
    window.addEventListener("pointerup", onUp, true);
    window.addEventListener("pointercancel", onUp, true);
    window.addEventListener("focusout", onFocusOut, true);
    return () => {
      window.removeEventListener("pointerdown", onDown, true);
      window.removeEventListener("pointerup", onUp, true);
      window.removeEventListener("pointercancel", onUp, true);
      window.removeEventListener("focusout", onFocusOut, true);
    };
  }, []);
  return null;
}
