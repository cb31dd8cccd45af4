// zh texts for the jobs area (English template → Chinese).
export const jobs: Record<string, string> = {
  'This job does not exist or is not yours': '该任务不存在或不属于你',
  'This job has already finished': '该任务已经结束',
  'Only a failed job can be retried': '只有失败的任务可以重试',
  'The job queue cannot be reached right now, so nothing was started; please try again in a moment': '暂时无法连接任务队列，任务未启动，请稍后重试',
  'This job has no file to download: it has not finished, or its file was removed 7 days after it finished': '该任务没有可下载的文件：任务尚未完成，或文件已在完成 7 天后删除',
};
