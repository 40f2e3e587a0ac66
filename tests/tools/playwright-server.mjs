// Starts a Playwright browser server (for tests of connecting to a remote Playwright server):
// launches Chromium from the path given, prints the WebSocket endpoint, runs until stdin closes.
import { chromium } from 'playwright-core';

const [executablePath] = process.argv.slice(2);
const server = await chromium.launchServer({
  executablePath,
  host: '127.0.0.1',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
         '--disable-background-networking', '--disable-component-update', '--disable-sync',
         // What the page reports as its browser: the test checks it ran here, not in one launched instead.
         '--user-agent=specwright-remote-browser'],
});
console.log(server.wsEndpoint());
process.stdin.resume();
process.stdin.on('end', async () => { await server.close(); process.exit(0); });
