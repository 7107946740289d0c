import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { searchNamesStep, searchWithStep, stepInSearch } from '../model/step-in-url';
import { reachableStep, type Step } from '../model/wizard';

/**
 * Walk minor 2: the wizard's step from the URL (`model/step-in-url.ts`). Going on pushes a history entry,
 * so the browser's Back returns to the step before and Forward comes back. A step the URL names but that
 * may not open yet (an earlier step is not complete, say after a reload without the kept choices) shows
 * the first incomplete step instead, and the URL is corrected in place so Back never lands on it again.
 */
export function useStepInUrl(steps: Step[], ready: Record<Step, boolean>) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const step = reachableStep(stepInSearch(search), steps, ready);
  const hrefFor = (target: Step) => {
    const query = searchWithStep(search, target);
    return query ? `${location}?${query}` : location;
  };
  const corrected = searchNamesStep(search, step) ? null : hrefFor(step);
  useEffect(() => {
    if (corrected) navigate(corrected, { replace: true });
  }, [corrected, navigate]);
  return {
    step,
    /** The URL of `target`, for links (the breadcrumb's Back). */
    hrefFor,
    /** Moves on to `target` as a new history entry. */
    goTo: (target: Step) => {
      navigate(hrefFor(target));
    },
  };
}
