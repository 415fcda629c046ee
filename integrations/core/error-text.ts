// What the model is given for an error result on a stack that has no error flag to set: the wire
// content inside the JSON object {"error": content}, the form the AI SDK's OpenAI provider gives an
// error-text output. The content is carried exactly; a success is the wire content as it is.
import type { WireMessage } from '../../reference-impl/internal.ts';

export function textWithoutFlag(wire: WireMessage): string {
  return wire.isError ? JSON.stringify({ error: wire.content }) : wire.content;
}
