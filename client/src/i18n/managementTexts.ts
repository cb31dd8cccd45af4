// Imported by the management screens (item settings, catalogs, notices, teams, attachments,
// personal settings, admin console): their texts stay out of the reader route's bundle.
import { addTexts } from './index';
import managementEn from './management.en';
import managementZhCN from './management.zh-CN';

addTexts(managementEn, managementZhCN);
