// What a room's manifest.js declares about each figure it holds (web/js/README.md, "Adding a
// figure"). The entrances gather the manifests (embed/figures.js) and derive every table from
// them: the factory modules, the element attributes, the captions and heights of the embeds, the
// no-script pictures' captions. Types only: nothing imports this file at run time.
import type { SettingRow } from './types';

/** An iframe's heights (px) that fit the figure in columns 360, 700 and 1000 px wide. */
export type Heights = readonly [number, number, number];

/** One part a page fixes with data-parts="part" (the Transformer's four figures). */
export interface FigurePart {
  /** The value of data-parts. */
  name: string;
  /** Its factory's module, relative to web/js/. */
  module: string;
  /** Its no-script pictures (web/ship/pictures/index.mjs PICTURES keys). */
  pictures: readonly string[];
  /** The i18n key of its caption ("ns.key"). */
  caption: string;
  /** The i18n namespaces (web/i18n/<lang>/<ns>.json) its code reads. */
  namespaces: readonly string[];
}

/** One figure: <figure data-widget="name"> in the article, <activation-lab-name> embedded. */
export interface FigureManifest {
  /** The widget's name. */
  name: string;
  /** Its factory's module, relative to web/js/: the default export (root, ctx) -> widget. */
  module: string;
  /** The settings rows (its room's settings.js) whose `attr` the element takes. */
  rows?: readonly SettingRow[];
  /** Its strings have `<name>.caption`, which an embedded figure shows while it loads. */
  captioned: boolean;
  /** The iframe's heights after a finished run (measured by tests/e2e/embed.test.mjs). */
  heights: Heights;
  /** The same in compact form (tests/e2e/embed-compact.test.mjs); none: `heights`. */
  compactHeights?: Heights;
  /** Its no-script pictures (PICTURES keys); none for a figure the build writes as HTML. */
  pictures: readonly string[];
  /** The i18n key of its caption when it is not `<name>.caption`. */
  caption?: string;
  /** The i18n namespaces (web/i18n/<lang>/<ns>.json) its code reads. */
  namespaces: readonly string[];
  /** The parts a page can fix with data-parts (the Transformer's). */
  parts?: readonly FigurePart[];
}
