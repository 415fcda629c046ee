// Speaks a protocol major version the kit does not know.
import { HELLO, serve } from './serve.mjs';
serve(() => {}, { ...HELLO, protocol: 'toolresult-adapter/2' });
