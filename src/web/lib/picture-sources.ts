import { THUMBNAIL_WIDTHS } from "../../shared/files";

/** A stored file's own address, which the server also serves smaller (`?w=`). */
const STORED_FILE = /^\/api\/files\/[^/?#]+$/;

/**
 * `src` and `srcSet` for a picture shown in a box `boxPx` CSS pixels wide:
 * the smallest thumbnail that fills it on screens of 1, 2 and 3 device
 * pixels per CSS pixel, instead of the 3000 px original. Any other address
 * (a preview of a picked file, an imported one) is left as it is.
 */
export function pictureSources(url: string, boxPx: number): { src: string; srcSet?: string } {
  if (!STORED_FILE.test(url)) return { src: url };
  const candidates: string[] = [];
  let previous = 0;
  for (const density of [1, 2, 3]) {
    const width = thumbnailWidthFor(boxPx * density);
    if (width !== previous) candidates.push(`${url}?w=${width} ${density}x`);
    previous = width;
  }
  return { src: `${url}?w=${thumbnailWidthFor(boxPx)}`, srcSet: candidates.join(", ") };
}

const LARGEST = Math.max(...THUMBNAIL_WIDTHS);

function thumbnailWidthFor(px: number): number {
  return THUMBNAIL_WIDTHS.find((width) => width >= px) ?? LARGEST;
}
