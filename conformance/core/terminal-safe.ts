// Adapter-supplied text on the runner's terminal (issue 10, item 7; TR-CONF-14). An adapter is a
// program under test, not a trusted one: its hello (`name`, `version`, `language`), the excerpt of a
// line it wrote that is not JSON, and what it wrote to stderr could carry escape sequences that set
// the window title (OSC), clear the screen or move the cursor, and so rewrite what the runner
// reported. Every such string passes through terminalSafe before it is printed.

// C0 controls (ESC, BEL, CR, …), DEL, C1 controls (a lone 0x9B is a CSI on some terminals), the
// bidirectional overrides and isolates (which reorder what follows them), and lone surrogates.
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` with every control, bidi override and lone surrogate written as a visible \u escape. */
export function terminalSafe(text: string): string {
  return String(text).replace(UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
