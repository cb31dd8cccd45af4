// /api/template/*: the caller's own page templates.
import { action, controller } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import * as api from '../../shared/api/template';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from '../domain/templates/templates';
import { presentSavedTemplate, presentTemplate } from '../presenters/pageTemplate';

const notYours = () => new ApiError(ErrorCode.NO_PERMISSION, 'This template does not exist or is not yours');

const getList = action(api.getList, {
  auth: 'required',
  async run(req) {
    return (await listTemplates(req.deps, req.me().uid)).map(presentTemplate);
  },
});

const save = action(api.save, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const row = p.id ? await updateTemplate(req.deps, me.uid, p.id, p.template_title, p.template_content) : await createTemplate(req.deps, me, p.template_title, p.template_content);
    if (!row) throw notYours();
    return presentSavedTemplate(row);
  },
});

const remove = action(api.remove, {
  auth: 'required',
  async run(req, p) {
    if (!(await deleteTemplate(req.deps, req.me().uid, p.id))) throw notYours();
    return [];
  },
});

export default controller('template', { getList, save, delete: remove });
