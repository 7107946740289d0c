import type { Step } from './wizard';

/**
 * Walk minor 2: each step of the wizard is a browser history entry, named by `?step=` in the URL, so the
 * browser's Back and Forward move between steps (the choices themselves are kept by `wizard-draft.ts`).
 * The first step is the URL without it: the order page's link opens the wizard at its start.
 */
export const STEP_PARAM = 'step';

const LATER_STEPS: readonly Step[] = ['method', 'store', 'address'];

/** The step the query string asks for; the items step when it names none (or one this wizard lacks). */
export function stepInSearch(search: string): Step {
  const named = new URLSearchParams(search).get(STEP_PARAM);
  return LATER_STEPS.find((step) => step === named) ?? 'items';
}

/** Whether the query string names `step` exactly as `searchWithStep` would write it. */
export function searchNamesStep(search: string, step: Step): boolean {
  const named = new URLSearchParams(search).get(STEP_PARAM);
  return step === 'items' ? named === null : named === step;
}

/** The query string with `step` in it; its other parameters (`selected`) are kept. */
export function searchWithStep(search: string, step: Step): string {
  const query = new URLSearchParams(search);
  if (step === 'items') query.delete(STEP_PARAM);
  else query.set(STEP_PARAM, step);
  return query.toString();
}
