/**
 * Where a JSON text first goes wrong. `JSON.parse` says what is wrong, but V8 often leaves out
 * where ("Unexpected token ','…"); a reader with a broken 5,000-line export needs the line.
 * A small scanner of the JSON grammar: it only finds the offset, it builds nothing.
 */

/** The 1-based line of the first syntax error in `text`, or null when it is valid (or too deep to scan). */
export function jsonSyntaxErrorLine(text: string): number | null {
  let offset: number | null;
  try {
    offset = new Scanner(text).firstError();
  } catch {
    // Nesting deep enough to exhaust the stack: no position, the parser's message still stands.
    return null;
  }
  return offset === null ? null : text.slice(0, offset).split('\n').length;
}

class SyntaxFound extends Error {
  constructor(readonly offset: number) {
    super('syntax error');
  }
}

class Scanner {
  private at = 0;

  constructor(private readonly text: string) {}

  firstError(): number | null {
    try {
      this.value();
      this.space();
      if (this.at < this.text.length) this.fail();
      return null;
    } catch (error) {
      if (error instanceof SyntaxFound) return error.offset;
      throw error;
    }
  }

  private fail(): never {
    throw new SyntaxFound(Math.min(this.at, this.text.length));
  }

  private space(): void {
    while (this.at < this.text.length && ' \t\n\r'.includes(this.text[this.at])) this.at++;
  }

  private value(): void {
    this.space();
    const char = this.text[this.at];
    if (char === '{') this.object();
    else if (char === '[') this.array();
    else if (char === '"') this.string();
    else if (char === '-' || (char >= '0' && char <= '9')) this.number();
    else this.literal();
  }

  private object(): void {
    this.at++;
    this.space();
    if (this.text[this.at] === '}') {
      this.at++;
      return;
    }
    for (;;) {
      this.space();
      if (this.text[this.at] !== '"') this.fail();
      this.string();
      this.space();
      if (this.text[this.at] !== ':') this.fail();
      this.at++;
      this.value();
      this.space();
      if (this.closes('}')) return;
    }
  }

  private array(): void {
    this.at++;
    this.space();
    if (this.text[this.at] === ']') {
      this.at++;
      return;
    }
    for (;;) {
      this.value();
      this.space();
      if (this.closes(']')) return;
    }
  }

  /** After a member: a comma goes on, the closing bracket ends, anything else is the error. */
  private closes(close: string): boolean {
    const char = this.text[this.at];
    if (char === ',') {
      this.at++;
      return false;
    }
    if (char === close) {
      this.at++;
      return true;
    }
    return this.fail();
  }

  private string(): void {
    this.at++;
    while (this.at < this.text.length) {
      const char = this.text[this.at];
      if (char === '"') {
        this.at++;
        return;
      }
      if (char === '\\') this.at++;
      else if (char < ' ') this.fail();
      this.at++;
    }
    this.fail();
  }

  private number(): void {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.at, this.at + 400));
    if (!match) this.fail();
    this.at += match[0].length;
  }

  private literal(): void {
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return;
      }
    }
    this.fail();
  }
}
