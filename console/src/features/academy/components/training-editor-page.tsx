import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';
import { PanelLoading } from '../../../components/panel-state';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { isApiError } from '../../../lib/api';
import { trainingDraftQuery } from '../api/academy-queries';
import { AcademyRefusal, trainingIdParam } from './academy-refusal';
import { TrainingAssessmentsCard } from './training-assessments-card';
import { TrainingContentForm } from './training-content-form';

/**
 * /closers/training/:jobId: the job owner's editor of its training (content, preview, the
 * assessments). Anyone else is sent to the learner's view, /academy/:jobId.
 */
export function TrainingEditorPage() {
  const jobId = trainingIdParam(useParams().jobId);
  const navigate = useNavigate();
  const draft = useQuery({ ...trainingDraftQuery(jobId), enabled: jobId > 0 });
  const notOwner = isApiError(draft.error, 403);
  useEffect(() => {
    if (notOwner) navigate(`/academy/${jobId}`, { replace: true });
  }, [notOwner, jobId, navigate]);

  if (jobId <= 0 || (draft.isError && !notOwner)) return <AcademyRefusal error={draft.error} what="The training" onRetry={() => void draft.refetch()} />;
  if (draft.isPending || notOwner || !draft.data) return <Card className="p-5"><PanelLoading label="Loading the training" rows={6} /></Card>;
  const d = draft.data;
  return (
    <>
      <PageHeader
        heading={`Training: ${d.jobTitle}`}
        subheading={`${d.companyName} · what your closers read before they sell`}
        actions={d.exists && (
          <>
            <Link to={`/academy/${jobId}`} className={buttonClasses('secondary')}><Eye aria-hidden />View as a closer</Link>
            <Link to={`/academy/${jobId}/progress`} className={buttonClasses('secondary')}>Learners</Link>
          </>
        )}
      />
      <div className="flex flex-col gap-4">
        <TrainingContentForm key={d.version} draft={d} />
        {d.exists
          ? <TrainingAssessmentsCard trainingId={jobId} />
          : <Card className="p-5"><p className="text-sm text-muted">Save the content first; then add the assessments that certify your closers.</p></Card>}
      </div>
    </>
  );
}
