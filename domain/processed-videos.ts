// Which videos count as processed, for the package export (a source can be exported once it holds one):
// a video that went through AI processing (ai_processed_at is set) and is now completed or has been
// reviewed, labelled, kept in view or disqualified since. The server's count and the Repository
// Manager's Export button read this one definition, so they cannot disagree.

export const PROCESSED_STATUSES = ['completed', 'reviewed', 'labelled', 'kiv', 'disqualified'] as const;

/** The rule in the screens' words. */
export const PROCESSED_RULE_TEXT = 'completed, reviewed, labelled, KIV or disqualified with AI results';
