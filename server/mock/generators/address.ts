// @region @province @city @county @zip (Chinese regions, tables/regions.ts).
import { PROVINCES, REGIONS, type County } from '../tables/regions';
import { toInt, type ArgValue } from '../values';
import { chars } from './basic';
import { generator, type GenContext } from './types';

const given = (v: ArgValue) => v !== undefined && v !== null && v !== false && v !== '' && v !== 0 && v !== 'false';

function place(cx: GenContext) {
  const province = cx.chance.pick(PROVINCES)!;
  const city = cx.chance.pick(province.cities)!;
  const county = cx.chance.pick(city.counties)!;
  return { province, city, county };
}

export const randomCounty = (cx: GenContext): County => place(cx).county;

export const address = {
  region: generator([], (_, cx) => cx.chance.pick(REGIONS) ?? ''),
  province: generator([], (_, cx) => place(cx).province.name),
  // (prefix): with the province in front when true
  city: generator(['any'], ([prefix], cx) => {
    const p = place(cx);
    return given(prefix) ? `${p.province.name} ${p.city.name}` : p.city.name;
  }),
  county: generator(['any'], ([prefix], cx) => {
    const p = place(cx);
    return given(prefix) ? `${p.province.name} ${p.city.name} ${p.county.name}` : p.county.name;
  }),
  zip: generator(['number'], ([length], cx) => chars(cx, '0123456789', toInt(length, 0) || 6)),
};
