// Imported by the reader's page extras (comments, feedback, watch): their texts load with them,
// outside the reader route's first bundle.
import { addTexts } from './index';
import aroundPageEn from './aroundPage.en';
import aroundPageZhCN from './aroundPage.zh-CN';

addTexts(aroundPageEn, aroundPageZhCN);
