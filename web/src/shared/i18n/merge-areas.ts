/** Joins the area files of one language (`locales/<lang>/<area>.json`) into one catalogue. */
export function mergeAreas<T>(files: Record<string, T>): T {
  return Object.assign(
    {},
    ...Object.keys(files)
      .sort()
      .map((path) => files[path]),
  ) as T;
}
