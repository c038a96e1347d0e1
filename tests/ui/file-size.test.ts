// Upload screen file sizes: Bytes, KB, MB or GB.
import { expect, it } from 'vitest';
import { formatFileSize } from '../../src/pages/upload/file-size';

it.each([
  [0, '0 Bytes'],
  [512, '512 Bytes'],
  [1024, '1 KB'],
  [1536, '1.5 KB'],
  [5 * 1024 * 1024, '5 MB'],
  [1234567, '1.18 MB'],
  [3 * 1024 ** 3, '3 GB'],
  [5 * 1024 ** 4, '5120 GB'],
])('%d bytes read %s', (bytes, text) => {
  expect(formatFileSize(bytes)).toBe(text);
});
