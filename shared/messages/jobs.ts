// zh texts for the jobs area (English template → Chinese): the job controller's refusals, the
// stages every kind reports, and the runner's own failures.
export const jobs: Record<string, string> = {
  'This job does not exist or is not yours': '该任务不存在或不属于你',
  'This job has already finished': '该任务已经结束',
  'Only a failed job can be retried': '只有失败的任务可以重试',
  'The job queue cannot be reached right now, so nothing was started; please try again in a moment': '暂时无法连接任务队列，任务未启动，请稍后重试',
  'This job has no file to download: it has not finished, or its file was removed 7 days after it finished': '该任务没有可下载的文件：任务尚未完成，或文件已在完成 7 天后删除',
  // stages (server/jobs/types.ts JobContext.progress)
  'Checking access': '正在检查权限',
  'Page {n} of {total}': '页面 {n} / {total}',
  Done: '已完成',
  // the runner's failures (server/jobs/runner.ts)
  'The job stopped {count} times before it could finish (its process was killed or ran out of memory)': '任务在完成前已中断 {count} 次（进程被终止或内存不足）',
  'No handler for jobs of kind "{kind}"': '没有处理“{kind}”类任务的程序',
  'The result could not be stored: {reason}': '无法保存任务结果：{reason}',
};
