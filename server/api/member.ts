import { controller } from '../http/action';

export default controller('member', {});
