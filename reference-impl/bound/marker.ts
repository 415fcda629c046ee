// The pinned omission marker for an artifact list that failed (spec/03-bounding.md §3.5, TR-BOUND-10).
import type { ToolArtifact } from '../../generated/model.ts';

/** Why an artifact list was replaced. */
export type ArtifactFailure = 'over_budget' | 'unencodable' | 'too_deep' | 'invalid_shape';

/** The marker's text for each failure; over_budget names the budget in ASCII decimal. */
export function markerText(failure: ArtifactFailure, budget: number): string {
  switch (failure) {
    case 'over_budget':
      return `exceeded ${budget} bytes`;
    case 'unencodable':
      return 'could not be encoded';
    case 'too_deep':
      return 'nested deeper than 64 levels';
    case 'invalid_shape':
      return 'did not match their artifact types';
  }
}

/** The one-artifact list that replaces a failed list. */
export function markerList(failure: ArtifactFailure, budget: number): ToolArtifact[] {
  return [{ type: 'text', label: 'Artifacts omitted', data: { text: markerText(failure, budget) } }];
}
