/**
 * A text cell a spreadsheet could read as a formula (or a DDE call) starts with = + - @, a tab or
 * a carriage return: it gets a leading apostrophe and stays text (OWASP, "CSV injection"). Cells
 * are written as strings anyway; the apostrophe also protects a copy pasted into a CSV. Shared by
 * the administration's exports and the evidence context's dossiers de preuves.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
