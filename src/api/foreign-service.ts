// Answers the Project Work Service never gives: a page for people (HTML), a redirect, a list
// that does not exist, a success whose body is not JSON or has no data envelope. A base URL
// that points at a login portal, a web app or another API answers like that; saying so is
// more use than the status alone ("404 Not Found" for `steps list` reads like an empty list).

export interface AnswerShape {
  status: number;
  contentType: string;
  text: string;
  headers: Record<string, string>;
  /** The request read a list (`/api/v1/steps`): the service has every list, so a 404 is not its. */
  listing?: boolean;
}

/** What gives the answer away as another server's, or undefined for one the service may give. */
export function foreignTrait(answer: AnswerShape): string | undefined {
  const { status, contentType, text } = answer;
  // A gateway's error page is told as such (errors.ts); a 429 is an instruction whatever its body.
  if (status >= 500 || status === 429) return undefined;
  if (status >= 300 && status < 400) {
    const location = answer.headers.location;
    return location ? `it redirects to ${location}` : `it answered ${status}, a redirect`;
  }
  if (contentType.toLowerCase().includes('html') || startsLikeHtml(text)) return 'it answered with an HTML page';
  if (status === 404) {
    if (answer.listing) return 'it has no such list';
    if (text.trim() !== '' && !looksLikeJson(text)) return 'its 404 is not JSON';
  }
  return undefined;
}

/** The sentence appended to the error: where we looked, and the user's remedy when the front end has one. */
export function notTheService(url: string, trait: string, hint: string | undefined): string {
  return `this does not look like the Project Work Service at ${hostOf(url)} (${trait})${hint ? `; ${hint}` : ''}`;
}

function looksLikeJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Whether a body opens as an HTML page does, after any white space: `<!doctype` or `<html`, in any case. */
function startsLikeHtml(text: string): boolean {
  const head = text.trimStart().slice(0, 9).toLowerCase();
  return head.startsWith('<!doctype') || head.startsWith('<html');
}
