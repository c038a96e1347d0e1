// Beside the Export button: downloads of the video's tracks in the interchange formats
// (COCO keypoints JSON, PoseTrack 2018 JSON, MOTChallenge CSV, CVAT for video XML).
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { FORMAT_NAMES } from '../../../domain/formats/model';
import { FORMAT_LABELS, annotationFormatUrl } from '../../api/annotation-formats';

export function ExportFormatsMenu({ videoId }: { videoId: number }) {
  const item = 'block w-full px-3 py-1.5 text-left text-sm data-[focus]:bg-indigo-50';
  return (
    <Menu as="div" className="relative">
      <MenuButton
        data-testid="header.export-formats"
        className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        Export as ▾
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 mt-1 w-56 rounded border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
      >
        {FORMAT_NAMES.map((f) => (
          <MenuItem key={f}>
            <a data-testid={`export.${f}`} className={item} href={annotationFormatUrl(videoId, f)} download>
              {FORMAT_LABELS[f]}
            </a>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
