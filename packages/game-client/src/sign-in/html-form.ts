/**
 * Just enough HTML reading for EA's sign-in pages: the first form's action and fields, radio/select
 * choices, and the texts that signal wrong credentials, a wrong code or a disabled account.
 */
export interface HtmlForm {
  /** Raw `action` attribute ('' = post back to the page's own URL). */
  action: string;
  /** Field name → value of every named input (hidden and visible) in document order. */
  fields: Map<string, string>;
  /** Every value offered for each name (radios, select options). */
  choices: Map<string, string[]>;
}

const attribute = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  if (match === null) return undefined;
  return decodeEntities(match[1] ?? match[2] ?? match[3] ?? '');
};

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x2F;/gi, '/')
    .replace(/&#x3D;/gi, '=')
    .replace(/&amp;/g, '&');
}

function addChoice(choices: Map<string, string[]>, name: string, value: string): void {
  choices.set(name, [...(choices.get(name) ?? []), value]);
}

/** Parses the first `<form>` of a page, or undefined when the page has none. */
export function parseFirstForm(html: string): HtmlForm | undefined {
  const formMatch = /<form\b([^>]*)>([\s\S]*?)(?:<\/form>|$)/i.exec(html);
  if (formMatch === null) return undefined;
  const [, formAttributes = '', inner = ''] = formMatch;
  const fields = new Map<string, string>();
  const choices = new Map<string, string[]>();
  for (const [tag] of inner.matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(tag, 'name');
    if (name === undefined) continue;
    const type = (attribute(tag, 'type') ?? 'text').toLowerCase();
    const value = attribute(tag, 'value') ?? '';
    if (type === 'radio' || type === 'checkbox') {
      addChoice(choices, name, value);
      if (/\schecked\b/i.test(tag) || !fields.has(name)) fields.set(name, value);
    } else if (type !== 'submit' || !fields.has(name)) {
      fields.set(name, value);
    }
  }
  for (const [, selectAttributes = '', options = ''] of inner.matchAll(
    /<select\b([^>]*)>([\s\S]*?)<\/select>/gi,
  )) {
    const name = attribute(` ${selectAttributes}`, 'name');
    if (name === undefined) continue;
    for (const [optionTag] of options.matchAll(/<option\b[^>]*>/gi)) {
      const value = attribute(optionTag, 'value');
      if (value !== undefined) addChoice(choices, name, value);
    }
    fields.set(name, choices.get(name)?.[0] ?? '');
  }
  for (const [buttonTag] of inner.matchAll(/<button\b[^>]*>/gi)) {
    const name = attribute(buttonTag, 'name');
    if (name !== undefined && !fields.has(name)) fields.set(name, attribute(buttonTag, 'value') ?? '');
  }
  return { action: attribute(` ${formAttributes}`, 'action') ?? '', fields, choices };
}

/** A URL the page sends the browser on to by script or meta refresh (EA's final sign-in step). */
export function scriptedRedirect(html: string): string | undefined {
  const patterns = [
    /(?:window\.)?location(?:\.href)?\s*=\s*["']([^"']+)["']/i,
    /location\.(?:replace|assign)\(\s*["']([^"']+)["']\s*\)/i,
    /<meta[^>]+http-equiv=["']?refresh["']?[^>]+content=["']?\d+\s*;\s*url=([^"'>]+)/i,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(html);
    if (match?.[1] !== undefined) return decodeEntities(match[1]);
  }
  return undefined;
}

export type PageProblem = 'invalid-credentials' | 'invalid-code' | 'account-disabled' | undefined;

/** Reads the error banners of the sign-in pages. */
export function pageProblem(html: string): PageProblem {
  const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  if (/account (?:has been|is) disabled|account (?:has been |is )?(?:banned|locked)/i.test(text)) {
    return 'account-disabled';
  }
  if (
    /credentials are incorrect|incorrect (?:email|password)|(?:email|password) (?:is|are) incorrect/i.test(
      text,
    )
  ) {
    return 'invalid-credentials';
  }
  if (
    /code (?:you entered )?(?:is|was) (?:invalid|incorrect|expired)|(?:invalid|incorrect|wrong) (?:security |verification |backup )?code/i.test(
      text,
    )
  ) {
    return 'invalid-code';
  }
  return undefined;
}
