// /api/template/*: the caller's own page templates.
import { action, controller } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { PAGE_CONTENT_MAX_CHARS, PAGE_TITLE_MAX_CHARS } from '../../shared/limits';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from '../domain/templates/templates';
import { presentTemplate } from '../presenters/pageTemplate';

const notYours = () => new ApiError(ErrorCode.NO_PERMISSION, 'This template does not exist or is not yours');

const getList = action({
  auth: 'required',
  async run(req) {
    return (await listTemplates(req.deps, req.me().uid)).map(presentTemplate);
  },
});

const save = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const title = req.params.str('template_title', { required: true, max: PAGE_TITLE_MAX_CHARS });
    const content = req.params.str('template_content', { raw: true, max: PAGE_CONTENT_MAX_CHARS });
    const id = req.params.id('id');
    const row = id ? await updateTemplate(req.deps, me.uid, id, title, content) : await createTemplate(req.deps, me, title, content);
    if (!row) throw notYours();
    return presentTemplate(row);
  },
});

const del = action({
  auth: 'required',
  async run(req) {
    if (!(await deleteTemplate(req.deps, req.me().uid, req.params.id('id')))) throw notYours();
    return [];
  },
});

export default controller('template', { getList, save, delete: del });
