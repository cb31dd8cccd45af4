import { controller } from '../http/action';

// item/search lives apart from item.ts (search area)
export default controller('item', {});
