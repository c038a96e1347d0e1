// @vitest-environment jsdom
// Where the open review issues are shown outside the Annotate screen: the Review Queue's rows, the
// library's preview dialog (Mark Reviewed waits and says why) and the Metrics screen's figures.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ReviewTable } from '../../src/pages/review/ReviewTable';
import { ReviewQuality } from '../../src/pages/metrics/ReviewQuality';
import type { ReviewItem } from '../../src/api/review';
import type { MetricsDetails } from '../../src/api/metrics';
import { LibraryDialogs } from '../../src/pages/library/LibraryDialogs';
import type { Video } from '../../domain/types';

afterEach(cleanup);

const item = (over: Partial<ReviewItem>): ReviewItem => ({
  id: 1,
  video: 'a.mp4',
  duration: 10,
  assigned_to_id: null,
  assigned_to_name: null,
  assigned_to_me: false,
  priority: 'low',
  score: 0.1,
  confidence: 0.9,
  detections: 10,
  low_confidence_detections: 0,
  tracks: 1,
  low_confidence_tracks: 0,
  max_people_in_frame: 1,
  segments: 0,
  unverified_segments: 0,
  verified_tracks: 0,
  issues: [],
  open_issues: 0,
  status: 'pending',
  opened_by: null,
  opened_at: null,
  estimated_seconds: 30,
  ...over,
});

describe('the Review Queue rows', () => {
  it('show the count of open review issues before the evidence', () => {
    render(
      <MemoryRouter>
        <ReviewTable
          items={[item({ id: 1, open_issues: 2, issues: ['3 unverified segments'] }), item({ id: 2 })]}
          threshold={0.7}
        />
      </MemoryRouter>,
    );
    const [withIssues, without] = screen.getAllByTestId('review.issues');
    expect(within(withIssues).getByTestId('review.openIssues')).toHaveTextContent('2 open issues');
    expect(withIssues).toHaveTextContent('2 open issues3 unverified segments');
    expect(within(without).queryByTestId('review.openIssues')).toBeNull();
    expect(without).toHaveTextContent('none found');
  });
});

describe('the Metrics review issue block', () => {
  it('shows per annotator the rate, the share resolved and the median time; per reviewer what they raised', () => {
    const details = {
      review_quality: {
        annotators: [
          {
            user_id: 'ann.m',
            name: 'Ann M',
            videos: 2,
            video_minutes: 0.3,
            issues: 2,
            issues_per_minute: 6,
            resolved_share: 0.5,
            median_resolve_seconds: 5400,
          },
        ],
        reviewers: [{ user_id: 'rev.m', name: null, raised: 2, open: 1, videos: 1 }],
      },
    } as unknown as MetricsDetails;
    render(<ReviewQuality details={details} />);
    const row = screen.getByTestId('metrics.annotatorQuality');
    expect(row).toHaveTextContent('Ann M');
    expect(within(row).getByTestId('metrics.issuesPerMinute')).toHaveTextContent('6');
    expect(within(row).getByTestId('metrics.resolvedShare')).toHaveTextContent('50 %');
    expect(within(row).getByTestId('metrics.medianResolve')).toHaveTextContent('1 h 30 min');
    expect(screen.getByTestId('metrics.issueRaiser')).toHaveTextContent('rev.m: 2 raised on 1 video, 1 still open');
  });
});

describe("the library's preview dialog", () => {
  it('keeps Mark Reviewed disabled while the video has open issues, and says why', () => {
    const video = { id: 3, filename: 'b.mp4', processing_status: 'completed', open_issues: 2 } as Video;
    const props = { onClose: () => {}, busy: false, onMarkReviewed: () => {}, onConfirmRemark: () => {} };
    const { rerender } = render(
      <MemoryRouter>
        <LibraryDialogs dialog={{ kind: 'preview', video }} {...props} />
      </MemoryRouter>,
    );
    const button = screen.getByTestId('preview.markReviewed');
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Mark Reviewed(2 open issues to resolve first)');
    rerender(
      <MemoryRouter>
        <LibraryDialogs dialog={{ kind: 'preview', video: { ...video, open_issues: 0 } }} {...props} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('preview.markReviewed')).toBeEnabled();
  });
});
