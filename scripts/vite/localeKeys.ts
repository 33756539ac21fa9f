import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** A translation file's tree (locales/<lng>/<Section>.json). */
type Tree = { [key: string]: string | Tree };

/**
 * The part of `tree` under the dotted `paths` (`Units.Presets` keeps that whole subtree, `Language`
 * that one string), in the file's own order. Throws when a path names nothing, so a renamed key
 * fails the build instead of leaving a raw key on screen.
 */
export function pickKeys(tree: Tree, paths: readonly string[]): Tree {
  const picked: Tree = {};
  for (const path of paths) {
    const parts = path.split('.');
    let from: Tree | string = tree;
    let into = picked;
    parts.forEach((part, index) => {
      if (typeof from === 'string' || !(part in from)) {
        throw new Error(`locale keys: "${path}" is not in the file`);
      }
      const value: string | Tree = from[part] as string | Tree;
      if (index === parts.length - 1) into[part] = value;
      else {
        const next = into[part];
        into = typeof next === 'object' ? next : (into[part] = {});
      }
      from = value;
    });
  }
  return picked;
}

/**
 * Vite plugin: `locales/….json?keys=A,B.C` is the JSON file with only those keys (see
 * {@link pickKeys}), for the translations bundled with the app's start chunk (src/app/
 * localeResources.ts: the Shell needs a few keys of `Settings`, share-not-found three of `Share`;
 * issue 7 "initial JS for the login route").
 */
export function localeKeys(): Plugin {
  return {
    name: 'lifeline-locale-keys',
    enforce: 'pre',
    async load(id) {
      const [file = '', query = ''] = id.split('?', 2);
      const keys = new URLSearchParams(query).get('keys');
      if (!file.endsWith('.json') || keys === null) return null;
      const tree = JSON.parse(await readFile(file, 'utf8')) as Tree;
      const picked = JSON.stringify(pickKeys(tree, keys.split(',')));
      // A JavaScript module: Vite's JSON handling skips ids with a query of their own.
      return { code: `export default JSON.parse(${JSON.stringify(picked)});`, moduleType: 'js' };
    },
  };
}
