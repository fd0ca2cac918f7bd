// What the CLI tests here share: the CLI under test (CHOKEPOINT_CLI, else the native build's chokepoint) and the
// assets folder the build puts beside it (assets/db/*.sqlite, the lexicon, the sample sets). The assets are found
// from the binary, never from a build folder's name, so a copied or installed CLI is tested with its own assets.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const cli = process.env.CHOKEPOINT_CLI || join(root, 'build', 'native', 'chokepoint');
export const assetsDir = join(dirname(resolve(cli)), 'assets');
