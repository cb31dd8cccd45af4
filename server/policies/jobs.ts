// Background jobs are their user's only: listing, following, cancelling, retrying and downloading
// a job (and its result file) is for the user who started it. Nobody else learns it exists — an
// administrator neither: an export holds what its user could read.
/** May this caller see and act on this job? */
export function canUseJob(viewer: { uid: number } | null, job: { uid: number }): boolean {
  return !!viewer && viewer.uid > 0 && job.uid === viewer.uid;
}
