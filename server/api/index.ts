// Every ShowDoc controller this server answers; one file per controller.
import type { Controller } from '../http/action';
import type { DispatchOptions } from '../http/dispatch';
import user from './user';
import common from './common';
import update from './update';
import scriptCron from './scriptCron';
import item from './item';
import catalog from './catalog';
import page from './page';
import recycle from './recycle';
import template from './template';
import mock, { mockData, mockPath } from './mock';
import open, { itemUpdateByApi } from './open';
import member from './member';
import team from './team';
import teamMember from './teamMember';
import teamItem from './teamItem';
import teamItemMember from './teamItemMember';
import notice from './notice';
import attachment from './attachment';
import adminUser from './adminUser';
import adminItem from './adminItem';
import adminShowdoc from './adminShowdoc';
import adminSetting from './adminSetting';
import adminUpdate from './adminUpdate';
import importController from './import';
import exportController from './export';
import exportHtml from './exportHtml';
import itemSearch from './item/search';
import pageUpload from './page/upload';
import download from './download';
import job from './job';
import sheet from './sheet';
import itemGroup from './itemGroup';
import itemStars from './item/stars';
import itemChangeLog from './item/changeLog';
// issue #20 (C): messages and announcements, the AI answers
import message from './message';
import adminMessage from './adminMessage';
import agent from './agent';
import itemAiConfig from './item/aiConfig';
import pageSqlTable from './page/sqlTable';
import pageLiveDraft from './page/liveDraft';
import templateShares from './templateShares';
import unusedAttachments from './attachmentUnused';
// issue #23: MCP tokens for AI editors (the endpoint itself is server/mcp)
import aiToken from './aiToken';
// issue #23: around the page
import pageComment from './pageComment';
import pageFeedback from './pageFeedback';
import subscription from './subscription';
// issue #23 (D): notice webhook, secret-key sign-in, public square, LDAP user sync
import userPushUrl from './userPushUrl';
import extLoginSecretKey from './extLoginSecretKey';
import adminSettingAccounts from './adminSettingAccounts';
import publicSquare from './publicSquare';
// issue #23: single sign-on
import extLogin from './extLogin';

export const controllers: Controller[] = [
  user,
  common,
  update,
  scriptCron,
  item,
  catalog,
  page,
  recycle,
  template,
  mock,
  open,
  member,
  team,
  teamMember,
  teamItem,
  teamItemMember,
  notice,
  attachment,
  adminUser,
  adminItem,
  adminShowdoc,
  adminSetting,
  adminUpdate,
  importController,
  exportController,
  exportHtml,
  itemSearch,
  itemUpdateByApi,
  pageUpload,
  download,
  job,
  sheet,
  itemGroup,
  itemStars,
  itemChangeLog,
  // issue #20 (C)
  message,
  adminMessage,
  agent,
  itemAiConfig,
  pageSqlTable,
  pageLiveDraft,
  templateShares,
  unusedAttachments,
  aiToken,
  // issue #23
  pageComment,
  pageFeedback,
  subscription,
  // issue #23 (D)
  userPushUrl,
  extLoginSecretKey,
  adminSettingAccounts,
  publicSquare,
  extLogin,
];

/** Routes outside /api: the public mock URLs (filled in by the mock server). */
export const specialRoutes: Pick<DispatchOptions, 'mockPath' | 'mockData'> = { mockPath, mockData };
