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
