// Every endpoint of spec §7, grouped by controller. Screens import from here; the shapes of the answers
// they import as types straight from @shared/api/<controller>.
export * as commonApi from './endpoints/common';
export * as userApi from './endpoints/user';
export * as itemApi from './endpoints/item';
export * as catalogApi from './endpoints/catalog';
export * as pageApi from './endpoints/page';
export * as peopleApi from './endpoints/people';
export * as importApi from './endpoints/import';
export * as adminApi from './endpoints/admin';
export * as jobApi from './endpoints/jobs';
export * as exportApi from './endpoints/export';
export * as sheetApi from './endpoints/sheet';
export * as itemGroupApi from './endpoints/itemGroups';
export * as toolsApi from './endpoints/tools';
export * as showdocApi from './endpoints/showdoc';
export { ApiError, call, quietly, configureApiClient } from './http';
export { flag, sameId, type Flag, type Id } from './ids';
