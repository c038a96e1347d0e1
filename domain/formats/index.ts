// The interchange formats by name: how each is written, read, named and typed.
import { decodeCvatVideo, encodeCvatVideo } from './cvat-video';
import { decodeMot, encodeMot } from './mot';
import { decodePoseTrack, encodePoseTrack } from './posetrack';
import type { DecodedFile, FormatName, FormatTrack, FormatVideo } from './model';

export interface InterchangeFormat {
  encode(video: FormatVideo, tracks: FormatTrack[]): string;
  decode(text: string, video: FormatVideo): DecodedFile;
  /** The file name's ending after the video's stem. */
  suffix: string;
  contentType: string;
}

export const FORMATS: Record<FormatName, InterchangeFormat> = {
  posetrack: { encode: encodePoseTrack, decode: decodePoseTrack, suffix: '_posetrack.json', contentType: 'application/json; charset=utf-8' },
  mot: { encode: encodeMot, decode: decodeMot, suffix: '_mot.txt', contentType: 'text/csv; charset=utf-8' },
  'cvat-video': { encode: encodeCvatVideo, decode: decodeCvatVideo, suffix: '_cvat.xml', contentType: 'application/xml; charset=utf-8' },
};

export * from './model';
