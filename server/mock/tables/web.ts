// Web and colour tables of the mock generator.
export const PROTOCOLS = ['http', 'ftp', 'gopher', 'mailto', 'mid', 'cid', 'news', 'nntp', 'prospero', 'telnet', 'rlogin', 'tn3270', 'wais'];

export const TLDS = (
  'com net org edu gov int mil cn com.cn net.cn gov.cn org.cn io co me info biz cc tv name mobi asia pro travel ' +
  'jp kr hk tw sg uk us de fr ru ca au in br it es nl se ch'
).split(' ');

/** image sizes of @image without a size (common ad formats) */
export const AD_SIZES = ['300x250', '250x250', '240x400', '336x280', '180x150', '720x300', '468x60', '234x60', '88x31', '120x90', '120x60', '120x240', '125x125', '728x90', '160x600', '120x600', '300x600'];

/** @color(name): the named colours of clrs.cc, as Mock.js offers them */
export const NAMED_COLORS = new Map(
  Object.entries({
    navy: '#001F3F',
    blue: '#0074D9',
    aqua: '#7FDBFF',
    teal: '#39CCCC',
    olive: '#3D9970',
    green: '#2ECC40',
    lime: '#01FF70',
    yellow: '#FFDC00',
    orange: '#FF851B',
    red: '#FF4136',
    maroon: '#85144B',
    fuchsia: '#F012BE',
    purple: '#B10DC9',
    silver: '#DDDDDD',
    gray: '#AAAAAA',
    black: '#111111',
    white: '#FFFFFF',
  }),
);
