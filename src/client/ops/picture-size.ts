import { CAMPUS_MAP_FILES, CAMPUS_MESSAGES, type CampusMapFile } from '../../shared/campus-upload';

/**
 * The server's size refusal, said before the upload: a 3704×1824 drawing is megabytes on a slow connection. Null
 * when the size is right, or when this browser cannot measure the file (the server still judges it).
 */
export async function pictureSizeRefusal(file: CampusMapFile, picture: Blob): Promise<string | null> {
  if (typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    // from-image: a phone photo's EXIF orientation counts, as the server measures it.
    bitmap = await createImageBitmap(picture, { imageOrientation: 'from-image' });
  } catch {
    return null; // not decodable here; the server says what is wrong with it
  }
  const { width, height } = bitmap;
  bitmap.close();
  const want = CAMPUS_MAP_FILES[file];
  return width === want.width && height === want.height ? null : CAMPUS_MESSAGES.mapSize(file, width, height);
}
