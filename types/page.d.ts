// Globals the page's scripts share with index.html and the build, for the type check only.

/** The stylesheets the build bundled into the first view's sheet (scripts/bundle.mjs). */
declare const BUNDLED_SHEETS: string[] | undefined;

interface Window {
  /** The page's engine, for scripting the page from the browser console and for tests. */
  explorer: { engine: unknown };
  /** What index.html started before the page's code arrived (www/engine.js takes it over). */
  engineBoot?: unknown;
}
