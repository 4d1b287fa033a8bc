// The media type a file's first bytes show (its "magic number"), for the attachments of a user
// message: a declared type with a known signature must match the bytes (a GIF labelled JPEG is
// refused), and an image that declares none takes the one its bytes show.

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

const SIGNATURES: { mediaType: string; matches: (bytes: Buffer) => boolean }[] = [
  { mediaType: 'image/png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mediaType: 'image/jpeg', matches: (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mediaType: 'image/gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { mediaType: 'image/webp', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  { mediaType: 'application/pdf', matches: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

/** The media type the bytes show, among those with a known signature; undefined otherwise. */
export function sniffMediaType(bytes: Buffer): string | undefined {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.mediaType;
}

/** Whether a declared media type has a signature the bytes can be checked against. */
export function hasSignature(mediaType: string): boolean {
  return SIGNATURES.some((signature) => signature.mediaType === mediaType);
}
