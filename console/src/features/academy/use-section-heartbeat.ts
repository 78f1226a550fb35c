import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HEARTBEAT_INTERVAL_SECONDS, type TrainingSection, type TrainingView } from '@leadfloor/contracts';
import { academyKeys } from './api/academy-queries';
import { sendSectionProgress } from './api/academy-mutations';

/**
 * While a section is open and the page visible, reports the seconds it was visible every
 * HEARTBEAT_INTERVAL_SECONDS, and once more when it is hidden or closed. The server credits no
 * more than its own clock allows (and nothing after an idle gap), and answers the section's
 * total, shown at once. Each beat carries the section's completion as the learner last set it,
 * so a beat never undoes a completion.
 */
export function useSectionHeartbeat(trainingId: number, section: TrainingSection | null, completed: boolean) {
  const queryClient = useQueryClient();
  // Per section: a closing section's last beat must carry its own state, not the next one's.
  const known = useRef(new Map<TrainingSection, boolean>());
  if (section && !known.current.has(section)) known.current.set(section, completed);

  useEffect(() => {
    if (!section) return;
    let visibleSince: number | null = document.visibilityState === 'visible' ? Date.now() : null;
    let countedMs = 0;
    const beat = () => {
      const now = Date.now();
      if (visibleSince !== null) {
        countedMs += now - visibleSince;
        visibleSince = now;
      }
      const secondsSpent = Math.min(3600, Math.round(countedMs / 1000));
      countedMs = 0;
      sendSectionProgress(trainingId, section, { completed: known.current.get(section) ?? completed, secondsSpent })
        .then((out) => queryClient.setQueryData<TrainingView>(academyKeys.view(trainingId), (view) => view && {
          ...view, sections: view.sections.map((s) => (s.section === section ? { ...s, secondsSpent: out.secondsSpent } : s)),
        }))
        .catch(() => undefined); // a lost beat only loses its seconds
    };
    beat();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') beat();
    }, HEARTBEAT_INTERVAL_SECONDS * 1000);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        visibleSince = Date.now();
      } else if (visibleSince !== null) {
        countedMs += Date.now() - visibleSince;
        visibleSince = null;
      }
      beat();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      beat();
    };
  }, [trainingId, section, queryClient]);

  /** Call before a completion is sent, so every later beat of that section carries it too. */
  return (of: TrainingSection, next: boolean) => {
    known.current.set(of, next);
  };
}
