/**
 * Plain text and JSON have no magic number, so they are recognised by reading all of their content as it
 * streams in: valid UTF-8, no binary control characters, not markup (HTML, XML, SVG are refused), and for
 * JSON a complete, well-formed document (checked by a small streaming validator: nothing is buffered).
 */

/** Control characters that never appear in text: everything below 0x20 except \t \n \v \f \r and ESC, and DEL. */
const BINARY_CONTROL = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f]/;
/** Markup a browser would render or a sniffer would take for HTML (WHATWG MIME sniffing, first bytes). */
const MARKUP = /<\s*(?:!doctype\s+html|html|head|body|script|iframe|frame|svg|object|embed|meta|link|style|form|img|\?xml)\b/i;
const HEAD_CHARS = 1024;

export class TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private head = '';
  private ended = false;
  /** Still valid UTF-8 text without binary control characters. */
  ok = true;
  readonly json = new JsonCheck();

  feed(chunk: Uint8Array) {
    if (!this.ok || this.ended) return;
    let s: string;
    try {
      s = this.decoder.decode(chunk, { stream: true });
    } catch {
      this.ok = false;
      return;
    }
    this.text(s);
  }

  end() {
    if (this.ended) return;
    this.ended = true;
    if (this.ok) {
      try {
        this.text(this.decoder.decode());
      } catch {
        this.ok = false;
      }
    }
    this.json.end();
  }

  /** Looks like HTML/XML/SVG: starts with '<' or names a tag a browser would run in its first characters. */
  get markup(): boolean {
    const h = this.head.replace(/^\uFEFF/, '').trimStart();
    return h.startsWith('<') || MARKUP.test(this.head);
  }

  private text(s: string) {
    if (!s) return;
    if (BINARY_CONTROL.test(s)) {
      this.ok = false;
      return;
    }
    if (this.head.length < HEAD_CHARS) this.head += s.slice(0, HEAD_CHARS - this.head.length);
    this.json.feed(s);
  }
}

enum S {
  Value,
  ObjFirst,
  ObjKey,
  Colon,
  After,
  ArrFirst,
  Str,
  StrEsc,
  StrHex,
  NumMinus,
  NumZero,
  NumInt,
  NumDot,
  NumFrac,
  NumE,
  NumESign,
  NumExp,
  Literal,
}
const OBJ = 0;
const ARR = 1;
const MAX_DEPTH = 1000;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isWs = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** A streaming RFC 8259 syntax check: feed text in pieces, then `end()`; `ok` tells whether it was one JSON document. */
export class JsonCheck {
  ok = true;
  /** The top-level value is an object or an array (what a .json file holds in practice). */
  container = false;
  private state: S = S.Value;
  private readonly stack: number[] = [];
  private key = false;
  private hexLeft = 0;
  private literal = '';
  private litPos = 0;
  private first = true;

  feed(s: string) {
    for (let i = 0; i < s.length && this.ok; i++) {
      const c = s.charCodeAt(i);
      if (this.first) {
        this.first = false;
        if (c === 0xfeff) continue;
      }
      this.char(c);
    }
  }

  end() {
    if (!this.ok) return;
    if (this.state === S.NumZero || this.state === S.NumInt || this.state === S.NumFrac || this.state === S.NumExp) this.state = S.After;
    this.ok = this.state === S.After && this.stack.length === 0;
  }

  private fail() {
    this.ok = false;
  }

  private afterValue() {
    this.state = S.After;
  }

  private open(kind: number) {
    if (this.stack.length === 0) this.container = true;
    if (this.stack.length >= MAX_DEPTH) return this.fail();
    this.stack.push(kind);
    this.state = kind === OBJ ? S.ObjFirst : S.ArrFirst;
  }

  private close(kind: number) {
    if (this.stack.pop() !== kind) return this.fail();
    this.afterValue();
  }

  private value(c: number) {
    if (c === 0x7b) return this.open(OBJ);
    if (c === 0x5b) return this.open(ARR);
    if (c === 0x22) {
      this.key = false;
      this.state = S.Str;
      return;
    }
    if (c === 0x2d) {
      this.state = S.NumMinus;
      return;
    }
    if (c === 0x30) {
      this.state = S.NumZero;
      return;
    }
    if (c >= 0x31 && c <= 0x39) {
      this.state = S.NumInt;
      return;
    }
    const word = c === 0x74 ? 'true' : c === 0x66 ? 'false' : c === 0x6e ? 'null' : '';
    if (!word) return this.fail();
    this.literal = word;
    this.litPos = 1;
    this.state = S.Literal;
  }

  private char(c: number): void {
    switch (this.state) {
      case S.Value:
        if (isWs(c)) return;
        return this.value(c);
      case S.ArrFirst:
        if (isWs(c)) return;
        if (c === 0x5d) return this.close(ARR);
        return this.value(c);
      case S.ObjFirst:
      case S.ObjKey:
        if (isWs(c)) return;
        if (c === 0x7d && this.state === S.ObjFirst) return this.close(OBJ);
        if (c !== 0x22) return this.fail();
        this.key = true;
        this.state = S.Str;
        return;
      case S.Colon:
        if (isWs(c)) return;
        if (c !== 0x3a) return this.fail();
        this.state = S.Value;
        return;
      case S.After: {
        if (isWs(c)) return;
        const top = this.stack[this.stack.length - 1];
        if (top === undefined) return this.fail();
        if (c === 0x2c) {
          this.state = top === OBJ ? S.ObjKey : S.Value;
          return;
        }
        if (c === 0x7d) return this.close(OBJ);
        if (c === 0x5d) return this.close(ARR);
        return this.fail();
      }
      case S.Str:
        if (c === 0x22) {
          this.state = this.key ? S.Colon : S.After;
          return;
        }
        if (c === 0x5c) {
          this.state = S.StrEsc;
          return;
        }
        if (c < 0x20) return this.fail();
        return;
      case S.StrEsc:
        if (c === 0x75) {
          this.hexLeft = 4;
          this.state = S.StrHex;
          return;
        }
        if ('"\\/bfnrt'.includes(String.fromCharCode(c))) {
          this.state = S.Str;
          return;
        }
        return this.fail();
      case S.StrHex:
        if (!isHex(c)) return this.fail();
        if (--this.hexLeft === 0) this.state = S.Str;
        return;
      case S.NumMinus:
        if (c === 0x30) this.state = S.NumZero;
        else if (c >= 0x31 && c <= 0x39) this.state = S.NumInt;
        else this.fail();
        return;
      case S.NumZero:
      case S.NumInt:
        if (isDigit(c) && this.state === S.NumInt) return;
        if (c === 0x2e) {
          this.state = S.NumDot;
          return;
        }
        if (c === 0x65 || c === 0x45) {
          this.state = S.NumE;
          return;
        }
        this.afterValue();
        return this.char(c);
      case S.NumDot:
        if (isDigit(c)) this.state = S.NumFrac;
        else this.fail();
        return;
      case S.NumFrac:
        if (isDigit(c)) return;
        if (c === 0x65 || c === 0x45) {
          this.state = S.NumE;
          return;
        }
        this.afterValue();
        return this.char(c);
      case S.NumE:
        if (c === 0x2b || c === 0x2d) this.state = S.NumESign;
        else if (isDigit(c)) this.state = S.NumExp;
        else this.fail();
        return;
      case S.NumESign:
        if (isDigit(c)) this.state = S.NumExp;
        else this.fail();
        return;
      case S.NumExp:
        if (isDigit(c)) return;
        this.afterValue();
        return this.char(c);
      case S.Literal:
        if (c !== this.literal.charCodeAt(this.litPos)) return this.fail();
        if (++this.litPos === this.literal.length) this.afterValue();
        return;
    }
  }
}
