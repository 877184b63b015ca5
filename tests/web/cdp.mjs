// cdp.mjs: a small client of the Chrome DevTools protocol over
// --remote-debugging-pipe (messages are JSON ended by a NUL byte; the
// browser reads fd 3 and writes fd 4). Enough to open a page, run script in
// it, click, press keys and take screenshots; no dependency.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const KEYS = {
  Enter: { code: 'Enter', keyCode: 13, text: '\r' },
  Escape: { code: 'Escape', keyCode: 27 },
  ArrowLeft: { code: 'ArrowLeft', keyCode: 37 },
  ArrowUp: { code: 'ArrowUp', keyCode: 38 },
  ArrowRight: { code: 'ArrowRight', keyCode: 39 },
  ArrowDown: { code: 'ArrowDown', keyCode: 40 },
};

function keyInfo(key) {
  if (KEYS[key]) return { key, ...KEYS[key] };
  if (/^[a-z]$/i.test(key)) return { key, code: `Key${key.toUpperCase()}`, keyCode: key.toUpperCase().charCodeAt(0), text: key };
  if (/^[0-9]$/.test(key)) return { key, code: `Digit${key}`, keyCode: key.charCodeAt(0), text: key };
  throw new Error(`no key ${key}`);
}

export class Browser {
  /** Starts headless Chromium with a fresh profile. */
  static async launch(executable = process.env.CHROMIUM || '/usr/bin/chromium') {
    const profile = mkdtempSync(path.join(tmpdir(), 'carc-web-chromium-'));
    const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-default-apps', '--mute-audio', '--hide-scrollbars', `--user-data-dir=${profile}`,
      '--remote-debugging-pipe', 'about:blank'];
    const proc = spawn(executable, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    const b = new Browser(proc, profile);
    await b.send('Target.setDiscoverTargets', { discover: true });
    return b;
  }

  constructor(proc, profile) {
    this.proc = proc;
    this.profile = profile;
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = [];
    this.stderr = '';
    let buf = '';
    proc.stderr.on('data', (d) => { this.stderr = (this.stderr + d).slice(-4000); });
    proc.stdio[4].on('data', (chunk) => {
      buf += chunk.toString('utf8');
      let end;
      while ((end = buf.indexOf('\0')) >= 0) {
        const msg = JSON.parse(buf.slice(0, end));
        buf = buf.slice(end + 1);
        if (msg.id && this.pending.has(msg.id)) {
          const { resolve, reject, method } = this.pending.get(msg.id);
          this.pending.delete(msg.id);
          if (msg.error) reject(new Error(`${method}: ${msg.error.message}`));
          else resolve(msg.result);
        } else if (msg.method) {
          for (const l of this.listeners) l(msg);
        }
      }
    });
    this.exited = new Promise((resolve) => proc.on('exit', resolve));
    this.exited.then(() => {
      for (const { reject, method } of this.pending.values()) reject(new Error(`${method}: chromium exited\n${this.stderr}`));
      this.pending.clear();
    });
  }

  send(method, params = {}, sessionId) {
    const id = this.nextId++;
    const msg = { id, method, params };
    if (sessionId) msg.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.proc.stdio[3].write(`${JSON.stringify(msg)}\0`);
    });
  }

  /** A new tab of the given size. */
  async newPage(width = 1400, height = 900) {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    const page = new Page(this, sessionId, targetId);
    await page.send('Page.enable');
    await page.send('Runtime.enable');
    await page.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
    return page;
  }

  async close() {
    try {
      await Promise.race([this.send('Browser.close'), new Promise((r) => setTimeout(r, 3000))]);
    } catch (e) {
      // already gone
    }
    if (this.proc.exitCode === null) this.proc.kill('SIGKILL');
    await this.exited;
    // Chromium's helper processes may still be writing the profile for a
    // moment after the browser exits (seen under load): retry, as rm -rf
    // would, for up to 10 s; a temporary profile left behind after that is
    // no failure of the page under test (CI once saw ENOTEMPTY after 2 s)
    try {
      rmSync(this.profile, { recursive: true, force: true, maxRetries: 50, retryDelay: 200 });
    } catch (e) {
      console.error(`left the temporary profile ${this.profile}: ${e.message}`);
    }
  }
}

export class Page {
  constructor(browser, sessionId, targetId) {
    this.browser = browser;
    this.sessionId = sessionId;
    this.targetId = targetId;
    this.errors = [];
    browser.listeners.push((msg) => {
      if (msg.sessionId !== sessionId) return;
      if (msg.method === 'Runtime.exceptionThrown') {
        const d = msg.params.exceptionDetails;
        this.errors.push(d.exception ? d.exception.description : d.text);
      } else if (msg.method === 'Runtime.consoleAPICalled' && msg.params.type === 'error') {
        this.errors.push(msg.params.args.map((a) => a.value ?? a.description).join(' '));
      }
    });
  }

  send(method, params) {
    return this.browser.send(method, params, this.sessionId);
  }

  async goto(url) {
    await this.send('Page.navigate', { url });
    await this.waitFor('document.readyState === "complete"');
  }

  /** Runs an expression in the page and returns its value (promises awaited). */
  async eval(expression) {
    const r = await this.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) {
      const d = r.exceptionDetails;
      throw new Error(`in page: ${d.exception ? d.exception.description : d.text}\n  evaluating: ${expression.slice(0, 200)}`);
    }
    return r.result.value;
  }

  async waitFor(expression, timeoutMs = 10000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      if (await this.eval(`!!(${expression})`)) return;
      if (Date.now() > until) throw new Error(`timed out waiting for ${expression}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** The centre of the first element matching `selector` (null when none is shown). */
  async centre(selector) {
    return this.eval(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
      if (!e) return null; const r = e.getBoundingClientRect();
      return r.width && r.height ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null; })()`);
  }

  async clickAt(x, y) {
    for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased']) {
      await this.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: type === 'mouseMoved' ? 0 : 1 });
    }
  }

  /** Clicks the centre of an element; throws if there is none. */
  async click(selector) {
    const c = await this.centre(selector);
    if (!c) throw new Error(`nothing to click: ${selector}`);
    await this.clickAt(c.x, c.y);
  }

  async press(key, modifiers = 0) {
    const k = keyInfo(key);
    const base = { key: k.key, code: k.code, windowsVirtualKeyCode: k.keyCode, nativeVirtualKeyCode: k.keyCode, modifiers };
    await this.send('Input.dispatchKeyEvent', { type: k.text ? 'keyDown' : 'rawKeyDown', ...base, text: k.text });
    await this.send('Input.dispatchKeyEvent', { type: 'keyUp', ...base });
  }

  async screenshot() {
    const { data } = await this.send('Page.captureScreenshot', { format: 'png' });
    return Buffer.from(data, 'base64');
  }
}
