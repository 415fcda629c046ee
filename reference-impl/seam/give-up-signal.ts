// The one signal type the seam and the task follower share, in a module of its own so that neither
// imports the other for it.
/**
 * What the seam reads of an AbortSignal: written out, so that the library's types need neither the
 * DOM library nor @types/node (an AbortSignal of either is one).
 */
export interface GiveUpSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
