/** Largest side of a profile photo, in pixels. */
export const AVATAR_MAX_SIZE = 256;

/** Size that fits within max × max keeping the aspect ratio; never enlarges. */
export function fitWithin(width: number, height: number, max: number = AVATAR_MAX_SIZE): { width: number; height: number } {
  if (width <= 0 || height <= 0) throw new Error('The image has no size');
  const scale = Math.min(1, max / width, max / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be decoded'));
    image.src = url;
  });
}

/** Reads a picked image, reduces it to at most 256 × 256 and returns it as a JPEG data URL. */
export async function resizeImageFile(file: Blob, max: number = AVATAR_MAX_SIZE, quality = 0.85): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const image = await loadImage(url);
    const { width, height } = fitWithin(image.naturalWidth, image.naturalHeight, max);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    // JPEG has no transparency: paint a white background first.
    context.fillStyle = '#FFFFFF';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, width, height);
    return canvas.toDataURL('image/jpeg', quality);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Bytes a data URL holds (its base64 part, 3 bytes per 4 characters). */
export function dataUrlBytes(dataUrl: string): number {
  const data = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

/** The steps a photo goes down until it fits: largest side in pixels, JPEG quality. */
const PHOTO_STEPS: readonly [number, number][] = [
  [1600, 0.8],
  [1280, 0.72],
  [1024, 0.65],
  [800, 0.6],
  [640, 0.55],
  [480, 0.5],
];

/**
 * A camera photo made small enough to send from a phone: re-encoded as JPEG (which also drops its
 * EXIF metadata: place, time, device) at the first size and quality of PHOTO_STEPS that fits in
 * `maxBytes`, else at the smallest.
 */
export async function compressPhoto(file: Blob, maxBytes = 200 * 1024): Promise<string> {
  let last = '';
  for (const [side, quality] of PHOTO_STEPS) {
    last = await resizeImageFile(file, side, quality);
    if (dataUrlBytes(last) <= maxBytes) return last;
  }
  return last;
}
