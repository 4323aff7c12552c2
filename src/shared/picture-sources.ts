import { thumbnailWidthFor } from "./files";

/** A chat picture's box in its bubble (w-64): what its thumbnail and its preload are sized for. */
export const CHAT_PICTURE_PX = 256;

/**
 * A stored file's own address, which the server also serves smaller (`?w=`).
 * Word characters only (ids are hex): nothing that could end an attribute or
 * a `Link` header's <…> (route-data-links.ts preloads these).
 */
const STORED_FILE = /^\/api\/files\/[\w-]+$/;

/**
 * `src` and `srcSet` for a picture shown in a box `boxPx` CSS pixels wide:
 * the thumbnails that fill it on screens of 1, 2 and 3 device pixels per
 * CSS pixel, each described by the density it really gives (a 64 px one in
 * a 28 px box is 2.29x), so the browser takes the smallest that is sharp
 * enough instead of the 3000 px original. Any other address (a preview of
 * a picked file, an imported one) is left as it is.
 */
export function pictureSources(url: string, boxPx: number): { src: string; srcSet?: string } {
  if (!STORED_FILE.test(url)) return { src: url };
  const widths = [...new Set([1, 2, 3].map((density) => thumbnailWidthFor(boxPx * density)))];
  const srcSet = widths
    .map((width) => `${url}?w=${width} ${Math.floor((width / boxPx) * 100) / 100}x`)
    .join(", ");
  return { src: `${url}?w=${widths[0]}`, srcSet };
}
