// Plugs the edit side into the Annotate view's slots (src/annotate/slots.ts). Imported once by the page.
import { registerEditSlots } from '../slots';
import { InteractionLayer } from './InteractionLayer';
import { onBarPointerDown } from './timeline-edit';
import { DeleteTrackButton } from './TrackDialogs';
import { SegmentEditorRow } from './SegmentEditorRow';
import { addActionHere } from './segment-saves';
import { EditController, PanelButtons } from './EditController';
import { setDialogs } from './dialog-store';

registerEditSlots({
  renderInteraction: (geo) => <InteractionLayer geo={geo} />,
  onBarPointerDown,
  renderTrackRowExtras: (trackId) => <DeleteTrackButton trackId={trackId} />,
  onTrackMerge: () => setDialogs({ merge: true }),
  renderSegmentEditor: (segment) => <SegmentEditorRow segment={segment} />,
  onAddActionHere: () => { void addActionHere(); },
  renderPanelButtons: () => <PanelButtons />,
  renderPageExtras: () => <EditController />,
});
