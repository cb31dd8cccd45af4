// How far V8 lets an API process's heap grow past what it keeps alive before a full collection.
// V8's default on a machine with gigabytes free is up to four times the live heap: an API process
// keeping ~70 MB alive reached 340 MB under the bench's 32 connections, past the 300 MB budget
// (DESIGN §7), most of it garbage. At twice the live heap the same run peaks near 220 MB; full
// collections come more often, and the bench's rates did not move beyond its noise (50% cost about
// a tenth on searches and saves). V8 reads this flag at every full collection, so setting it at
// start-up takes effect at once.
import v8 from 'node:v8';

/** the heap may grow `percent` above its live part before the next full collection (0: V8's own rule) */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
