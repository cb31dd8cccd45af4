// /api/publicSquare/checkEnabled, getPublicItems — the public square (#23).
import { action, controller } from '../http/action';
import { publicSquareOpen, requirePublicSquare } from '../policies/publicSquare';
import { publicItems } from '../domain/publicSquare';
import { presentPublicItems } from '../presenters/publicSquare';
import * as api from '../../shared/api/publicSquare';

const checkEnabled = action(api.checkEnabled, {
  auth: 'optional',
  async run(req) {
    const enable: 0 | 1 = publicSquareOpen(await req.deps.settings.get()) ? 1 : 0;
    return { enable };
  },
});

const getPublicItems = action(api.getPublicItems, {
  auth: 'optional',
  async run(req, p) {
    requirePublicSquare(await req.deps.settings.get(), req.user);
    const { total, rows } = await publicItems(req.deps, { page: p.page, count: p.count, keyword: p.keyword, searchType: p.search_type === 'content' ? 'content' : 'title' });
    return presentPublicItems(total, rows);
  },
});

export default controller('publicSquare', { checkEnabled, getPublicItems });
