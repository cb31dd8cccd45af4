// Imported by the management screens (item settings, catalogs, notices, teams, attachments,
// personal settings, admin console): their texts stay out of the reader route's bundle.
import { addTexts } from './index';
import part2En from './part2.en';
import part2ZhCN from './part2.zh-CN';

addTexts(part2En, part2ZhCN);
