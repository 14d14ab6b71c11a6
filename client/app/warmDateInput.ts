let warmed = false;

/**
 * Chromium draws a date field's calendar button from an SVG in its own style sheet, and reads that image the first
 * time a date field is styled: some 14 ms at 4x CPU, inside the Next that reaches a form's first date question. A
 * date field styled once, out of sight, while the page is idle, reads it then; the document keeps the image.
 */
export function warmDateInput(): void {
  if (warmed) return;
  warmed = true;
  const input = document.createElement('input');
  input.type = 'date';
  input.tabIndex = -1;
  input.inert = true;
  input.setAttribute('aria-hidden', 'true');
  input.style.cssText = 'position:fixed;top:0;left:-300px;visibility:hidden;pointer-events:none';
  document.body.append(input);
  input.getBoundingClientRect();
  input.remove();
}
