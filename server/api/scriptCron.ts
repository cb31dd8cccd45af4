// /api/ScriptCron/run — ShowDoc's web client calls it on login; runs the cleanup steps.
import { action, controller } from '../http/action';
import * as api from '../../shared/api/scriptCron';
import { runCleanup } from '../domain/housekeeping';

let running: Promise<void> | null = null;

export default controller('scriptCron', {
  run: action(api.run, {
    auth: 'optional',
    async run(req) {
      // one cleanup at a time per process; callers do not wait for it
      if (!running) running = runCleanup(req.deps).finally(() => (running = null));
      return [];
    },
  }),
});
