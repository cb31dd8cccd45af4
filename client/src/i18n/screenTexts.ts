// Imported by the landing page, Downloads and the item export screen: their texts load with them,
// outside the reader route's first bundle.
import { addTexts } from './index';
import screensEn from './screens.en';
import screensZhCN from './screens.zh-CN';

addTexts(screensEn, screensZhCN);
