import { main } from './citybuilder.js';

await main(process.argv.slice(2));
