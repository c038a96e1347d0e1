// The interchange formats by name: how each is written, read, named and typed.
import { decodeCocoKeypoints, encodeCocoKeypoints } from './coco-keypoints';
import { encodeCvatVideo } from './cvat-video';
import { decodeCvatVideo } from './cvat-video-read';
import { decodeMot, encodeMot } from './mot';
import { decodePoseTrack18, encodePoseTrack18 } from './posetrack18';
import type { DecodedFile, FormatName, FormatTrack, FormatVideo } from './model';

export interface InterchangeFormat {
  encode(video: FormatVideo, tracks: FormatTrack[]): string;
  decode(text: string, video: FormatVideo): DecodedFile;
  /** The file name's ending after the video's stem. */
  suffix: string;
  contentType: string;
}

export const FORMATS: Record<FormatName, InterchangeFormat> = {
  'coco-keypoints': {
    encode: encodeCocoKeypoints,
    decode: decodeCocoKeypoints,
    suffix: '_coco_keypoints.json',
    contentType: 'application/json; charset=utf-8',
  },
  posetrack18: {
    encode: encodePoseTrack18,
    decode: decodePoseTrack18,
    suffix: '_posetrack18.json',
    contentType: 'application/json; charset=utf-8',
  },
  mot: { encode: encodeMot, decode: decodeMot, suffix: '_mot.txt', contentType: 'text/csv; charset=utf-8' },
  'cvat-video': {
    encode: encodeCvatVideo,
    decode: decodeCvatVideo,
    suffix: '_cvat.xml',
    contentType: 'application/xml; charset=utf-8',
  },
};

export * from './model';
