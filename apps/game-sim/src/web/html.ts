/** Escapes text for HTML bodies and attribute values. */
export function escapeHtml(text: string | number): string {
  return String(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A whole HTML document with a stable skeleton (tests and browsers query by id/label). */
export function htmlPage(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;max-width:60rem}table{border-collapse:collapse}td,th{padding:.25rem .5rem;border-bottom:1px solid #ddd}.error{color:#b00020}nav a{margin-right:1rem}</style>${head}
</head><body>${body}</body></html>`;
}
