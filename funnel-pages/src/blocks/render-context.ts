import { createContext, useContext } from 'react';

/** What a published step's form and next-step button point at. */
export type StepTarget = {
  formAction: string;
  renderToken: string;
  /** The next step's address; null on the last step. */
  nextPath: string | null;
  /** Carried with the submission (step, variant, attribution), in this order. */
  hiddenFields: Record<string, string>;
};

/** Null in the builder's preview: forms and buttons show but go nowhere. */
export const StepTargetContext = createContext<StepTarget | null>(null);
export const useStepTarget = () => useContext(StepTargetContext);
