// A small table of Chinese regions for @region, @province, @city, @county and @id: every
// province-level division with its capital (and a second large city for some), a few districts
// each, and their administrative division codes.
export const REGIONS = ['东北', '华北', '华东', '华中', '华南', '西南', '西北'];

export interface County {
  name: string;
  code: string;
}
export interface City {
  name: string;
  counties: County[];
}
export interface Province {
  name: string;
  cities: City[];
}

/** 'name:code name:code' → counties */
const c = (name: string, list: string): City => ({
  name,
  counties: list.split(' ').map((pair) => {
    const [n, code] = pair.split(':');
    return { name: n, code };
  }),
});

export const PROVINCES: Province[] = [
  { name: '北京', cities: [c('北京市', '东城区:110101 西城区:110102 朝阳区:110105 海淀区:110108')] },
  { name: '天津', cities: [c('天津市', '和平区:120101 河东区:120102 南开区:120104')] },
  { name: '河北省', cities: [c('石家庄市', '长安区:130102 桥西区:130104'), c('唐山市', '路南区:130202 路北区:130203')] },
  { name: '山西省', cities: [c('太原市', '小店区:140105 迎泽区:140106')] },
  { name: '内蒙古自治区', cities: [c('呼和浩特市', '新城区:150102 回民区:150103')] },
  { name: '辽宁省', cities: [c('沈阳市', '和平区:210102 沈河区:210103'), c('大连市', '中山区:210202 西岗区:210203')] },
  { name: '吉林省', cities: [c('长春市', '南关区:220102 宽城区:220103')] },
  { name: '黑龙江省', cities: [c('哈尔滨市', '道里区:230102 南岗区:230103')] },
  { name: '上海', cities: [c('上海市', '黄浦区:310101 徐汇区:310104 长宁区:310105 浦东新区:310115')] },
  { name: '江苏省', cities: [c('南京市', '玄武区:320102 秦淮区:320104'), c('苏州市', '吴中区:320506 姑苏区:320508')] },
  { name: '浙江省', cities: [c('杭州市', '上城区:330102 西湖区:330106'), c('宁波市', '海曙区:330203 江北区:330205')] },
  { name: '安徽省', cities: [c('合肥市', '瑶海区:340102 庐阳区:340103')] },
  { name: '福建省', cities: [c('福州市', '鼓楼区:350102 台江区:350103'), c('厦门市', '思明区:350203 湖里区:350206')] },
  { name: '江西省', cities: [c('南昌市', '东湖区:360102 西湖区:360103')] },
  { name: '山东省', cities: [c('济南市', '历下区:370102 市中区:370103'), c('青岛市', '市南区:370202 市北区:370203')] },
  { name: '河南省', cities: [c('郑州市', '中原区:410102 二七区:410103')] },
  { name: '湖北省', cities: [c('武汉市', '江岸区:420102 武昌区:420106')] },
  { name: '湖南省', cities: [c('长沙市', '芙蓉区:430102 天心区:430103')] },
  { name: '广东省', cities: [c('广州市', '荔湾区:440103 越秀区:440104 天河区:440106'), c('深圳市', '罗湖区:440303 福田区:440304 南山区:440305')] },
  { name: '广西壮族自治区', cities: [c('南宁市', '兴宁区:450102 青秀区:450103')] },
  { name: '海南省', cities: [c('海口市', '秀英区:460105 龙华区:460106')] },
  { name: '重庆', cities: [c('重庆市', '渝中区:500103 江北区:500105 沙坪坝区:500106')] },
  { name: '四川省', cities: [c('成都市', '锦江区:510104 青羊区:510105 武侯区:510107')] },
  { name: '贵州省', cities: [c('贵阳市', '南明区:520102 云岩区:520103')] },
  { name: '云南省', cities: [c('昆明市', '五华区:530102 盘龙区:530103')] },
  { name: '西藏自治区', cities: [c('拉萨市', '城关区:540102')] },
  { name: '陕西省', cities: [c('西安市', '新城区:610102 碑林区:610103 雁塔区:610113')] },
  { name: '甘肃省', cities: [c('兰州市', '城关区:620102 七里河区:620103')] },
  { name: '青海省', cities: [c('西宁市', '城东区:630102 城中区:630103')] },
  { name: '宁夏回族自治区', cities: [c('银川市', '兴庆区:640104 西夏区:640105')] },
  { name: '新疆维吾尔自治区', cities: [c('乌鲁木齐市', '天山区:650102 沙依巴克区:650103')] },
  { name: '台湾', cities: [c('台北市', '中正区:710101 大安区:710106')] },
  { name: '香港特别行政区', cities: [c('香港岛', '中西区:810101 湾仔区:810102')] },
  { name: '澳门特别行政区', cities: [c('澳门半岛', '花地玛堂区:820101 圣安多尼堂区:820102')] },
];
