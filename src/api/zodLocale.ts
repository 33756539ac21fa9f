import * as z from 'zod/mini';

/*
 * zod's English messages for issues that carry no message of their own ('Invalid input: expected
 * string, received undefined', 'Too small: expected number to be >=0' …). Classic `zod` installs them
 * with its first schema; `zod/mini`, which the client's schemas use (src/api), installs none and would
 * say 'Invalid input' instead. The app's entry imports this module first, so every parse in the browser
 * words its issues as before. The setting is global (zod's core config) and leaves a locale already
 * chosen in place.
 */
if (!z.config().localeError) z.config(z.locales.en());
