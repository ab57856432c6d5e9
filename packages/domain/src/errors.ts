import { z, type ZodError, type ZodErrorMap, type ZodIssue } from 'zod';

/** 'buyNowPrice' → 'Buy now price': the name a message gives a field it has no label for. */
export function fieldName(path: ReadonlyArray<string | number>): string {
  const key = [...path].reverse().find((part): part is string => typeof part === 'string');
  if (key === undefined) return 'This value';
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const formatBound = (bound: number | bigint) =>
  typeof bound === 'bigint' ? bound.toLocaleString('en-US') : bound.toLocaleString('en-US');

const entries = (count: number | bigint) => `${formatBound(count)} ${count === 1 ? 'entry' : 'entries'}`;

const listName = (path: ReadonlyArray<string | number>) =>
  path.some((part) => typeof part === 'string') ? fieldName(path) : 'The list';

const characters = (count: number | bigint) => `${formatBound(count)} character${count === 1 ? '' : 's'}`;

/**
 * The plain sentence for a schema rule that has no message of its own: names the field and says
 * what to enter ('Coins must be a number', 'Card id must be 2,147,483,647 or less') instead of
 * zod's 'Expected number, received null'. Rules with the spec's own text keep it (a rule's own
 * message wins over this map).
 */
export const plainErrorMap: ZodErrorMap = (issue, context) => {
  const field = fieldName(issue.path);
  switch (issue.code) {
    case z.ZodIssueCode.invalid_type:
      if (issue.received === 'undefined' || issue.received === 'null')
        return { message: `${field} is required` };
      if (issue.expected === 'number' || issue.expected === 'integer')
        return { message: `${field} must be a number` };
      if (issue.expected === 'string') return { message: `${field} must be text` };
      if (issue.expected === 'boolean') return { message: `${field} must be true or false` };
      if (issue.expected === 'object') return { message: `${field} must be an object` };
      if (issue.expected === 'array') return { message: `${field} must be a list` };
      return { message: `${field} is not valid` };
    case z.ZodIssueCode.too_small:
      if (issue.type === 'string')
        return {
          message:
            issue.minimum === 1
              ? `${field} is required`
              : `${field} must be ${issue.exact ? 'exactly' : 'at least'} ${characters(issue.minimum)} long`,
        };
      if (issue.type === 'array')
        return { message: `${listName(issue.path)} must hold at least ${entries(issue.minimum)}` };
      if (issue.type === 'number' || issue.type === 'bigint')
        return {
          message: issue.inclusive
            ? `${field} must be ${formatBound(issue.minimum)} or more`
            : `${field} must be more than ${formatBound(issue.minimum)}`,
        };
      break;
    case z.ZodIssueCode.too_big:
      if (issue.type === 'string')
        return { message: `${field} must be at most ${characters(issue.maximum)} long` };
      if (issue.type === 'array')
        return { message: `${listName(issue.path)} must hold at most ${entries(issue.maximum)}` };
      if (issue.type === 'number' || issue.type === 'bigint')
        return {
          message: issue.inclusive
            ? `${field} must be ${formatBound(issue.maximum)} or less`
            : `${field} must be less than ${formatBound(issue.maximum)}`,
        };
      break;
    case z.ZodIssueCode.invalid_string:
      if (issue.validation === 'email') return { message: `${field} must be a valid e-mail address` };
      if (issue.validation === 'url') return { message: `${field} must be a web address (https://…)` };
      if (issue.validation === 'datetime')
        return { message: `${field} must be a date and time with its offset (2026-01-31T12:00:00Z)` };
      return { message: `${field} is not valid` };
    case z.ZodIssueCode.invalid_enum_value:
      return { message: `${field} must be one of: ${issue.options.map(String).join(', ')}` };
    case z.ZodIssueCode.invalid_literal:
      return { message: `${field} must be ${JSON.stringify(issue.expected)}` };
    case z.ZodIssueCode.not_finite:
      return { message: `${field} must be a finite number` };
    case z.ZodIssueCode.not_multiple_of:
      return { message: `${field} must be a multiple of ${formatBound(issue.multipleOf)}` };
    case z.ZodIssueCode.unrecognized_keys:
      return { message: `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}` };
    case z.ZodIssueCode.invalid_union_discriminator:
      return { message: `${field} must be one of: ${issue.options.map(String).join(', ')}` };
    case z.ZodIssueCode.invalid_union:
    case z.ZodIssueCode.custom:
      return { message: `${field} is not valid` };
    case z.ZodIssueCode.invalid_date:
      return { message: `${field} must be a date` };
    default:
      break;
  }
  return { message: context.defaultError };
};

// Every schema of the product is read through this package, so its rules speak plainly wherever
// they are checked: web forms, server responses, agent and engine setup errors.
z.setErrorMap(plainErrorMap);

/** The message of the first issue: what a toast shows for a failed schema check. */
export function firstIssueMessage(error: ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

/** Every issue's message, joined with ', ' (import rows and server responses). */
export function joinIssueMessages(error: ZodError): string {
  return issueMessages(error).join(', ');
}

/** Every issue's message once, in order (of an error, or of a list of its issues). */
export function issueMessages(error: ZodError | readonly ZodIssue[]): string[] {
  const issues = Array.isArray(error) ? error : (error as ZodError).issues;
  return [...new Set(issues.map((issue) => issue.message))];
}

/** How `issueWithField` treats a rule's own text: after the label, or alone (`keepRuleMessages`). */
export interface FieldNamingOptions {
  keepRuleMessages?: boolean;
}

/**
 * The first issue for a toast, naming its field by the form's label: 'Buy Now Price must be a
 * number' where the schema's field is `value`. A message that already names the field by its
 * label (or a field without a label) is left as is. A rule's own text (the spec's) follows the
 * label ('Buy Now Price: …'), or stays alone with `keepRuleMessages` (the settings forms, whose
 * spec shows the first issue's message as it is).
 */
export function firstIssueWithField(
  error: ZodError,
  labels: Readonly<Record<string, string>>,
  options: FieldNamingOptions = {},
): string {
  const issue = error.issues[0];
  return issue ? issueWithField(issue, labels, options) : 'Invalid input';
}

/** One issue's message naming its field by the form's label (the rules of `firstIssueWithField`). */
export function issueWithField(
  issue: ZodIssue,
  labels: Readonly<Record<string, string>>,
  { keepRuleMessages = false }: FieldNamingOptions = {},
): string {
  const label = labels[issue.path.join('.')] ?? labels[String(issue.path[0] ?? '')];
  if (!label) return issue.message;
  // A sentence of the error map names the field by its key: that name becomes the label (also
  // where the key merely contains it: 'Num of steps' becomes 'Steps').
  const generated = fieldName(issue.path);
  const isPlainMapMessage =
    plainErrorMap(issue, { data: undefined, defaultError: '' }).message === issue.message;
  if (
    isPlainMapMessage &&
    issue.message.startsWith(`${generated} `) &&
    generated.toLowerCase() !== label.toLowerCase()
  )
    return `${label}${issue.message.slice(generated.length)}`;
  if (issue.message.toLowerCase().includes(label.toLowerCase())) return issue.message;
  return keepRuleMessages ? issue.message : `${label}: ${issue.message}`;
}
